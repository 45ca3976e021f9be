"""Melding and the Mushroom Circle: the MC says where the party is (`/admin party site`), a
player plans to meld (or make the circle) at the next rest (`/rest meld`), the rest does it,
and in battle the melded site makes Magery (Nature) attacks Ranged and two Damage stronger,
and the circle lets its party Flee from any row by Wood (`/battle flee route:mushroom circle`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.actions import audit
from bot.actions.caverns.common import (
    caverns_sheet,
    party_label,
    party_members,
    party_of,
    require_caverns,
    save,
)
from bot.actions.caverns.parse import yes
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, require_admin
from bot.actions.reply import Reply
from rules.caverns.battle.rows import Combatant
from rules.caverns.conditions import Condition
from rules.caverns.constants import MELD_DAMAGE
from rules.caverns.melding import (
    CIRCLE_WAY,
    MUSHROOM_CIRCLE,
    LandAtRest,
    clean_site,
    flee_by_circle,
    land_at_rest,
    land_skill_names,
    meld_damage,
    meld_flourish,
    meld_reach,
    plan_land,
)
from rules.caverns.moves import FleeResult
from rules.caverns.sheet import CavernsSheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.parties import Party
from storage.caverns.settings import CavernsSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

CLEAR_WORDS = frozenset({"none", "nowhere", "-"})


def _party(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None, now: datetime
) -> Party:
    """The named character's party, else the channel's (as an admin's rest finds it; rests
    imports this module, so it cannot be imported from there)."""
    if character is None:
        return caverns(tx).parties.of_channel(guild.guild_id, actor.channel_id, now)
    return party_of(tx, guild, acting_character(tx, actor, guild, character), actor, now)


def party_site(guild: Guild, party: Party) -> str | None:
    """Where the MC last said the party is (None: not said)."""
    return CavernsSettings.of(guild.settings).party_sites.get(party.id)


def character_site(
    tx: Transaction, actor: Actor, guild: Guild, found: Character, now: datetime
) -> str | None:
    """Where the character's party is."""
    return party_site(guild, party_of(tx, guild, found, actor, now))


@runs_in_database
def set_site(services: Services, actor: Actor, name: str, character: str | None = None) -> Reply:
    """`/admin party site`: the MC says where the party (the channel's, or the named
    character's) is now; "none" forgets it."""
    site = None if name.strip().lower() in CLEAR_WORDS else clean_site(name)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        party = _party(tx, actor, guild, character, now)
        settings = CavernsSettings.of(guild.settings)
        sites = {key: value for key, value in settings.party_sites.items() if key != party.id}
        if site is not None:
            sites[party.id] = site
        settings.model_copy(update={"party_sites": sites}).store_in(guild.settings)
        tx.guilds.save(guild)
        melded = [
            safe(member.name)
            for member in party_members(tx, guild, party)
            if meld_flourish(caverns_sheet(member), site) is not None
        ]
        tx.audit.add(audit.entry(actor, "party", f"{party.name} at {site or 'no site'}", now))
    if site is None:
        return Reply(lines=[f"{party_label(party)} is at no site the bot knows."])
    lines = [f"{party_label(party)} is at {safe(site)}."]
    if melded:
        lines.append("Melded with this site: " + ", ".join(melded) + ".")
    return Reply(lines=lines)


@runs_in_database
def plan(services: Services, actor: Actor, meld: str, character: str | None = None) -> Reply:
    """`/rest meld`: whether to meld with the land (or make a mushroom circle) at the party's
    next rest, where the party then is."""
    wanted = yes(meld, "Meld")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = plan_land(caverns_sheet(found), wanted)
        save(tx, found, sheet)
        site = party_site(guild, party_of(tx, guild, found, actor, now))
        tx.audit.add(
            audit.entry(
                actor, "rest plan", f"land: {'yes' if wanted else 'no'}", now, character=found
            )
        )
    skills = " and ".join(land_skill_names(sheet))
    if not wanted:
        return Reply(
            lines=[f"{safe(found.name)} keeps the land as it is at the next rest."], ephemeral=True
        )
    where = f"at {safe(site)}" if site else "where the MC says the party is"
    return Reply(
        lines=[f"At the party's next rest {safe(found.name)} uses {skills} {where}."],
        ephemeral=True,
    )


