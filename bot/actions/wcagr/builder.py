"""WCAGR's sheet builder: the clan and rank selects (the rank from the clan type's list), − and +
on the three abilities with the points left, and forms for the name and age, the skills and
knacks, and the Loner choices and parent. Create goes through `/character create`'s own
validation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from itertools import combinations, combinations_with_replacement

from bot.actions.builder import Builder, Choices, Counter, Form, FormField, Pick
from bot.actions.builder.editing import edited_id, name_clash, store
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import MAX_NAME_LENGTH, clean_name
from bot.actions.reply import Reply, ReplyField
from bot.actions.wcagr.ageing import waiting_line
from bot.actions.wcagr.cats import create_or_ask, made_sheet, new_cat, new_sheet, parent_of
from bot.actions.wcagr.ranks import NO_RANK
from bot.actions.wcagr.sheet import sheet_lines
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import (
    ABILITIES,
    CLANS,
    SKILLS,
    Ability,
    Clan,
    NewCat,
    Rank,
    Skill,
    WcagrSheet,
    points_left_to_spread,
    rank_info,
    ranks_for,
)
from rules.wcagr.constants import (
    ABILITY_MIN,
    AGE_ABILITY_CHANGE,
    AGE_TABLE_FIRST_MOON,
    CLAN_SKILL_BONUS,
    CREATION_ABILITY_POINTS,
    DEFAULT_AGE_MOONS,
    LONER_ONE_ABILITY_BONUS,
    LONER_SKILL_BONUS,
    LONER_TWO_ABILITIES_BONUS,
    STARTING_KNACKS,
    STARTING_SKILLS,
    TEN_MOONS,
)
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild, GuildSettings

NAME_AND_AGE = Form(
    label="Name and age",
    title="Your new cat",
    fields=(
        FormField("name", "Name", max_length=MAX_NAME_LENGTH),
        FormField(
            "age",
            "Age in moons",
            required=False,
            number=True,
            max_length=3,
            placeholder=str(DEFAULT_AGE_MOONS),
        ),
        FormField(
            "age_choices",
            f"Older cats: the gains from {AGE_TABLE_FIRST_MOON} moons, in order",
            required=False,
            max_length=1000,
            placeholder="Sneak, strength, Track, ... (or leave for later)",
        ),
    ),
)
SKILLS_AND_KNACKS = Form(
    label="Skills and knacks",
    title="Skills and knacks",
    fields=(
        FormField(
            "skills", f"{STARTING_SKILLS} different skills", placeholder="Sneak, Pounce, Bite"
        ),
        FormField(
            "knacks",
            f"{STARTING_KNACKS} different knacks (none under {TEN_MOONS} moons)",
            required=False,
            placeholder="Alertness, Dash, Hide",
        ),
    ),
)
LONER_AND_PARENT = Form(
    label="Loner choices and parent",
    title="Loner choices and parent",
    fields=(
        FormField(
            "loner_abilities",
            f"Loners: one ability (+{LONER_ONE_ABILITY_BONUS}) or two "
            f"(+{LONER_TWO_ABILITIES_BONUS} each)",
            required=False,
            max_length=40,
            placeholder="strength, spirit",
        ),
        FormField(
            "loner_skill",
            f"Loners: the skill raised by {LONER_SKILL_BONUS}",
            required=False,
            max_length=20,
        ),
        FormField("parent", "Parent: a retired cat of yours", required=False, max_length=32),
    ),
)


def _spread(choices: Choices) -> dict[Ability, int]:
    return {a: int(choices.get(a.value, ABILITY_MIN)) for a in ABILITIES}


def _left(choices: Choices) -> int:
    spread = _spread(choices)
    return points_left_to_spread(
        spread[Ability.STRENGTH], spread[Ability.INTELLIGENCE], spread[Ability.SPIRIT]
    )


def _bounds(ability: Ability) -> Callable[[GuildSettings, Choices], tuple[int, int]]:
    def bounds(settings: GuildSettings, choices: Choices) -> tuple[int, int]:
        value = _spread(choices)[ability]
        return ABILITY_MIN, value + max(0, _left(choices))

    return bounds


def _title(choices: Choices) -> str:
    name = choices.get("name")
    return f"A new cat: {safe(str(name))}" if name else "A new WCAGR cat"


def _lines(settings: GuildSettings, choices: Choices) -> list[str]:
    clan = choices.get("clan")
    lines = [
        f"**{_left(choices)}** of {CREATION_ABILITY_POINTS} ability points left to spread "
        f"(each ability at least {ABILITY_MIN})."
    ]
    if not clan:
        return [*lines, "Choose a clan or group."]
    lines.append(f"Clan: {CLANS[Clan(clan)].label}.")
    rank = _rank(choices)
    if rank is not None:
        lines.append(f"Rank: {rank_info(Clan(clan), Rank(rank)).label}.")
    elif ranks_for(Clan(clan)):
        lines.append("Rank: none yet (Rank shows the clan's list).")
    return lines


def _clans(settings: GuildSettings) -> list[tuple[str, str]]:
    return [(CLANS[clan].label, clan.value) for clan in Clan]


def _clan_gives(value: str) -> str:
    """A clan's creation bonuses, as its select shows them."""
    info = CLANS[Clan(value)]
    if info.chooses_bonuses:
        return "Chooses its own bonuses"
    gives = [f"+{n} {ability.label}" for ability, n in info.abilities.items()]
    if info.skill is not None:
        gives.append(f"+{CLAN_SKILL_BONUS} {info.skill.label}")
    return ", ".join(gives) or "No bonus"


