"""Healing in battle (book l. 224-229), the pure part: the skills' keys, Curing's three and
Anesthesia's cap on the Health lost."""

from __future__ import annotations

# Skill keys, as the sheets store them.
EMPATHY = "healing:empathy"
ANESTHESIA = "healing:anesthesia"
IMMUNIZE = "healing:immunize"
CURING = "healing:curing"
FARHEAL = "healing:farheal"
BEDEVIL = "healing:bedevil"

CURING_MOST = 3  # "cure up to three conditions" (l. 227)
ANESTHESIA_MOST = 1  # "no more than one Health from any source" (l. 225)
ANESTHESIA_NOTE = "Anesthesia"  # its Fatigue's note: the cap lasts as long as that Fatigue


def anesthetised(amount: int) -> int:
    """Under Anesthesia's Fatigue a creature loses at most one Health from any source."""
    return min(amount, ANESTHESIA_MOST)
