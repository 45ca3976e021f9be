"""Reading what a WCAGR player typed: abilities, skills, knacks, clans and ranks by name, and
lists such as "Sneak, Pounce, Bite" or "Alertness x2, Track". Each refusal is one sentence."""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import TypeVar

from bot.actions.formatting import safe
from rules.errors import PawpostError
from rules.wcagr import ABILITIES, SKILLS, Ability, Clan, Knack, Rank, Skill

E = TypeVar("E", bound=StrEnum)
MOST_SHOWN = 40  # how much of an unknown name a refusal repeats
MOST_ITEMS = 10  # more than any list a WCAGR command takes
NONE_WORDS = frozenset({"", "none", "no", "-", "—"})
_USES = re.compile(r"^(?P<name>.*?)\s*(?:[x×*]\s*(?P<uses>\d{1,2}))?$", re.IGNORECASE | re.DOTALL)


def key(text: str) -> str:
    """A typed name as an enum value: "Small birds" -> "small-birds", "Frog/Toad" -> "frog-toad"."""
    return "-".join(
        text.strip().lower().replace("_", " ").replace("-", " ").replace("/", " ").split()
    )


_key = key


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return safe(text if len(text) <= MOST_SHOWN else text[:MOST_SHOWN] + "…")


def _one(kind: type[E], text: str, what: str, names: Iterable[str]) -> E:
    try:
        return kind(_key(text))
    except ValueError:
        listed = ", ".join(names)
        raise PawpostError(f"{_shown(text)} is not {what}; choose one of {listed}.") from None


def ability(text: str) -> Ability:
    return _one(Ability, text, "an ability", (a.label for a in ABILITIES))


def skill(text: str) -> Skill:
    return _one(Skill, text, "a WCAGR skill", (s.label for s in SKILLS))


def knack(text: str) -> Knack:
    return _one(Knack, text, "a WCAGR knack", (k.label for k in Knack))


def clan(text: str) -> Clan:
    return _one(Clan, text, "a group a cat can come from", (c.label for c in Clan))


def rank(text: str) -> Rank:
    return _one(Rank, text, "a WCAGR rank", (r.value for r in Rank))


def _items(text: str | None) -> list[str]:
    if text is None or _key(text) in NONE_WORDS:
        return []
    items = [item for item in re.split(r"[,;/+&]|\band\b", text) if item.strip()]
    if len(items) > MOST_ITEMS:
        raise PawpostError(f"That lists {len(items)} names; no choice here takes so many.")
    return items


def abilities(text: str | None) -> tuple[Ability, ...]:
    """ "strength" or "strength, spirit"."""
    return tuple(ability(item) for item in _items(text))


def skills(text: str | None) -> tuple[Skill, ...]:
    """ "Sneak, Pounce, Bite", in the order given (the rules refuse repeats)."""
    return tuple(skill(item) for item in _items(text))


def knacks(text: str | None) -> tuple[Knack, ...]:
    """ "Alertness, Dash, Hide", in the order given (the rules refuse repeats)."""
    return tuple(knack(item) for item in _items(text))


def knack_uses(text: str | None) -> dict[Knack, int]:
    """ "Alertness x2, Track": each knack with how many times it is used on the check."""
    uses: dict[Knack, int] = {}
    for item in _items(text):
        match = _USES.match(item.strip())
        name, count = (item, None) if match is None else (match["name"], match["uses"])
        found = knack(name)
        if found in uses:
            raise PawpostError(f"{found.label} is named twice; write it once, as {found.label} x2.")
        uses[found] = 1 if count is None else int(count)
    return uses


def gain_choice(text: str) -> Ability | Skill | Knack:
    """One answer to an age-table gain: an ability, a skill or a knack, by name."""
    key = _key(text)
    for kind in (Ability, Skill, Knack):
        try:
            return kind(key)
        except ValueError:
            continue
    raise PawpostError(f"{_shown(text)} is not an ability, a skill or a knack.")


def gain_choices(text: str | None) -> tuple[Ability | Skill | Knack, ...]:
    """ "Sneak, strength, Track, ...": the age table's gains from 11 moons up, answered in order
    (an older cat's creation)."""
    if text is None or _key(text) in NONE_WORDS:
        return ()
    items = [item for item in re.split(r"[,;/]", text) if item.strip()]
    return tuple(gain_choice(item) for item in items)
