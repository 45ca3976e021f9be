"""WCAGR's sheet for the GM toolkit: every value an admin may correct (`/admin sheet show|set`),
read and set through the sheet's own model, HP following what it is made of, and WCAGR's own
State field (death and retirement are written on its sheet)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import ValidationError

from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.gm.model_fields import refused
from bot.actions.wcagr.gm_life import killed, leave_scenes, revived
from bot.actions.wcagr.sheet import wcagr_sheet
from bot.gm import SheetField
from rules.errors import PawpostError
from rules.life import Life
from rules.wcagr import (
    ABILITIES,
    KNACKS,
    SKILLS,
    Ability,
    Clan,
    Illness,
    Knack,
    Rank,
    Skill,
    WcagrSheet,
    check_rank_open,
    has_lives,
    rank_info,
    ranks_for,
    retire,
    with_score,
)
from rules.wcagr.constants import (
    ABILITY_MAX,
    ABILITY_MIN,
    HP_BASE,
    KNOCKED_OUT_AT_HP,
    LEADER_LIVES,
    SKILL_MAX,
    SKILL_MIN,
    SPRAIN_REST_SUNRISES,
)
from rules.wcagr.fights import death_roll_at
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr

BOT_USER = 0  # the log's user for what the bot does by itself
STATE = "State"  # WCAGR keeps the core's State itself: its sheet records death and retirement
NONE = ("none", "-", "—")


# --- the sheet's fields ------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One settable value: its name as the sheet shows it, what it takes, how to read it and
    how a sheet takes a new value (the sheet's model validating it)."""

    name: str
    takes: str
    read: Callable[[WcagrSheet], str]
    write: Callable[[WcagrSheet, str], WcagrSheet]


def _number(name: str, text: str, low: int, high: int | None) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise PawpostError(f"{name} is a whole number; you gave {safe(text.strip())}.") from None
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise PawpostError(f"{name} is {span}; you gave {value}.")
    return value


def _score(ability: Ability) -> Field:
    """A score: its pool moves with it, as an age-table gain moves it (`with_score`)."""
    return Field(
        ability.label,
        f"{ABILITY_MIN} to {ABILITY_MAX} (its pool moves with it)",
        lambda s: str(s.score(ability)),
        lambda s, t: with_score(s, ability, _number(ability.label, t, ABILITY_MIN, ABILITY_MAX)),
    )


def _pool(ability: Ability) -> Field:
    name = f"{ability.label} points"
    return Field(
        name,
        "0 or more (points left in the pool)",
        lambda s: str(s.points_left(ability)),
        lambda s, t: s.changed(points=s.points.with_value(ability, _number(name, t, 0, None))),
    )


def _skill(skill: Skill) -> Field:
    name = f"Skill: {skill.label}"
    return Field(
        name,
        f"{SKILL_MIN} to {SKILL_MAX}",
        lambda s: str(s.skill(skill)),
        lambda s, t: s.changed(skills={**s.skills, skill: _number(name, t, SKILL_MIN, SKILL_MAX)}),
    )


def _knack(knack: Knack) -> Field:
    name = f"Knack: {knack.label}"
    most = KNACKS[knack].max_picks

    def write(sheet: WcagrSheet, text: str) -> WcagrSheet:
        picks = _number(name, text, 0, most)
        knacks = {k: n for k, n in sheet.knacks.items() if k is not knack}
        return sheet.changed(knacks={**knacks, **({knack: picks} if picks else {})})

    return Field(
        name,
        f"0 to {most} picks" if most is not None else "0 or more picks",
        lambda s: str(s.picks(knack)),
        write,
    )


def _hp(sheet: WcagrSheet, text: str) -> WcagrSheet:
    """HP is what is left of 5 + age + Strength (l.421): setting it sets the wounds."""
    hp = _number("HP", text, death_roll_at(sheet), sheet.hp_max)
    return sheet.changed(hp_lost=sheet.hp_max - hp)


def _illness(sheet: WcagrSheet, text: str) -> WcagrSheet:
    if text.strip().casefold() in NONE:
        return sheet.changed(illness=None, illness_day=None)
    try:
        illness = Illness(text.strip().casefold())
    except ValueError:
        listed = ", ".join(i.value for i in Illness)
        raise PawpostError(f"Illness is one of {listed}, or none.") from None
    return sheet.changed(illness=illness)  # its day: today, set by `set_field`


def _clan(sheet: WcagrSheet, text: str) -> WcagrSheet:
    try:
        clan = Clan(text.strip().casefold().replace(" ", "-"))
    except ValueError:
        listed = ", ".join(c.value for c in Clan)
        raise PawpostError(f"Clan is one of {listed}.") from None
    return sheet.changed(clan=clan)


def _rank(sheet: WcagrSheet, text: str) -> WcagrSheet:
    if text.strip().casefold() in NONE:
        return sheet.changed(rank=None, lives=None)
    try:
        rank = Rank(text.strip().casefold().replace(" ", "-"))
    except ValueError:
        raise PawpostError(f"{safe(text.strip())} is not a WCAGR rank.") from None
    rank_info(sheet.clan, rank)  # one of the group's
    lives = (sheet.lives or LEADER_LIVES) if has_lives(sheet.clan, rank) else None
    return sheet.changed(rank=rank, lives=lives)


def _lives(sheet: WcagrSheet, text: str) -> WcagrSheet:
    if sheet.lives is None:
        raise PawpostError("Only a Clan's leader has lives; make it the leader first.")
    return sheet.changed(lives=_number("Lives", text, 1, LEADER_LIVES))