def land_after_rest(guild: Guild, party: Party, sheets: Sequence[CavernsSheet]) -> list[LandAtRest]:
    """Each member's meld or circle made at this rest, at the party's site."""
    site = party_site(guild, party)
    return [land_at_rest(sheet, site) for sheet in sheets]


def land_lines(sheet: CavernsSheet) -> list[str]:
    """The sheet's melded site and circle, for `/character show` and `/skill use`."""
    lines = []
    if sheet.meld_site is not None:
        lines.append(f"Melded with: {safe(sheet.meld_site)}")
    if sheet.circle_site is not None:
        lines.append(f"Mushroom circle at: {safe(sheet.circle_site)}")
    if sheet.land_planned:
        lines.append("Melds (or makes the circle) at the next rest")
    return lines


def melded_attack(
    tx: Transaction, actor: Actor, guild: Guild, found: Character, fighter: Combatant, now: datetime
) -> tuple[Combatant, int]:
    """Do Battle at the melded site: the fighter's Magery (Nature) attack reaches as Ranged
    and does two extra Damage (l. 172, 181). Elsewhere, the fighter as it is and no bonus."""
    sheet = caverns_sheet(found)
    if sheet.meld_site is None:
        return fighter, 0
    site = character_site(tx, actor, guild, found, now)
    reach = meld_reach(sheet, site, fighter.range)
    return fighter.model_copy(update={"range": reach}), meld_damage(sheet, site)


def melded_flourish(
    tx: Transaction, actor: Actor, guild: Guild, found: Character, now: datetime
) -> tuple[Condition, ...]:
    """At the site it melded, a Magery (Nature) implement's attacks gain Confused (Fatigue)
    as a Flourish (l. 172, 181)."""
    sheet = caverns_sheet(found)
    if sheet.meld_site is None:
        return ()
    flourish = meld_flourish(sheet, character_site(tx, actor, guild, found, now))
    return () if flourish is None else (flourish,)


def circle_flee(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    found: Character,
    way: str | None,
    dice: DiceSource,
    now: datetime,
) -> FleeResult | None:
    """`/battle flee route:mushroom circle`: Flee from any row by Wood to the circle of the
    fleer or of a member of its party (l. 183). None: the ordinary Flee by the row."""
    if way is None or not way.strip():
        return None
    if " ".join(way.lower().split()) != CIRCLE_WAY:
        raise PawpostError(
            f"{safe(way.strip()[:40])} is not a way to flee; the one there is is {CIRCLE_WAY}."
        )
    party = party_of(tx, guild, found, actor, now)
    allies = [caverns_sheet(m) for m in party_members(tx, guild, party) if m.id != found.id]
    return flee_by_circle(caverns_sheet(found), allies, dice)


def land_use_lines(
    tx: Transaction, actor: Actor, guild: Guild, found: Character, key: str, now: datetime
) -> list[str]:
    """`/skill use` of Melding or Mushroom Circle: they work by themselves; say where the
    meld and circle are, and where the party is."""
    sheet = caverns_sheet(found)
    site = character_site(tx, actor, guild, found, now)
    lines = land_lines(sheet) or ["Nothing melded and no circle yet: plan it with /rest meld."]
    lines.append(f"The party is at {safe(site)}." if site else "The MC has named no site yet.")
    if key == MUSHROOM_CIRCLE and sheet.circle_site is not None:
        lines.append(
            f"Your allies' spores, snorted, take them back to the circle at "
            f"{safe(sheet.circle_site)} (the MC moves them); in battle, /battle flee "
            f"route:{CIRCLE_WAY} flees from any row by +Wood."
        )
    else:
        flourish = meld_flourish(sheet, site)
        if flourish is not None:
            lines.append(
                f"Here your implement's attacks are Ranged, with +{MELD_DAMAGE} Damage and the "
                f"{flourish.label} Flourish."
            )
    return lines
