"""Taking Risks' sheet builder: a select for the Best trait and one for each Strong trait (the two
left are Good), with what is still to pick shown, and a form for the name and the Reputations
with the points left. Create goes through `/character create`'s own validation."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime

from bot.actions.builder import Builder, Choices, Form, FormField, Pick
from bot.actions.builder.editing import name_clash, store
from bot.actions.cat.cats import add_cat, new_cat
from bot.actions.cat.sheet import cat_fields
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import MAX_NAME_LENGTH
from bot.actions.reply import Reply, ReplyField
from rules.cat.constants import (
    NEW_CAT_BEST_TRAITS,
    NEW_CAT_GOOD_TRAITS,
    NEW_CAT_MAX_REPUTATION_RANK,
    NEW_CAT_REPUTATION_POINTS,
    NEW_CAT_STRONG_TRAITS,
)
from rules.cat.sheet import TRAITS, CatSheet, Rank, Trait, create_sheet, parse_reputations
from rules.dice import DiceSource
from rules.errors import PawpostError
from storage.models import Character, NewCharacter
from storage.repositories import Transaction
from storage.settings import Guild, GuildSettings

# One select per trait a rank takes (issue 17: "trait selects per rank"): the Best trait, then
# the three Strong ones; the two traits left are Good (RULINGS Cat, Traits).
BEST_KEY = "best"
STRONG_KEYS = tuple(f"strong-{number}" for number in range(1, NEW_CAT_STRONG_TRAITS + 1))
PICKED = (BEST_KEY, *STRONG_KEYS)

NAME_AND_REPUTATIONS = Form(
    label="Name and Reputations",
    title="Your new cat",
    fields=(
        FormField("name", "Name", max_length=MAX_NAME_LENGTH),
        FormField(
            "reputations",
            f"Reputations ({NEW_CAT_REPUTATION_POINTS} points, none above "
            f"{NEW_CAT_MAX_REPUTATION_RANK})",
            max_length=200,
            placeholder="Brave 3, Clever 2, Sly 2",
        ),
    ),
)


def _picked(choices: Choices, key: str) -> Trait | None:
    value = choices.get(key)
    return None if value is None else Trait(str(value))


def _chosen(choices: Choices) -> tuple[list[Trait], list[Trait], list[Trait]]:
    """The Best and Strong traits picked so far, and the Good ones: the traits left once all
    of those are picked."""
    best = [trait for trait in (_picked(choices, BEST_KEY),) if trait is not None]
    strong = [trait for key in STRONG_KEYS if (trait := _picked(choices, key)) is not None]
    rest = [trait for trait in TRAITS if trait not in (*best, *strong)]
    done = len(best) + len(strong) == len(PICKED)
    return best, strong, rest if done else []


def _offered(key: str) -> Callable[[GuildSettings, Choices], list[tuple[str, str]]]:
    """A select's traits: those no other select has picked."""

    def offered(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
        taken = {_picked(choices, other) for other in PICKED if other != key}
        return [(trait.label, trait.value) for trait in TRAITS if trait not in taken]

    return offered


def _pick(key: str, label: str) -> Pick:
    return Pick(key, f"{label} trait", lambda settings: [], label=label, offered=_offered(key))


def _reputations(choices: Choices) -> dict[str, int] | str:
    """The Reputations typed so far, or why they cannot be read."""
    try:
        return parse_reputations(str(choices.get("reputations", "")))
    except PawpostError as error:
        return error.message


def _title(choices: Choices) -> str:
    name = choices.get("name")
    return f"A new cat: {safe(str(name))}" if name else "A new Taking Risks cat"


def _named(traits: list[Trait], wanted: int) -> str:
    """The traits picked for a rank, and how many are still to pick."""
    names = ", ".join(trait.label for trait in traits)
    left = wanted - len(traits)
    if not left:
        return names
    return f"{names} ({left} more to pick)" if names else f"{left} to pick"


def _lines(settings: GuildSettings, choices: Choices) -> list[str]:
    best, strong, good = _chosen(choices)
    rest = ", ".join(trait.label for trait in good) or f"the {NEW_CAT_GOOD_TRAITS} traits left"
    lines = [
        f"Best: {_named(best, NEW_CAT_BEST_TRAITS)} · "
        f"Strong: {_named(strong, NEW_CAT_STRONG_TRAITS)} · Good: {rest}."
    ]
    reputations = _reputations(choices)
    if isinstance(reputations, str):
        lines.append(safe(reputations))
    else:
        left = NEW_CAT_REPUTATION_POINTS - sum(reputations.values())
        if left < 0:
            noun = "point" if left == -1 else "points"
            lines.append(
                f"**{-left}** Reputation {noun} too many: a cat has {NEW_CAT_REPUTATION_POINTS}."
            )
        else:
            lines.append(f"**{left}** of {NEW_CAT_REPUTATION_POINTS} Reputation points left.")
    return lines


def _preview(tx: Transaction, guild: Guild, choices: Choices) -> list[ReplyField]:
    """The sheet as `/character show` will show it; until it is a valid cat, the ranks alone."""
    reputations = _reputations(choices)
    if not isinstance(reputations, str):
        with contextlib.suppress(PawpostError):  # not a valid cat yet: the ranks alone below
            return cat_fields(create_sheet(*_chosen(choices), reputations))
    best, strong, good = _chosen(choices)
    ranks = {
        **{trait: Rank.BEST for trait in best},
        **{trait: Rank.STRONG for trait in strong},
        **{trait: Rank.GOOD for trait in good},
    }
    lines = [
        f"**{trait.label}** {ranks[trait].label} → {ranks[trait].dice} dice"
        if trait in ranks
        else f"**{trait.label}** not picked yet"
        for trait in TRAITS
    ]
    return [ReplyField(name="Traits", value="\n".join(lines))]


def _new(actor: Actor, guild: Guild, choices: Choices) -> NewCharacter:
    best, strong, good = _chosen(choices)
    reputations = parse_reputations(str(choices.get("reputations", "")))
    return new_cat(
        actor,
        guild,
        name=str(choices.get("name", "")),
        best=best,
        strong=strong,
        good=good,
        reputations=reputations,
    )


def _problems(tx: Transaction, actor: Actor, guild: Guild, choices: Choices) -> list[str]:
    """What is missing, else what `/character create` would refuse (nothing: ready)."""
    missing = []
    if not choices.get("name"):
        missing.append("Give your cat a name with Name and Reputations.")
    if not choices.get("reputations"):
        missing.append("Give your cat's Reputations with Name and Reputations.")
    best, strong, _ = _chosen(choices)
    for rank, chosen, wanted in (
        (Rank.BEST, best, NEW_CAT_BEST_TRAITS),
        (Rank.STRONG, strong, NEW_CAT_STRONG_TRAITS),
    ):
        short = wanted - len(chosen)
        if short > 0:
            noun = "trait" if short == 1 else "traits"
            missing.append(f"Pick {short} more {rank.label} {noun}.")
    if missing:
        return missing
    try:
        new = _new(actor, guild, choices)
    except PawpostError as error:
        return [error.message]
    clash = name_clash(tx, guild.guild_id, new.name, choices)
    return [] if clash is None else [clash]


def _create(
    tx: Transaction, actor: Actor, guild: Guild, choices: Choices, now: datetime, _dice: DiceSource
) -> Reply:
    return add_cat(tx, actor, _new(actor, guild, choices), now)


def _choices_of(tx: Transaction, guild: Guild, character: Character) -> Choices:
    """A cat's sheet as the builder's choices: its Best and Strong traits (the Good ones are
    those left), its name and its Reputations as typed."""
    sheet = character.sheet
    assert isinstance(sheet, CatSheet)
    ranked = {rank: [t for t in TRAITS if sheet.traits[t].rank is rank] for rank in Rank}
    choices: Choices = {"name": character.name}
    if ranked[Rank.BEST]:
        choices[BEST_KEY] = ranked[Rank.BEST][0].value
    for key, trait in zip(STRONG_KEYS, ranked[Rank.STRONG], strict=False):
        choices[key] = trait.value
    choices["reputations"] = ", ".join(f"{name} {rank}" for name, rank in sheet.reputations.items())
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
    """The changed sheet, made as creation makes it, in place of the turned-down one."""
    new = _new(actor, guild, choices)
    store(tx, character, new.name, new.sheet, None)
    return Reply()


CAT_BUILDER = Builder(
    steps=(
        _pick(BEST_KEY, Rank.BEST.label),
        *(
            _pick(key, f"{Rank.STRONG.label} {number}")
            for number, key in enumerate(STRONG_KEYS, start=1)
        ),
        NAME_AND_REPUTATIONS,
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
