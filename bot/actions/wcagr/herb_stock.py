"""The book's extra healing rules (l.275), on a server that keeps them (`/config wcagr
herb-stocks:yes`): a healer gathers herbs fresh or dried (`/herbs gather`), shows what it keeps
and how long each keeps (`/herbs stock`; Herb Lore's third pick doubles it), and a treatment
takes the herbs it names from the healer's stock."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr import Knack
from rules.wcagr.herb_stock import days_left
from rules.wcagr.herbs import find_herb, herbs
from rules.wcagr.illness import SEEDS
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.herbs import Bundle
from storage.wcagr.settings import WcagrSettings

MOST_GATHERED = 10  # bundles gathered by one command (the command's own bound)
MOST_SHOWN = 25


def _kept_on(guild: Guild) -> None:
    if not WcagrSettings.of(guild.settings).herb_stocks:
        raise PawpostError(
            "This server does not keep herb stocks (the book's extra healing rules); an admin "
            "turns them on with /config wcagr herb-stocks:yes."
        )


def _left(bundle: Bundle, today: int, keeper: Character) -> int:
    picks = wcagr_sheet(keeper).picks(Knack.HERB_LORE)
    return days_left(bundle.gathered_day, today, picks, dried=bundle.dried)


@runs_in_database
def gather(
    services: Services,
    actor: Actor,
    herb: str,
    dried: str | None = None,
    count: int = 1,
    character: str | None = None,
) -> Reply:
    """`/herbs gather`: bundles of an herb of the list into the cat's stock, from today (the
    player vouches that they were found, as with `/heal herbs:yes`; logged)."""
    found = find_herb(herb)
    is_dried = (dried or "no").strip().lower() == "yes"
    if not 1 <= count <= MOST_GATHERED:
        raise PawpostError(f"Gather 1 to {MOST_GATHERED} bundles at a time.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        _kept_on(guild)
        cat = acting_character(tx, actor, guild, character)
        today = game_day_at(now, guild.settings).number
        wcagr(tx).herbs.gather(guild.guild_id, cat.id, found.key, is_dried, today, count, now)
        kind = "dried" if is_dried else "fresh"
        tx.audit.add(
            audit.entry(actor, "herbs", f"gathered {count} {kind} {found.name}", now, character=cat)
        )
        keeps = _left(Bundle(id=0, herb=found.key, dried=is_dried, gathered_day=today), today, cat)
    return Reply(
        lines=[
            f"{safe(cat.name)} gathers {count} bundle{'s' if count != 1 else ''} of {kind} "
            f"{found.name}: {keeps} game days before it spoils."
        ]
    )


@runs_in_database(read_only=True)
def stock(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/herbs stock`: the cat's herbs, each with the game days it still keeps."""
    now = services.clock()
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        _kept_on(guild)
        cat = acting_character(tx, actor, guild, character, managing=True)
        today = game_day_at(now, guild.settings).number
        bundles = wcagr(tx).herbs.kept(guild.guild_id, cat.id)
    names = {key: herb.name for key, herb in herbs().items()}
    good = [b for b in bundles if _left(b, today, cat) > 0]
    lines = [
        f"{names.get(b.herb, b.herb)} ({'dried' if b.dried else 'fresh'}): keeps "
        f"{_left(b, today, cat)} more game day{'s' if _left(b, today, cat) != 1 else ''}"
        for b in good[:MOST_SHOWN]
    ]
    spoiled = len(bundles) - len(good)
    if spoiled:
        lines.append(f"{spoiled} bundle{'s have' if spoiled != 1 else ' has'} spoiled.")
    return Reply(title=f"{safe(cat.name)}'s herbs", lines=lines or ["No herbs kept."])


def take_for_treatment(
    tx: Transaction,
    guild: Guild,
    healer: Character,
    given: Sequence[str],
    now: datetime,
) -> list[str]:
    """On a server that keeps herb stocks, a treatment uses one good bundle of each herb it
    names from the healer's stock (the one that would spoil first); one sentence when one is
    missing. Nothing on a server that does not."""
    if not WcagrSettings.of(guild.settings).herb_stocks:
        return []
    today = game_day_at(now, guild.settings).number
    kept = [
        b for b in wcagr(tx).herbs.kept(guild.guild_id, healer.id) if _left(b, today, healer) > 0
    ]
    used: list[Bundle] = []
    for name in given:
        if name.strip().lower() == SEEDS:  # the rumoured seeds are an admin's ruling, not kept
            continue
        key = find_herb(name).key
        bundle = min(
            (b for b in kept if b.herb == key and b not in used),
            key=lambda b: _left(b, today, healer),
            default=None,
        )
        if bundle is None:
            raise PawpostError(
                f"{safe(healer.name)} keeps no good {find_herb(name).name}; gather it with "
                "/herbs gather."
            )
        used.append(bundle)
    wcagr(tx).herbs.use([b.id for b in used], now)
    return [f"From {safe(healer.name)}'s stock: " + ", ".join(_named(b) for b in used) + "."]


def _named(bundle: Bundle) -> str:
    name = herbs()[bundle.herb].name if bundle.herb in herbs() else bundle.herb
    return f"{'dried' if bundle.dried else 'fresh'} {name}"
