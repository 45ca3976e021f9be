"""Issue 16's "Done when" rehearsed in the console with its clock and scripted dice: a team hunt
with a retry into the fresh-kill pile, a three-cat fight wrestled to a knockout, then a week of
game days (`/clock advance`) that heals the knocked-out kit and turns an untreated whitecough
into greencough, which a medicine cat's herbs then cure."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from bot.actions.context import Services
from bot.console import run_console, script_lines
from bot.rehearsal import ConsoleClock, RehearsalDice
from tests.actions.wcagr.test_console_part2 import FIGHT, HUNT, SCRIPT

SUNDAY = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)
# Up to the knockout: the part-2 script's hunt and fight, without its healing and treatment.
TO_THE_KNOCKOUT = SCRIPT[: SCRIPT.index("/fight status") + 1]
WEEK = [
    "/as user:admin admin:yes",
    "/config game-day channel channel:66",
    "/admin illness give character:Firepaw illness:whitecough reason:'a cold wind'",
    "/clock advance days:7 hours:1",
    '/treat target:Firepaw herbs:"catmint, tansy"',
]
# Entering greencough on the 7th sunrise: d100 50 for redcough, 50 for yellowcough (neither).
GREENCOUGH = [50, 50]


def _in_order(text: str, *parts: str) -> None:
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} not after position {at} in:\n{text}"
        at = found + len(part)


async def test_a_week_of_game_days_rehearsed_in_the_console(services: Services) -> None:
    services.clock = ConsoleClock(SUNDAY)
    services.dice = RehearsalDice([*HUNT, *FIGHT, *GREENCOUGH])
    out = io.StringIO()
    script = [*TO_THE_KNOCKOUT, *WEEK]
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(script), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    _in_order(
        text,
        "Graypaw carries the vole to the ThunderClan fresh-kill pile: 1 ration.",
        "Ravenkit is knocked out until healed to at least 1 HP.",
        "(the clock moved on to Sunday 2026-12-13 10:00 UTC)",
        "-- 2026-12-07 06:00 UTC, posted in #66 --\n== Day 2 dawns ==",
        "Healed 1 HP: Ravenkit (2/8).",  # a moon on Monday: 2 moons, 8 HP at most
        "-- 2026-12-08 06:00 UTC, posted in #66 --\n== Day 3 dawns ==",
        "Healed 1 HP: Ravenkit (3/8).",
        "-- 2026-12-13 06:00 UTC, posted in #66 --\n== Day 8 dawns ==",
        # RULINGS: illness before healing
        "Worse: Firepaw worsens to greencough; dice: Redcough d100 50, Yellowcough d100 50.",
        "Healed 1 HP: Ravenkit (8/8).",
        "Firepaw is cured of greencough.",
    )
    assert text.count("worsens to greencough") == 1  # each game day runs once
