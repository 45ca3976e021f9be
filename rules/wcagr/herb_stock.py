"""How long a healer's herbs keep under the book's extra healing rules (l.275): a week fresh,
two weeks dried, twice as long from the third pick of Herb Lore."""

from __future__ import annotations

from rules.wcagr.knacks import herb_keeping_days


def days_left(gathered_day: int, today: int, herb_lore_picks: int, *, dried: bool) -> int:
    """Game days a bundle gathered on `gathered_day` still keeps today: its keeping time less
    its age (a bundle gathered today keeps the whole week); 0 or less is spoiled."""
    return herb_keeping_days(herb_lore_picks, dried=dried) - (today - gathered_day)
