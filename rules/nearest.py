"""The nearest names to one nobody knows, for a refusal that says what was probably meant."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

NEAREST = 3
CUTOFF = 0.6  # difflib's similarity below which a name is not offered (its own default)


def nearest(name: str, known: Iterable[str], count: int = NEAREST) -> list[str]:
    """The known names most like `name` (any case), best first."""
    by_key = {candidate.casefold(): candidate for candidate in known}
    found = difflib.get_close_matches(name.strip().casefold(), by_key, n=count, cutoff=CUTOFF)
    return [by_key[key] for key in found]


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """ " The nearest: A, B." to end a refusal with, or "" when nothing is near."""
    found = nearest(name, known)
    return f" The nearest: {', '.join(found)}." if found else ""
