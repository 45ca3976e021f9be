"""Times are stored as ISO-8601 text in UTC, which sorts in time order."""

from __future__ import annotations

from datetime import UTC, datetime

# What a schedule's '' (due at once) reads as: earlier than any real moment.
DUE_AT_ONCE = datetime.min.replace(tzinfo=UTC)


def to_text(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError("naive datetimes are not stored")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text)


def maybe_from_text(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)
