"""Reading a number on one of the book's tables (attack power, belief extent)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict


class Band(BaseModel):
    """One row of a table: from `lowest` up to the next row's lowest, minus one."""

    model_config = ConfigDict(frozen=True)

    lowest: int
    name: str
    sentence: str


def read_band(value: int, bands: Sequence[Band]) -> Band:
    """The row `value` falls in; `bands` is sorted by `lowest`, and below the first row is an
    error (a miss has no power, a lie not believed has no extent)."""
    if value < bands[0].lowest:
        raise ValueError(f"{value} is below the table, which starts at {bands[0].lowest}")
    found = bands[0]
    for band in bands:
        if value >= band.lowest:
            found = band
    return found
