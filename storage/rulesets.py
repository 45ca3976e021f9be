"""Storage's registry: the rulesets whose sheets keep some keys in tables of their own
(`storage.sheet_parts`). Imported when first needed, not at start: a ruleset's storage package
imports the core repositories."""

from __future__ import annotations

from storage.sheet_parts import SheetPart
from storage.wcagr.growth import GROWTH

SHEET_PARTS: dict[str, SheetPart] = {"wcagr": GROWTH}
