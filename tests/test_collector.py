"""The bot's process tunes Python's collector once started (`bot/discord/client.py`)."""

from __future__ import annotations

import gc

from bot.discord.client import YOUNG_COLLECTION_AFTER, collect_young_less_often


def test_young_objects_are_collected_in_big_batches_the_older_as_before() -> None:
    before = gc.get_threshold()
    try:
        collect_young_less_often()
        assert gc.get_threshold() == (YOUNG_COLLECTION_AFTER, before[1], before[2])
    finally:
        gc.set_threshold(*before)
