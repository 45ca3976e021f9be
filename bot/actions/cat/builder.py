"""Taking Risks' sheet builder: − and + for each trait's rank (Good, Strong, Best) with what is
still to choose shown, and a form for the name and the Reputations with the points left. Create
goes through `/character create`'s own validation."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime

from bot.actions.builder import Builder, Choices, Counter, Form, FormField
from bot.actions.cat.cats import add_cat, new_cat
from bot.actions.cat.sheet import cat_fields
from bot.actions.characters import name_taken
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import MAX_NAME_LENGTH
from bot.actions.reply import Reply, ReplyField
from rules.cat.constants import (
    NEW_CAT_BEST_TRAITS,
    NEW_CAT_GOOD_TRAITS,
    NEW_CAT_REPUTATION_POINTS,
    NEW_CAT_STRONG_TRAITS,
)
from rules.cat.sheet import TRAITS, Rank, Trait, create_sheet, parse_reputations
from rules.dice import DiceSource
from rules.errors import PawpostError
from storage.models import NewCharacter
from storage.repositories import Transaction
from storage.settings import Guild, GuildSettings

# A trait's counter: 1 Good, 2 Strong, 3 Best (a new cat's three ranks, RULINGS Cat, Traits).
LADDER = (Rank.GOOD, Rank.STRONG, Rank.BEST)
WANTED = {
    Rank.BEST: NEW_CAT_BEST_TRAITS,
    Rank.STRONG: NEW_CAT_STRONG_TRAITS,
    Rank.GOOD: NEW_CAT_GOOD_TRAITS,
}

NAME_AND_REPUTATIONS = Form(
    label="Name and Reputations",
    title="Your new cat",
    fields=(
        FormField("name", "Name", max_length=MAX_NAME_LENGTH),
        FormField(
            "reputations",
            f"Reputations ({NEW_CAT_REPUTATION_POINTS} points, none above 3)",
            max_length=200,
            placeholder="Brave 3, Clever 2, Sly 2",
        ),
    ),
)


def _ranks(choices: Choices) -> dict[Trait, Rank]:
    found = {}
    for trait in TRAITS:
        step = int(choices.get(trait.value, 1))
        found[trait] = LADDER[min(max(step, 1), len(LADDER)) - 1]
    return found


def _with_rank(ranks: dict[Trait, Rank], rank: Rank) -> list[Trait]:
    return [trait for trait, held in ranks.items() if held is rank]


def _bounds(trait: Trait) -> Callable[[GuildSettings, Choices], tuple[int, int]]:
    def bounds(settings: GuildSettings, choices: Choices) -> tuple[int, int]:
        ranks = _ranks(choices)
        others = {t: r for t, r in ranks.items() if t is not trait}
        high = 1
        for step, rank in enumerate(LADDER[1:], start=2):
            if ranks[trait] is rank or len(_with_rank(others, rank)) < WANTED[rank]:
                high = step
        return 1, high

    return bounds


def _reputations(choices: Choices) -> dict[str, int] | str:
    """The Reputations typed so far, or why they cannot be read."""
    try:
        return parse_reputations(str(choices.get("reputations", "")))
    except PawpostError as error:
        return error.message


def _title(choices: Choices) -> str:
    name = choices.get("name")
    return f"A new cat: {safe(str(name))}" if name else "A new Taking Risks cat"


def _lines(settings: GuildSettings, choices: Choices) -> list[str]:
    ranks = _ranks(choices)
    counts = ", ".join(
        f"{len(_with_rank(ranks, rank))} of {WANTED[rank]} {rank.label}" for rank in WANTED
    )
    lines = [f"Traits: {counts}."]
    reputations = _reputations(choices)
    if isinstance(reputations, str):
        lines.append(safe(reputations))
    else:
        left = NEW_CAT_REPUTATION_POINTS - sum(reputations.values())
        if left < 0:
            lines.append(
                f"**{-left}** Reputation points too many: a cat has {NEW_CAT_REPUTATION_POINTS}."
            )
        else:
            lines.append(f"**{left}** of {NEW_CAT_REPUTATION_POINTS} Reputation points left.")
    return lines


def _chosen(choices: Choices) -> tuple[list[Trait], list[Trait], list[Trait]]:
    ranks = _ranks(choices)
    return (
        _with_rank(ranks, Rank.BEST),
        _with_rank(ranks, Rank.STRONG),
        _with_rank(ranks, Rank.GOOD),
    )


def _preview(tx: Transaction, guild: Guild, choices: Choices) -> list[ReplyField]:
    """The sheet as `/character show` will show it; until it is a valid cat, the ranks alone."""
    reputations = _reputations(choices)
    if not isinstance(reputations, str):
        with contextlib.suppress(PawpostError):  # not a valid cat yet: the ranks alone below
            return cat_fields(create_sheet(*_chosen(choices), reputations))
    ranks = _ranks(choices)
    lines = [f"**{trait.label}** {rank.label} → {rank.dice} dice" for trait, rank in ranks.items()]
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
    ranks = _ranks(choices)
    for rank in (Rank.BEST, Rank.STRONG):
        short = WANTED[rank] - len(_with_rank(ranks, rank))
        if short > 0:
            noun = "trait" if short == 1 else "traits"
            missing.append(f"Raise {short} more {noun} to {rank.label}.")
    if missing:
        return missing
    try:
        new = _new(actor, guild, choices)
    except PawpostError as error:
        return [error.message]
    if tx.characters.by_name(guild.guild_id, new.name) is not None:
        return [name_taken(new.name).message]
    return []


def _create(
    tx: Transaction, actor: Actor, guild: Guild, choices: Choices, now: datetime, _dice: DiceSource
) -> Reply:
    return add_cat(tx, actor, _new(actor, guild, choices), now)


CAT_BUILDER = Builder(
    steps=(
        *(Counter(trait.value, trait.label, _bounds(trait), start=1) for trait in TRAITS),
        NAME_AND_REPUTATIONS,
    ),
    title=_title,
    start=lambda settings: {},
    lines=_lines,
    preview=_preview,
    problems=_problems,
    create=_create,
)
