"""Germ's sheet builder: − and + for each of the six stats with the points left shown, and a form
for the name, age and mother. Create goes through `/character create`'s own validation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.actions.builder import Builder, Choices, Counter, Form, FormField
from bot.actions.builder.editing import edited_id, name_clash, store
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.germ.cats import add_cat, new_cat
from bot.actions.germ.mothers import ask, needs_acceptance, withdraw_waiting
from bot.actions.germ.sheet import cat_fields
from bot.actions.lookup import MAX_NAME_LENGTH
from bot.actions.reply import Reply, ReplyField
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.germ.constants import MAX_AGE_MOONS
from rules.germ.sheet import STATS, GermSheet, Stat, check_age, points_left, stat_bounds
from storage.germ import germ
from storage.germ.settings import GermSettings
from storage.models import Character, NewCharacter
from storage.repositories import Transaction
from storage.settings import Guild, GuildSettings

NAME_AND_AGE = Form(
    label="Name and age",
    title="Your new cat",
    fields=(
        FormField("name", "Name", max_length=MAX_NAME_LENGTH),
        FormField("age", "Age in moons", number=True, max_length=4, placeholder="12"),
        FormField(
            "mother",
            "Mother",
            required=False,
            max_length=MAX_NAME_LENGTH,
            placeholder="The name of a cat already in the server",
        ),
    ),
)


def _stats(choices: Choices) -> dict[Stat, int]:
    return {stat: int(choices.get(stat.value, 0)) for stat in STATS}


def _bounds(stat: Stat) -> Callable[[GuildSettings, Choices], tuple[int, int]]:
    def bounds(settings: GuildSettings, choices: Choices) -> tuple[int, int]:
        germ = GermSettings.of(settings)
        return stat_bounds(_stats(choices), stat, germ.points_to_spend, germ.max_points_in_stat)

    return bounds


def _title(choices: Choices) -> str:
    name = choices.get("name")
    return f"A new cat: {safe(str(name))}" if name else "A new Germ cat"


def _lines(settings: GuildSettings, choices: Choices) -> list[str]:
    germ = GermSettings.of(settings)
    left = points_left(_stats(choices), germ.points_to_spend)
    most = f"at most {germ.max_points_in_stat} in one stat"
    if left < 0:
        return [f"**{-left}** too many points spent: a cat has {germ.points_to_spend} ({most})."]
    return [f"**{left}** of {germ.points_to_spend} points left to spend ({most})."]


def _mother_id(tx: Transaction, guild: Guild, choices: Choices) -> int | None:
    mother = choices.get("mother")
    found = None if mother is None else tx.characters.by_name(guild.guild_id, str(mother))
    return None if found is None else found.id


def _preview(tx: Transaction, guild: Guild, choices: Choices) -> list[ReplyField]:
    """The sheet as `/character show` will show it; before an age is given, the stats alone."""
    stats = _stats(choices)
    age = choices.get("age")
    if not isinstance(age, int) or not 0 <= age <= MAX_AGE_MOONS:
        lines = [f"**{stat.label}** {points}" for stat, points in stats.items()]
        return [
            ReplyField(name="Stats", value="\n".join(lines)),
            ReplyField(name="Age", value="not given yet", inline=True),
        ]
    sheet = GermSheet.model_validate(
        {"age_moons": age, **{stat.value: points for stat, points in stats.items()}}
    )
    return cat_fields(tx, guild.guild_id, sheet, None, _mother_id(tx, guild, choices))


def _new(
    tx: Transaction, actor: Actor, guild: Guild, choices: Choices, kit_id: int | None = None
) -> NewCharacter:
    mother = choices.get("mother")
    return new_cat(
        tx,
        actor,
        guild,
        name=str(choices.get("name", "")),
        stats=_stats(choices),
        age=int(choices["age"]),
        mother=None if mother is None else str(mother),
        kit_id=kit_id if kit_id is not None else edited_id(choices),
    )


def _problems(tx: Transaction, actor: Actor, guild: Guild, choices: Choices) -> list[str]:
    """What is missing, else what `/character create` would refuse (nothing: ready)."""
    missing = []
    if not choices.get("name"):
        missing.append("Give your cat a name with Name and age.")
    if "age" not in choices:
        missing.append("Give your cat's age in moons with Name and age.")
    else:
        try:
            check_age(int(choices["age"]))
        except PawpostError as error:
            missing.append(error.message)
    left = points_left(_stats(choices), GermSettings.of(guild.settings).points_to_spend)
    if left > 0:
        missing.append(f"Spend the {left} point{'s' if left > 1 else ''} left on the stats.")
    if missing:
        return missing
    try:
        new = _new(tx, actor, guild, choices)
    except PawpostError as error:
        return [error.message]
    clash = name_clash(tx, guild.guild_id, new.name, choices)
    return [] if clash is None else [clash]


def _create(
    tx: Transaction, actor: Actor, guild: Guild, choices: Choices, now: datetime, _dice: DiceSource
) -> Reply:
    return add_cat(tx, actor, _new(tx, actor, guild, choices), now)


def _choices_of(tx: Transaction, guild: Guild, character: Character) -> Choices:
    """A cat's sheet as the builder's choices: its stats, name, age and mother (the one named
    and still asked to accept, too)."""
    sheet = character.sheet
    assert isinstance(sheet, GermSheet)
    choices: Choices = {stat.value: sheet.points(stat) for stat in STATS}
    choices.update(name=character.name, age=sheet.age_moons)
    mother_id = character.mother_id
    if mother_id is None:
        asked = germ(tx).mothers.waiting_for_kit(guild.guild_id, character.id)
        mother_id = asked[-1].mother_id if asked else None
    mother = None if mother_id is None else tx.characters.by_id(guild.guild_id, mother_id)
    if mother is not None:
        choices["mother"] = mother.name
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
    """The changed sheet in place of the turned-down one. A mother kept stays (asked still, if
    she was); another player's cat newly named is asked to accept, as at creation."""
    new = _new(tx, actor, guild, choices, character.id)
    asked = [r.mother_id for r in germ(tx).mothers.waiting_for_kit(guild.guild_id, character.id)]
    mother = None if new.mother_id is None else tx.characters.by_id(guild.guild_id, new.mother_id)
    if mother is not None and mother.id in asked:
        store(tx, character, new.name, new.sheet, None)  # still waiting for her player
        return Reply()
    if mother is None or not needs_acceptance(character.owner_id, mother):
        if mother is None or mother.id != character.mother_id:
            withdraw_waiting(tx, actor, character, now)
        store(tx, character, new.name, new.sheet, new.mother_id)
        return Reply()
    store(tx, character, new.name, new.sheet, None)
    request = ask(tx, actor, character, mother, now)
    return Reply(
        lines=[f"{safe(mother.name)}'s player is asked to accept {safe(character.name)} as kit."],
        announce=request,
    )


GERM_BUILDER = Builder(
    steps=(*(Counter(stat.value, stat.label, _bounds(stat)) for stat in STATS), NAME_AND_AGE),
    title=_title,
    start=lambda settings: {},
    lines=_lines,
    preview=_preview,
    problems=_problems,
    create=_create,
    all_points=True,  # 22 points over six stats: one form, not 22 clicks
    choices_of=_choices_of,
    replace=_replace,
)
