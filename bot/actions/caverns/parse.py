"""Reading what a Caverns player typed into the rules' choices; each refusal is one sentence."""

from __future__ import annotations

from bot.actions.caverns.common import items
from bot.actions.formatting import safe
from rules.caverns.attributes import parse_element
from rules.caverns.conditions import Condition, parse_condition
from rules.caverns.records import Implement
from rules.caverns.skills import Totem
from rules.errors import PawpostError


def totem(text: str | None) -> Totem | None:
    if text is None or not text.strip() or text.strip().lower() in ("none", "no", "-"):
        return None
    key = text.strip().lower()
    for found in Totem:
        if key == found.value:
            return found
    names = ", ".join(t.label for t in Totem)
    raise PawpostError(f"{safe(text.strip())} is not a totem; choose {names}.")


def implement(text: str | None) -> Implement | None:
    """ "fire/metal": the element rolled to Do Battle, then the one foes subtract."""
    if text is None or not text.strip():
        return None
    parts = [part for part in text.replace(",", "/").replace(" ", "/").split("/") if part]
    if len(parts) != 2:
        raise PawpostError(
            "Write an implement as two elements, the one you roll and the one foes subtract: "
            '"fire/metal".'
        )
    return Implement(rolls=parse_element(parts[0]), foes_subtract=parse_element(parts[1]))


def conditions(text: str | None) -> tuple[Condition, ...]:
    return tuple(parse_condition(name) for name in items(text))


def optional(text: str | None) -> str | None:
    cleaned = None if text is None else text.strip()
    return cleaned or None


def yes(text: str | None, what: str) -> bool:
    if text is None:
        return False
    cleaned = text.strip().lower()
    if cleaned not in ("yes", "no"):
        raise PawpostError(f"{what} is yes or no; you gave {safe(text)}.")
    return cleaned == "yes"