def _sprain(sheet: WcagrSheet, text: str) -> WcagrSheet:
    left = _number("Sprain", text, 0, SPRAIN_REST_SUNRISES)
    return sheet.changed(sprain_sunrises_left=left)


def _ranks_of(sheet: WcagrSheet) -> str:
    names = [info.rank.value for info in ranks_for(sheet.clan)]
    return " | ".join(names) + " | none" if names else "none (its group has no ranks)"


def sheet_fields(sheet: WcagrSheet) -> list[Field]:
    """Every value an admin may correct, in the sheet's order."""
    return [
        *(_score(a) for a in ABILITIES),
        *(_pool(a) for a in ABILITIES),
        Field(
            "HP",
            f"{death_roll_at(sheet)} to {sheet.hp_max} ({HP_BASE} + age + Strength; "
            f"{KNOCKED_OUT_AT_HP} or less is knocked out, {death_roll_at(sheet)} the death "
            "roll's edge)",
            lambda s: f"{s.hp} of {s.hp_max}",
            _hp,
        ),
        Field("Age", "0 or more moons", lambda s: str(s.age_moons), _age),
        Field("Clan", " | ".join(c.value for c in Clan), lambda s: s.clan.value, _clan),
        Field("Rank", _ranks_of(sheet), lambda s: "" if s.rank is None else s.rank.value, _rank),
        Field(
            "Lives",
            f"1 to {LEADER_LIVES} (a Clan's leader)",
            lambda s: "" if s.lives is None else str(s.lives),
            _lives,
        ),
        Field(
            "Sprain",
            f"0 to {SPRAIN_REST_SUNRISES} sunrises of rest",
            lambda s: str(s.sprain_sunrises_left),
            _sprain,
        ),
        Field(
            "Illness",
            " | ".join(i.value for i in Illness) + " | none (from today)",
            lambda s: "" if s.illness is None else s.illness.value,
            _illness,
        ),
        *(_skill(s) for s in SKILLS),
        *(_knack(k) for k in Knack),
    ]


def _age(sheet: WcagrSheet, text: str) -> WcagrSheet:
    """The age only, as `/admin age` with negative moons does: gains already taken stay, and
    none are given (that is `/admin age`'s moon by moon)."""
    return sheet.changed(age_moons=_number("Age", text, 0, None))


def fields(tx: Transaction, guild: Guild, character: Character) -> Sequence[SheetField]:
    """`/admin sheet show`: the cat's State (kept on its sheet), then every settable value."""
    sheet = wcagr_sheet(character)
    # Its own State (not the core's): dying and retiring are written on a WCAGR sheet.
    state = SheetField(STATE, character.life.value, "active | dead | retired (an elder) | away")
    return [
        state,
        *(SheetField(f.name, f.read(sheet), f.takes) for f in sheet_fields(sheet)),
    ]


def set_field(
    tx: Transaction, guild: Guild, character: Character, name: str, text: str, now: datetime
) -> list[str]:
    """`/admin sheet set`: the value through the sheet's own model (its bounds, the group's
    ranks, a leader's lives), a rank within its group's counts; returns what changed beyond
    the field itself (HP follows Strength and age)."""
    sheet = wcagr_sheet(character)
    if name == STATE:
        return _set_state(tx, guild, character, text, now)
    field = next(f for f in sheet_fields(sheet) if f.name == name)
    try:
        after = field.write(sheet, text)
    except ValidationError as error:
        raise refused(error, name) from None
    lines: list[str] = []
    if name == "Illness" and after.illness is not None:
        after = after.changed(illness_day=game_day_at(now, guild.settings).number)
    if name in ("Rank", "Clan") and after.rank is not None and after.rank is not sheet.rank:
        holders = wcagr(tx).rank_holders(
            guild.guild_id, after.clan.value, after.rank.value, excluding=character.id
        )
        check_rank_open(after.clan, after.rank, holders)
    if after.hp_max != sheet.hp_max:
        lines.append(f"HP: {sheet.hp} of {sheet.hp_max} → {after.hp} of {after.hp_max}.")
    character.sheet = after
    tx.characters.save_sheet(character)
    return lines


def _set_state(
    tx: Transaction, guild: Guild, character: Character, text: str, now: datetime
) -> list[str]:
    """State on a WCAGR sheet: dead and retired are the sheet's own (its death, its
    retirement as an elder), away is the core's; active undoes any of them."""
    try:
        wanted = Life(text.strip().casefold())
    except ValueError:
        listed = ", ".join(life.value for life in Life)
        raise PawpostError(f"State is one of {listed}; you gave {safe(text.strip())}.") from None
    sheet = wcagr_sheet(character)
    if wanted is Life.DEAD:
        if sheet.dead:
            return []
        lines = killed(tx, character)
        bot = Actor(guild.guild_id, 0, BOT_USER)
        return lines + leave_scenes(tx, bot, guild, character, now)
    if sheet.dead:
        lines = revived(tx, guild, character)
        sheet = wcagr_sheet(character)
    else:
        lines = []
    if wanted is Life.RETIRED and not sheet.retired:
        character.sheet = retire(sheet)
        tx.characters.save_sheet(character)
    elif wanted is not Life.RETIRED and sheet.retired:
        character.sheet = sheet.changed(retired=False)
        tx.characters.save_sheet(character)
    if wanted is Life.AWAY or (wanted is Life.ACTIVE and character.life is Life.AWAY):
        tx.characters.set_life(character, wanted)
    return lines
