"""How a cat's owed scars are offered: a button per trait that can take some (as many as it can
take, the rest left to place), a select to split them one scar at a time, a Life where a fight
round gave them, and the form asking why when they go elsewhere than the trait used; and
storing them.

Every choice names how many scars were placed when it was offered (its last part), so a double
or an old click does nothing, after a restart too.
"""

from __future__ import annotations

from datetime import datetime

from bot.actions.cat.common import cat_sheet
from bot.actions.formatting import safe
from bot.actions.reply import Button, Modal, ModalField, Reply, Select, SelectOption, Style
from rules.cat.scars import ScarsPlaced, room_for_scars
from rules.cat.sheet import TRAITS, CatSheet, Trait
from storage.cat import cat
from storage.cat.wounds import Wound, WoundSource
from storage.models import Character
from storage.repositories import Transaction

AREA = "cat-wound"
IN = "in-"  # a trait button's verb: "in-claws"
WHY = "why-"  # the reason form's verb for a trait button: "why-claws"
WHY_ONE = "why-one-"  # the reason form's verb for the select's single scar: "why-one-claws"
MAX_REASON_LENGTH = 200


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
    channel_id: int | None,
) -> Wound:
    """Store scars `character` owes (from the trait it used), to place by the buttons below;
    `channel_id` is where the timeout's placement is told."""
    wound = Wound(
        guild_id=character.guild_id,
        character_id=character.id,
        source=source,
        source_id=source_id,
        trait=trait,
        owed=owed,
        life_allowed=life_allowed,
        created_at=now,
        channel_id=channel_id,
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


def trait_label(wound: Wound, sheet: CatSheet, trait: Trait) -> str:
    """What a trait's button does: all the scars there, or as many as it can take before it is
    Crippled, with how many are then still to place."""
    given = min(wound.left, room_for_scars(sheet, trait))
    if given == wound.left:
        return f"{_plural(given, 'scar')} in {trait.label}"
    return f"{given} in {trait.label} (Crippled), {wound.left - given} more to place"


def wound_buttons(wound: Wound, sheet: CatSheet) -> list[Button]:
    """One button per trait that can take scars, the trait used first; a Life first when it
    may cancel them."""
    order = (wound.trait, *(t for t in TRAITS if t is not wound.trait))
    found = [life_button(wound)] if wound.life_allowed and not wound.placed else []
    return found + [
        Button(
            label=trait_label(wound, sheet, candidate),
            custom_id=_id(wound, IN + candidate.value, wound.placed),
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


def reason_form(wound: Wound, trait: Trait, *, one: bool) -> Modal:
    """Scars put elsewhere than the trait used need a reason (book l. 37: "You have to explain
    to the Narrator why you got a Scar in a particular Trait")."""
    verb = (WHY_ONE if one else WHY) + trait.value
    what = "a scar" if one else "the scar" if wound.left == 1 else "these scars"
    return Modal(
        custom_id=_id(wound, verb, wound.placed),
        title=f"Why {what} in {trait.label}?",
        fields=[
            ModalField(
                key="reason",
                label="Your reason, for the Narrator",
                max_length=MAX_REASON_LENGTH,
                placeholder="Scraped my face on the gutter",
            )
        ],
    )


def wound_reply(wound: Wound, character: Character, lines: list[str] | None = None) -> Reply:
    """A wound's choices as a message: its trait buttons, the split select, a Life."""
    sheet = cat_sheet(character)
    where = (
        f"in {wound.trait.label}, the trait it used, or elsewhere with a reason for the Narrator"
        if room_for_scars(sheet, wound.trait) > 0 and wound.source is not WoundSource.NARRATOR
        else "where they fit"
    )
    return Reply(
        title=f"{safe(character.name)}: {_plural(wound.left, 'scar')} to place",
        lines=[
            *(lines or []),
            f"<@{character.owner_id}> places them (or an admin does): {where}; a Crippled trait "
            "takes none.",
        ],
        buttons=wound_buttons(wound, sheet),
        select=wound_select(wound, sheet),
        mentions=[character.owner_id],
    )


def placed_lines(name: str, placed: ScarsPlaced, reason: str | None = None) -> list[str]:
    """What a placement did: where the scars went (and why), ranks lost, the warning, death."""
    where = ", ".join(f"{count} in {trait.label}" for trait, count in placed.placement.items())
    lines = [f"{safe(name)} takes {where or 'no scars'}" + (f": {safe(reason)}" if reason else ".")]
    for drop in placed.drops:
        lines.append(
            f"Three scars: {drop.trait.label} drops from {drop.before.label} to {drop.after.label}."
        )
    if placed.died:
        lines.append(f"{safe(name)} has four Crippled traits and dies.")
    elif placed.newly_in_danger:
        lines.append(f"{safe(name)} is in real danger: three Crippled traits, and a fourth kills.")
    return lines
