"""The names Discord refuses for a webhook's post (any holding "clyde" or "discord"), posted
with a look-alike letter instead: a Cyrillic с for the Latin c both words have."""

from __future__ import annotations

import re

REFUSED = re.compile("clyde|discord", re.IGNORECASE)
LOOK_ALIKE = str.maketrans({"c": "\u0441", "C": "\u0421"})  # Cyrillic es, small and capital


def webhook_name(name: str) -> str:
    """The name as a webhook may post it."""
    return REFUSED.sub(lambda found: found.group(0).translate(LOOK_ALIKE), name)


def name_note(name: str) -> str | None:
    """What the member is told when their name is posted with a look-alike letter."""
    if webhook_name(name) == name:
        return None
    return (
        'Discord refuses names holding "clyde" or "discord" for posts like these, so '
        f"{name} is posted with a look-alike letter (a Cyrillic с)."
    )
