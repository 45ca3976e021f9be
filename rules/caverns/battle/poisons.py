"""Poisons (book l. 387-402): a weapon envenomed at a Short Rest, a dose delivered on a
Flourish, Blowgun or an Assassin's dagger, and the victim's one pooled poisoning, whose effects
it suffers on each action while the duration runs down."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.caverns.catalogue import CatalogueItem, ItemKind, Poison, find_poison, item_key
from rules.caverns.conditions import Condition
from rules.caverns.constants import ATTRIBUTE_MIN
from rules.caverns.health import lose_health
from rules.caverns.records import Envenoming, Item, Poisoning
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError

POISON_DURATION_STEP = 1  # l. 389: "then reduce the duration by one turn"
BLOWGUN_TARGETS = 3  # l. 271: "Afflict any three enemies with any one poison"
MANTAKYA = "Mantakya"  # its victim falls Prone at once and cannot stand (l. 398)

# Anatine "causes" Clumsiness (l. 390), which ends at the victim's next roll (l. 355): it comes
# back on every poisoned action. Aleutian and Mantakya act "instantly" (l. 397-398), once.
EVERY_ACTION: frozenset[str] = frozenset({"Anatine"})
# The creatures whose doubles deliver a poison. The Adorath is "Poisoned with Mantakaya"
# (l. 505). Ruling: the book gives the Assassin "two daggers, each with a different poison"
# (l. 559) but not which; Pawpost's are these, the first on odd doubles, the second on even.
CREATURE_POISONS: Mapping[str, tuple[str, ...]] = {
    "Adorath": ("Mantakya",),
    "Assassin": ("Crotamine", "Morphite"),
}


class Delivery(BaseModel):
    """A dose delivered: the victim's poisoning after it, and the conditions due at once."""

    model_config = ConfigDict(frozen=True)

    poisoning: Poisoning
    conditions: tuple[Condition, ...] = ()


class PoisonedAction(BaseModel):
    """What a poisoned victim suffers as it takes an action: conditions to put on it, Health
    and Harmony lost, and the poisoning after the duration drops (None: it has ended)."""

    model_config = ConfigDict(frozen=True)

    poisoning: Poisoning | None
    conditions: tuple[Condition, ...] = ()
    health_lost: int = 0
    harmony_lost: int = 0
    charybdon: bool = False  # Charybdon ended it (else the duration ran out, if it ended)


def deliver(poisoning: Poisoning | None, poison: Poison) -> Delivery:
    """Add the poison's potency to the victim's one duration and its effect to the set
    (l. 389); "instantly" (and Anatine's Clumsiness) comes now."""
    current = poisoning or Poisoning()
    names = current.poisons if poison.name in current.poisons else (*current.poisons, poison.name)
    after = current.model_copy(
        update={"duration": current.duration + poison.potency, "poisons": names}
    )
    at_once = poison.condition if poison.after_turns == 0 else None
    return Delivery(poisoning=after, conditions=() if at_once is None else (at_once,))


def keeps_on(poison: Poison) -> bool:
    """Whether the poison's condition is put back on every poisoned action: Anatine's
    Clumsiness, and Mantakya's Prone, since its victim "cannot stand" (l. 398)."""
    return poison.name in EVERY_ACTION or poison.cannot_stand


def poisoned_action(poisoning: Poisoning) -> PoisonedAction:
    """The victim takes an action (l. 389): it suffers every effect in the set, then the
    duration drops by one; at 0 the poisoning ends. "After three turns" comes on the third
    poisoned action (RULINGS), or the next one for a poison delivered later; Charybdon takes
    Health equal to the duration left and ends the poisoning."""
    actions = poisoning.actions + 1
    conditions: list[Condition] = []
    fired = list(poisoning.fired)
    health = harmony = 0
    charybdon = False
    for poison in (find_poison(name) for name in poisoning.poisons):
        if poison.condition is not None:
            if poison.after_turns == 0:
                if keeps_on(poison):
                    conditions.append(poison.condition)
            elif actions >= (poison.after_turns or 0) and poison.name not in fired:
                conditions.append(poison.condition)
                fired.append(poison.name)
        health += poison.health_per_turn
        harmony += poison.harmony_per_turn
        if poison.ends_after_damage:
            health += poisoning.duration
            charybdon = True
    duration = poisoning.duration - POISON_DURATION_STEP
    after = None
    if duration > 0 and not charybdon:
        after = poisoning.model_copy(
            update={"duration": duration, "actions": actions, "fired": tuple(fired)}
        )
    return PoisonedAction(
        poisoning=after,
        conditions=tuple(conditions),
        health_lost=health,
        harmony_lost=harmony,
        charybdon=charybdon,
    )


def lose_harmony(harmony: int, amount: int) -> int:
    """Escozul's loss, never below -3 (l. 72; NPCs count from 0, l. 429)."""
    return max(ATTRIBUTE_MIN, harmony - amount)


