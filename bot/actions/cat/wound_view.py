"""How a cat's owed scars are offered: a button per trait (all of them from there on), a select
to split them one scar at a time, a Life where a fight round gave them; and storing them."""

from __future__ import annotations

from datetime import datetime

from bot.actions.cat.common import cat_sheet
from bot.actions.formatting import safe
from bot.actions.reply import Button, Reply, Select, SelectOption, Style
from rules.cat.scars import ScarsPlaced, room_for_scars
from rules.cat.sheet import TRAITS, CatSheet, Trait
from storage.cat import cat
from storage.cat.wounds import Wound, WoundSource
from storage.models import Character
from storage.repositories import Transaction

AREA = "cat-wound"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def open_wound(
    tx: Transaction,
    character: Character,
    source: WoundSource,
    source_id: int,
    trait: Trait,
    owed: int,
    now: datetime,
    *,
    life_allowed: bool,
) -> Wound:
    """Store scars `character` owes (from the trait it used), to place by the buttons below."""
    wound = Wound(
        guild_id=character.guild_id,
        character_id=character.id,
        source=source,
        source_id=source_id,
        trait=trait,
        owed=owed,
        life_allowed=life_allowed,
        created_at=now,
    )
    return wound.model_copy(update={"id": cat(tx).wounds.add(wound)})


def _id(wound: Wound, verb: str, arg: int | None = None) -> str:
    return f"pawpost:{AREA}:{wound.id}:{verb}" + ("" if arg is None else f":{arg}")


def show_button(wound: Wound, name: str) -> Button:
    """The button that opens a wound's choices (a fight's message has two of them)."""
    return Button(
        label=f"Place {name}'s {_plural(wound.left, 'scar')}",
        custom_id=_id(wound, "show"),
        style=Style.danger,
    )


def life_button(wound: Wound, *, last: bool = False) -> Button:
    if last:
        return Button(
            label="Spend the last Life on these scars (the cat dies)",
            custom_id=_id(wound, "life-last"),
            style=Style.danger,
        )
    return Button(
        label="Spend a Life: no scars this round",
        custom_id=_id(wound, "life"),
        style=Style.primary,
    )


def wound_buttons(wound: Wound, sheet: CatSheet) -> list[Button]:
    """One button per trait that can take scars, the trait used first (the rest spill over as
    the Narrator would place them); a Life first when it may cancel them."""
    order = (wound.trait, *(t for t in TRAITS if t is not wound.trait))
    found = [life_button(wound)] if wound.life_allowed and not wound.placed else []
    return found + [
        Button(
            label=f"{_plural(wound.left, 'scar')} in {candidate.label}",
            custom_id=_id(wound, "all", TRAITS.index(candidate)),
            style=Style.danger,
        )
        for candidate in order
        if room_for_scars(sheet, candidate) > 0
    ]


def wound_select(wound: Wound, sheet: CatSheet) -> Select | None:
    """Where the scars are to be split: the select puts one scar in the trait picked."""
    if wound.left < 2:
        return None
    return Select(
        custom_id=_id(wound, "one", wound.placed),
        placeholder=f"Or split them: put one of the {wound.left} scars in…",
        options=[
            SelectOption(label=f"One scar in {trait.label}", value=trait.value)
            for trait in TRAITS
            if room_for_scars(sheet, trait) > 0
        ],
    )


def wound_reply(wound: Wound, character: Character, lines: list[str] | None = None) -> Reply:
    """A wound's choices as a message: its trait buttons, the split select, a Life."""
    sheet = cat_sheet(character)
    return Reply(
        title=f"{safe(character.name)}: {_plural(wound.left, 'scar')} to place",
        lines=[
            *(lines or []),
            f"<@{character.owner_id}> places them (or an admin does); a Crippled trait takes none.",
        ],
        buttons=wound_buttons(wound, sheet),
        select=wound_select(wound, sheet),
        mentions=[character.owner_id],
    )


def placed_lines(name: str, placed: ScarsPlaced) -> list[str]:
    """What a placement did: where the scars went, ranks lost, the warning, death."""
    where = ", ".join(f"{count} in {trait.label}" for trait, count in placed.placement.items())
    lines = [f"{safe(name)} takes {where or 'no scars'}."]
    for drop in placed.drops:
        lines.append(
            f"Three scars: {drop.trait.label} drops from {drop.before.label} to {drop.after.label}."
        )
    if placed.died:
        lines.append(f"{safe(name)} has four Crippled traits and dies.")
    elif placed.newly_in_danger:
        lines.append(f"{safe(name)} is in real danger: three Crippled traits, and a fourth kills.")
    return lines
