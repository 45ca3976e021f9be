"""A ruleset's sheet keys kept in a narrow table of its own instead of the sheet's JSON: what a
big job changes for every character (WCAGR's moon: age and waiting gains) is rewritten there,
not in each wide row. The characters' reads set the keys back into the sheet in SQL, and their
writes store them there (`storage.repositories`); the rulesets' parts are in `storage.rulesets`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from storage.connection import Connection
from storage.dialect import Dialect


@dataclass(frozen=True)
class SheetPart:
    """The sheet keys a ruleset keeps apart, how a read sets them back, how a write stores them."""

    keys: frozenset[str]
    # The sheet's whole JSON for a row of the characters table named (or aliased) as given.
    read: Callable[[Dialect, str], str]
    # The stored row of a validated sheet's kept keys, after the character's id.
    values: Callable[[BaseModel], tuple[Any, ...]]
    # Store (character id, *values) rows, replacing any stored for those characters.
    write: Callable[[Connection, Sequence[tuple[Any, ...]]], None]
