"""WCAGR's sheet builder: the clan and rank selects (the rank from the clan type's list), − and +
on the three abilities with the points left, and forms for the name and age, the skills and
knacks, and the Loner choices and parent. Create goes through `/character create`'s own
validation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.actions.builder import Builder, Choices, Counter, Form, FormField, Pick
from bot.actions.characters import name_taken
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import MAX_NAME_LENGTH, clean_name
from bot.actions.reply import Reply, ReplyField
from bot.actions.wcagr.cats import create_or_ask, new_cat, new_sheet, parent_of
from bot.actions.wcagr.ranks import NO_RANK
from bot.actions.wcagr.sheet import sheet_lines
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import (
    ABILITIES,
    CLANS,
    Ability,
    Clan,
    NewCat,
    Rank,
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
    return new_sheet(tx, actor, guild, _new(choices))


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
    if tx.characters.by_name(guild.guild_id, name) is not None:
        return [name_taken(name).message]
    return []


def _create(
    tx: Transaction, actor: Actor, guild: Guild, choices: Choices, now: datetime, _dice: DiceSource
) -> Reply:
    name = clean_name(str(choices.get("name", "")))
    parent = choices.get("parent")
    return create_or_ask(
        tx, actor, guild, name, _new(choices), now, None if parent is None else str(parent)
    )


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
)