def _ranks(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
    """The chosen clan type's ranks, and no rank; none before a clan, or for a group without."""
    clan = choices.get("clan")
    ranks = ranks_for(Clan(clan)) if clan else ()
    if not ranks:
        return []
    return [("No rank", NO_RANK), *((info.label, info.rank.value) for info in ranks)]


def _rank(choices: Choices) -> str | None:
    """The rank picked, if it is one of the chosen clan's (a clan changed since drops it)."""
    rank = choices.get("rank")
    clan = choices.get("clan")
    if rank is None or rank == NO_RANK or not clan:
        return None
    known = {info.rank.value for info in ranks_for(Clan(clan))}
    return str(rank) if rank in known else None


def _bonuses(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
    """The 10-moon +1 (l.24), for a cat of 10 moons or more: picked, so it cannot be mistyped."""
    if _age(choices) < TEN_MOONS:
        return []
    return [
        (f"+{AGE_ABILITY_CHANGE} {a.label}", a.value)
        for a in (Ability.INTELLIGENCE, Ability.SPIRIT)
    ]


def _age(choices: Choices) -> int:
    return int(choices.get("age", DEFAULT_AGE_MOONS))


def _new(choices: Choices) -> NewCat:
    def text(key: str) -> str | None:
        value = choices.get(key)
        return None if value is None else str(value)

    spread = _spread(choices)
    return new_cat(
        clan=str(choices.get("clan", "")),
        strength=spread[Ability.STRENGTH],
        intelligence=spread[Ability.INTELLIGENCE],
        spirit=spread[Ability.SPIRIT],
        skills=str(choices.get("skills", "")),
        knacks=text("knacks"),
        age=_age(choices),
        ten_moon_bonus=text("ten_moon_bonus") if _age(choices) >= TEN_MOONS else None,
        loner_abilities=text("loner_abilities"),
        loner_skill=text("loner_skill"),
        rank=_rank(choices),
        age_choices=text("age_choices"),
    )


def _sheet(tx: Transaction, actor: Actor, guild: Guild, choices: Choices) -> WcagrSheet:
    return new_sheet(tx, actor, guild, _new(choices), excluding=edited_id(choices))


def _preview(tx: Transaction, guild: Guild, choices: Choices) -> list[ReplyField]:
    """The sheet as `/character show` will show it, once the choices make a cat."""
    spread = ", ".join(f"{a.label} {n}" for a, n in _spread(choices).items())
    shown = [ReplyField(name="Creation points", value=spread)]
    try:
        sheet = _sheet(tx, Actor(guild.guild_id, 0, 0, is_admin=True), guild, choices)
    except PawpostError:
        return shown
    return sheet_lines(sheet)


def _problems(tx: Transaction, actor: Actor, guild: Guild, choices: Choices) -> list[str]:
    """What is missing, else what `/character create` would refuse (nothing: ready)."""
    missing = []
    if not choices.get("clan"):
        missing.append("Choose a clan or group from the list.")
    if not choices.get("name"):
        missing.append("Give your cat a name with Name and age.")
    if not choices.get("skills"):
        missing.append("Choose three skills with Skills and knacks.")
    left = _left(choices)
    if left > 0:
        missing.append(f"Spread the {left} ability point{'s' if left > 1 else ''} left.")
    if missing:
        return missing
    try:
        name = clean_name(str(choices["name"]))
        _sheet(tx, actor, guild, choices)
        parent = choices.get("parent")
        parent_of(tx, actor, guild, None if parent is None else str(parent))
    except PawpostError as error:
        return [error.message]
    clash = name_clash(tx, guild.guild_id, name, choices)
    return [] if clash is None else [clash]


def _create(
    tx: Transaction, actor: Actor, guild: Guild, choices: Choices, now: datetime, _dice: DiceSource
) -> Reply:
    name = clean_name(str(choices.get("name", "")))
    parent = choices.get("parent")
    return create_or_ask(
        tx, actor, guild, name, _new(choices), now, None if parent is None else str(parent)
    )


def _same(made: WcagrSheet, kept: WcagrSheet) -> bool:
    """Whether choices made the kept sheet (what play since may change aside)."""
    fields = ("clan", "rank", "age_moons", "abilities", "skills", "knacks")
    pending = [gain.model_dump(exclude={"number"}) for gain in made.pending]
    return all(getattr(made, f) == getattr(kept, f) for f in fields) and pending == [
        gain.model_dump(exclude={"number"}) for gain in kept.pending
    ]


def _loner_options(clan: Clan) -> list[tuple[tuple[Ability, ...], Skill | None]]:
    """Every Loner's (or Rogue's) choice of abilities and skill; none for another group."""
    if not CLANS[clan].chooses_bonuses:
        return [((), None)]
    pairs = [(a,) for a in ABILITIES] + list(combinations_with_replacement(ABILITIES, 2))
    return [(pair, skill) for pair in pairs for skill in SKILLS]


def _made_of(sheet: WcagrSheet) -> NewCat | None:
    """The choices that make the sheet again, searched among the few a sheet leaves open (the
    three starting skills, the 10-moon bonus, a Loner's picks; the spread follows from
    them); None when the age table's gains were answered since (they are not read back)."""
    ages = sheet.age_moons >= TEN_MOONS
    knacks = tuple(sheet.knacks) if ages else ()
    bonuses: list[Ability | None] = [Ability.INTELLIGENCE, Ability.SPIRIT] if ages else [None]
    for loner_abilities, loner_skill in _loner_options(sheet.clan):
        if loner_skill is not None and loner_skill not in sheet.skills:
            continue
        for bonus in bonuses:
            for skills in combinations(sheet.skills, STARTING_SKILLS):
                for spread in _spreads():
                    try:
                        new = NewCat(
                            clan=sheet.clan,
                            rank=sheet.rank,
                            age_moons=sheet.age_moons,
                            skills=skills,
                            knacks=knacks,
                            ten_moon_bonus=bonus,
                            loner_abilities=loner_abilities,
                            loner_skill=loner_skill,
                            strength=spread[Ability.STRENGTH],
                            intelligence=spread[Ability.INTELLIGENCE],
                            spirit=spread[Ability.SPIRIT],
                        )
                        if _same(made_sheet(new), sheet):
                            return new
                    except (PawpostError, ValueError):
                        continue
    return None


def _spreads() -> list[dict[Ability, int]]:
    """Every way to spread the creation points, each ability at least its minimum."""
    top = CREATION_ABILITY_POINTS - ABILITY_MIN * (len(ABILITIES) - 1)
    spreads = []
    for strength in range(ABILITY_MIN, top + 1):
        for intelligence in range(ABILITY_MIN, top + 1):
            spirit = CREATION_ABILITY_POINTS - strength - intelligence
            if spirit >= ABILITY_MIN:
                spreads.append(
                    {
                        Ability.STRENGTH: strength,
                        Ability.INTELLIGENCE: intelligence,
                        Ability.SPIRIT: spirit,
                    }
                )
    return spreads


def _choices_of(tx: Transaction, guild: Guild, character: Character) -> Choices:
    """A cat's sheet as the builder's choices: the group, rank, age, name and parent, and the
    spread, skills, knacks, 10-moon bonus and Loner picks that make the sheet again. Gains of
    the age table answered since are not read back: those fields are left to fill in again."""
    sheet = character.sheet
    assert isinstance(sheet, WcagrSheet)
    choices: Choices = {"name": character.name, "clan": sheet.clan.value, "age": sheet.age_moons}
    if sheet.rank is not None:
        choices["rank"] = sheet.rank.value
    parent = (
        None
        if character.mother_id is None
        else tx.characters.by_id(guild.guild_id, character.mother_id)
    )
    if parent is not None:
        choices["parent"] = parent.name
    new = _made_of(sheet)
    if new is None:
        return choices
    choices.update({a.value: n for a, n in new.spread.items()})
    choices["skills"] = ", ".join(skill.label for skill in new.skills)
    if new.knacks:
        choices["knacks"] = ", ".join(knack.label for knack in new.knacks)
    if new.ten_moon_bonus is not None:
        choices["ten_moon_bonus"] = new.ten_moon_bonus.value
    if new.loner_abilities:
        choices["loner_abilities"] = ", ".join(a.value for a in new.loner_abilities)
    if new.loner_skill is not None:
        choices["loner_skill"] = new.loner_skill.label
    return choices


def _replace(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    choices: Choices,
    character: Character,
    now: datetime,
    _dice: DiceSource,
) -> Reply:
    """The changed sheet, checked as `/character create` checks it (the cat's own rank place
    aside), in place of the turned-down one. The admins' approval it goes back to stands for
    the one an older cat or a ranked one asks at creation."""
    name = clean_name(str(choices.get("name", "")))
    parent_name = choices.get("parent")
    parent = parent_of(tx, actor, guild, None if parent_name is None else str(parent_name))
    sheet = new_sheet(tx, actor, guild, _new(choices), excluding=character.id)
    lines = []
    if sheet.pending:
        sheet = sheet.changed(gains_told=len(sheet.pending))
        lines.append(
            f"{len(sheet.pending)} gain(s) of the age table wait for your choice (/character "
            f"gains): the first is {waiting_line(sheet, sheet.pending[0])}"
        )
    store(tx, character, name, sheet, None if parent is None else parent.id)
    return Reply(lines=lines)


WCAGR_BUILDER = Builder(
    steps=(
        Pick("clan", "Your cat's clan or group", _clans, label="Clan", describe=_clan_gives),
        Pick("rank", "Your cat's rank", lambda s: [], label="Rank", offered=_ranks),
        Pick(
            "ten_moon_bonus",
            f"At {TEN_MOONS} moons: +{AGE_ABILITY_CHANGE} Intelligence or Spirit",
            lambda s: [],
            label=f"{TEN_MOONS}-moon bonus",
            offered=_bonuses,
        ),
        *(Counter(a.value, a.label, _bounds(a), start=ABILITY_MIN) for a in ABILITIES),
        NAME_AND_AGE,
        SKILLS_AND_KNACKS,
        LONER_AND_PARENT,
    ),
    title=_title,
    start=lambda settings: {},
    lines=_lines,
    preview=_preview,
    problems=_problems,
    create=_create,
    choices_of=_choices_of,
    replace=_replace,
)
