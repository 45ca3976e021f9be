"""A time zone change holds a cat's next hunt until 20 hours after its last one."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from rules.germ.constants import HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE
from rules.germ.hunting import zone_change_wait

HUNT = datetime(2026, 11, 30, 10, tzinfo=UTC)


def test_only_a_change_since_the_last_hunt_holds_the_next_one() -> None:
    assert HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE == 20
    later = HUNT + timedelta(hours=1)
    assert zone_change_wait(later, HUNT) == HUNT + timedelta(hours=20)
    assert zone_change_wait(HUNT - timedelta(minutes=1), HUNT) is None
    assert zone_change_wait(None, HUNT) is None
    assert zone_change_wait(later, None) is None