def suffer(sheet: CavernsSheet, action: PoisonedAction) -> CavernsSheet:
    """A character's sheet after a poisoned action's Health and Harmony losses (no armour:
    the poison is already in the blood) and with the poisoning that remains (none once dead:
    one who returns by Vitae comes back whole)."""
    hurt = lose_health(sheet, action.health_lost)
    return hurt.model_copy(
        update={
            "harmony": lose_harmony(hurt.harmony, action.harmony_lost),
            "poisoning": None if hurt.is_dead else action.poisoning,
        }
    )


def carried_poison(sheet: CavernsSheet, name: str) -> tuple[Poison, Item]:
    """One of the book's poisons and the dose of it the character carries."""
    poison = find_poison(name)
    dose = next(
        (
            item
            for item in sheet.equipment
            if item.kind is ItemKind.POISON and item_key(item.name) == item_key(poison.name)
        ),
        None,
    )
    if dose is None:
        raise PawpostError(f"You carry no {poison.name}; buy it on the market first.")
    return poison, dose


def use_up(sheet: CavernsSheet, item: Item) -> CavernsSheet:
    """The sheet without one of the item (a dose of poison spent)."""
    equipment = list(sheet.equipment)
    equipment.remove(item)
    return sheet.model_copy(update={"equipment": tuple(equipment)})


def envenom(
    sheet: CavernsSheet,
    weapon: CatalogueItem,
    poison_item: CatalogueItem,
    rest_id: int,
) -> CavernsSheet:
    """Envenom one weapon with one poison at a Short Rest (l. 389): a character proficient
    with poisons, with an intact weapon and a dose of the poison, once a rest; the dose is
    used up, and the weapon stays envenomed until the next rest."""
    if not weapon.is_weapon:
        raise PawpostError(f"The {weapon.name} is not a weapon.")
    if not any(item_key(i.name) == weapon.key and not i.broken for i in sheet.equipment):
        raise PawpostError(f"You carry no intact {weapon.name}.")
    if poison_item.kind is not ItemKind.POISON:
        raise PawpostError(f"The {poison_item.name} is not a poison.")
    if not sheet.proficient_with(poison_item):
        raise PawpostError(
            f"You are not proficient with poisons, so cannot envenom a weapon with "
            f"{poison_item.name}."
        )
    if sheet.envenom_rest == rest_id:
        raise PawpostError(
            "Your envenoming of this Short Rest is spent (you envenomed then, or have fought "
            "since); envenom at the next one."
        )
    poison, dose = carried_poison(sheet, poison_item.name)
    return use_up(sheet, dose).model_copy(
        update={
            "envenomed": Envenoming(weapon=weapon.name, poison=poison.name),
            "envenom_rest": rest_id,
        }
    )


def poisons_with(sheet: CavernsSheet, weapon: str | None = None) -> Poison | None:
    """The poison an attack delivers instead of a Flourish (l. 389): the envenomed weapon's,
    when the attack is made with it (an attack naming no weapon is made with it)."""
    envenomed = sheet.envenomed
    if envenomed is None:
        return None
    if weapon is not None and item_key(weapon) != item_key(envenomed.weapon):
        return None
    key = item_key(envenomed.weapon)
    if not any(item_key(i.name) == key and not i.broken for i in sheet.equipment):
        return None  # broken or gone since: the poison went with it
    return find_poison(envenomed.poison)


def creature_poison(creature: str | None, first_die: int) -> Poison | None:
    """The poison a creature's doubles deliver (see CREATURE_POISONS); of the Assassin's two
    daggers, odd doubles the first, even the second."""
    names = CREATURE_POISONS.get(creature or "")
    if not names:
        return None
    return find_poison(names[(first_die + 1) % len(names)])


def after_rest(sheet: CavernsSheet) -> CavernsSheet:
    """A rest ends the envenoming (one lasts until the next rest) and any poisoning still
    running: the bot counts a poisoning in battle actions, and a rest outlasts them all."""
    return sheet.model_copy(update={"envenomed": None, "poisoning": None})


def blowgun_targets(text: str) -> tuple[str, list[str]]:
    """Blowgun's typed target (l. 271): "Anatine: Goblin, Rat" or "Anatine, Goblin, Rat" -
    the poison, then one to three enemies."""
    head, colon, tail = text.partition(":")
    parts = [p.strip() for p in (tail if colon else text).replace(";", ",").split(",")]
    names = [p for p in parts if p]
    poison = head.strip() if colon else (names.pop(0) if names else "")
    if not poison or not 1 <= len(names) <= BLOWGUN_TARGETS:
        raise PawpostError(
            f"Give the poison and up to {BLOWGUN_TARGETS} enemies: Anatine: Goblin, Rat, Bat."
        )
    if len({n.lower() for n in names}) != len(names):
        raise PawpostError("Name each enemy once.")
    return poison, names


def describe(poisoning: Poisoning | None) -> str:
    """ "poisoned: 13 turns (Anatine, Anerod)", or nothing."""
    if poisoning is None:
        return ""
    return f"poisoned: {poisoning.duration} turn(s) ({', '.join(poisoning.poisons)})"


def describe_envenoming(envenoming: Envenoming | None) -> str:
    """ "Dagger envenomed with Anatine", or nothing."""
    if envenoming is None:
        return ""
    return f"{envenoming.weapon} envenomed with {envenoming.poison}"
