"""The book's herb list (l.467-650, kept as printed in `herbs.txt`), read despite its broken
lines: a name alone on its line, then Description, Location and Usage lines; some entries put
the description (Catmint, Coltsfoot, Honey) or every field (Dock) on the name's line, Mouse Bile
is prose. Lungwort (l.457) and moss (l.461), named elsewhere, are added."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from pydantic import BaseModel, ConfigDict

from rules.errors import PawpostError

FIELDS = ("Description", "Location", "Usage", "Effect")
_FIELD = re.compile(r"\b(" + "|".join(FIELDS) + r"):\s*")
_CITATION = re.compile(r"\[\d+\]")
BOOK_HERBS = 48  # the entries of l.467-650


class Herb(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    location: str = ""
    usage: str = ""
    effect: str = ""

    @property
    def key(self) -> str:
        return herb_key(self.name)


def herb_key(name: str) -> str:
    return " ".join(name.lower().replace("-", " ").split())


def _clean(text: str) -> str:
    return " ".join(_CITATION.sub("", text).split())


def parse_herbs(text: str) -> list[Herb]:
    """Every entry of the list, in the book's order."""
    herbs: list[dict[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        parts = _FIELD.split(line)
        head, labelled = parts[0].strip(), parts[1:]
        current = herbs[-1] if herbs else None
        has_fields = current is not None and any(current.get(f.lower()) for f in FIELDS)
        if head and not labelled and current is not None and not has_fields:
            current["usage"] = _clean(head)  # prose under a bare name: Mouse Bile
            continue
        if head:
            herbs.append({"name": _clean(head)})
        for label, value in zip(labelled[::2], labelled[1::2], strict=True):
            herbs[-1][label.lower()] = _clean(value)
    return [Herb(**herb) for herb in herbs]


EXTRA_HERBS = (
    # l.457 and l.461, 586: named outside the list; their usage as those lines give it.
    Herb(name="Lungwort", usage="Cures yellowcough if given within its quarter-moon."),
    Herb(
        name="Moss",
        usage="Pressed on wounds with cobwebs to stop the bleeding; mouse bile is stored in it.",
    ),
)


@cache
def herbs() -> dict[str, Herb]:
    """The book's herbs and the two named elsewhere, by key."""
    text = files("rules.wcagr").joinpath("herbs.txt").read_text(encoding="utf-8")
    found = [*parse_herbs(text), *EXTRA_HERBS]
    return {herb.key: herb for herb in found}


def find_herb(name: str) -> Herb:
    """An herb by its name, or by the start of it when only one herb starts so."""
    key = herb_key(name)
    known = herbs()
    if key in known:
        return known[key]
    starting = [herb for k, herb in known.items() if k.startswith(key)] if key else []
    if len(starting) == 1:
        return starting[0]
    if starting:
        listed = ", ".join(herb.name for herb in starting)
        raise PawpostError(f"Several herbs start so: {listed}.")
    raise PawpostError(f"The herb list has no {name.strip()[:40]}; try its first letters.")


def herb_names(typed: str) -> list[str]:
    """Autocomplete for `/herb`: the names starting with what was typed, then those holding it."""
    key = herb_key(typed)
    names = [herb.name for herb in herbs().values()]
    starting = [name for name in names if herb_key(name).startswith(key)]
    holding = [name for name in names if key in herb_key(name) and name not in starting]
    return starting + holding


def herb_suggestions(typed: str) -> list[tuple[str, str]]:
    """`herb_names` as autocomplete's (label, value) pairs."""
    return [(name, name) for name in herb_names(typed)]
