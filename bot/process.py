"""The process's tuning for a burst of commands, set by `pawpost run` for its whole life and by
`pawpost bench` while it times the bot's work (so its figures are the bot's)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# How long a thread keeps the GIL while another waits for it (Python's default 5 ms): under a
# burst the event loop and a database thread, both busy, took it from each other four times as
# often as this allows, and each hand-over costs both (2 % less CPU a command at 32 in flight;
# a long unit's Python holds the loop back at most this long at a time).
GIL_SWITCH_S = 0.01
# How many objects the process makes, less those it frees, before the collector looks at its
# young ones (Python's default 700): discord.py makes hundreds for each interaction, most freed
# at once by their count, so at 700 the collector ran every command or two over objects about
# to go anyway (4-6 % less CPU a command at 32 in flight; 50,000 gave no more). Its full
# passes stay as rare as they were (each ten of the pass before), and the start-up heap is
# frozen out of them (`bot.discord.client.freeze_start_up_heap`).
YOUNG_OBJECTS_A_COLLECTION = 10_000


def tune_process() -> None:
    """Set both, for the rest of the process (the bot's)."""
    sys.setswitchinterval(GIL_SWITCH_S)
    gc.set_threshold(YOUNG_OBJECTS_A_COLLECTION)


@contextmanager
def tuned() -> Iterator[None]:
    """The process tuned as the bot's within the block, as it was after it."""
    switch, threshold = sys.getswitchinterval(), gc.get_threshold()
    tune_process()
    try:
        yield
    finally:
        sys.setswitchinterval(switch)
        gc.set_threshold(*threshold)
