"""The console rehearses a whole week (issue 13): its clock starts where it is told and moves on
with `/clock advance`, the scheduler's jobs post as the time passes (each at its moment), the
scripted dice say so under every roll, `/buttons` and `/click` reach any open message, numbers
are bounded as Discord bounds them, and Ctrl-C ends the console cleanly."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.console import run_console, script_lines
from bot.registry import RULESETS
from bot.rehearsal import parse_faces, parse_moment
from rules.errors import PawpostError

ROOT = Path(__file__).resolve().parent.parent
SUNDAY = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)

FIREPAW = (
    "/character create name:Firepaw strength:4 agility:4 charisma:4 intelligence:4 stealth:3"
    " perception:3 age:12"
)
TIGERCLAW = (
    "/character create name:Tigerclaw strength:6 agility:4 charisma:2 intelligence:2 stealth:4"
    " perception:4 age:40"
)
WEEK = f"""\
/as user:boss admin:yes
/config reminders on channel:55 weekday:monday hour:10
/config admin-channel channel:77
/config game-day channel channel:66
/as user:alice
{FIREPAW}
/as user:bob
{TIGERCLAW}
/contest stat:strength target:Firepaw
/check stat:stealth dc:8
/clock
/clock advance days:7 hours:2
/buttons
/as user:boss admin:yes
/click 2
/check stat:stealth dc:8
/clock advance minutes:0
/roll expression:d20 reason:x
/character list page:9007199254740993
"""


async def rehearse(tmp_path: Path, script: str, **options: object) -> str:
    out = io.StringIO()
    code = await run_console(
        str(tmp_path / "rehearsal.sqlite3"),
        1,
        "alice",
        False,
        script_lines(script.splitlines()),
        out,
        echo=True,
        rulesets=RULESETS,
        **options,  # type: ignore[arg-type]
    )
    assert code == 0, out.getvalue()
    return out.getvalue()


def in_order(text: str, *parts: str) -> None:
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} not after position {at} in:\n{text}"
        at = found + len(part)


async def test_a_week_rehearsed_posts_each_job_at_its_moment(tmp_path: Path) -> None:
    shown = await rehearse(tmp_path, WEEK, clock=SUNDAY, dice=[17, 4, 12])
    in_order(
        shown,
        "Tigerclaw: d20 17 + Strength 6 = 23",
        "  (scripted dice: 17; not a fair roll)",
        "d20 4 + Stealth 4 = 8",
        "  (scripted dice: 4; not a fair roll)",
        "> /clock\nIt is Sunday 2026-12-06 09:00 UTC.",
        "(the clock moved on to Sunday 2026-12-13 11:00 UTC)",
        "-- 2026-12-07 00:00 UTC, posted in #77 --\n== Week of 2026-11-30: who missed the hunt ==",
        "-- 2026-12-07 06:00 UTC, posted in #66 --\n== Day 2 dawns ==",
        "-- 2026-12-07 09:00 UTC, posted in #1 --\n== A contest is waiting ==",
        "-- 2026-12-07 10:00 UTC, posted in #55 --\n== Hunting reminder ==",
        "Firepaw — @alice",
        "-- 2026-12-13 06:00 UTC, posted in #66 --\n== Day 8 dawns ==",
        # /buttons lists every open message, the contest's first post and the timeout notice
        "Tigerclaw contests Firepaw: Strength vs Agility:\n  [1] Roll Agility",
        "A contest is waiting:\n  [2] Roll for the defender",
        # the admin presses the older message's button: the script's last scripted face
        "Firepaw: d20 12 + Agility 4 = 16",
        "  (scripted dice: 12; not a fair roll)",
        "error: The clock moves on by a minute to 366 days at a time.",
        "error: page must be between -9007199254740991 and 9007199254740991, as on Discord.",
    )
    assert shown.count("== Hunting reminder ==") == 1
    assert shown.count("== Day 8 dawns ==") == 1
    # the script has run out: the next rolls are fair and carry no note
    after = shown[shown.index("> /check stat:stealth dc:8", shown.index("/click 2")) :]
    assert "scripted dice" not in after.split("> /clock advance minutes:0")[0]


async def test_a_scripted_face_the_die_cannot_show_is_one_sentence(tmp_path: Path) -> None:
    script = "/roll expression:d6 reason:test\n/roll expression:d20 reason:test\n"
    shown = await rehearse(tmp_path, script, clock=SUNDAY, dice=[17])
    in_order(
        shown,
        "error: The next scripted face is 17, which a d6 cannot roll; nothing was changed.",
        "d20",
        "  (scripted dice: 17; not a fair roll)",
    )


async def test_without_a_clock_the_console_says_how_to_get_one(tmp_path: Path) -> None:
    shown = await rehearse(tmp_path, "/clock advance days:1\n")
    assert "error: This console runs on the real clock; start it with --clock." in shown


def test_clock_and_dice_options_are_read_or_refused_in_one_sentence() -> None:
    assert parse_moment("2026-12-07T09:00+00:00") == datetime(2026, 12, 7, 9, tzinfo=UTC)
    assert parse_faces("17, 4,12") == [17, 4, 12]
    with pytest.raises(PawpostError, match=r"needs the time's UTC offset"):
        parse_moment("2026-12-07T09:00")
    with pytest.raises(PawpostError, match=r"like 2026-12-07T09:00\+00:00, not 'monday'"):
        parse_moment("monday")
    with pytest.raises(PawpostError, match=r"not 'x'"):
        parse_faces("17,x")


def test_ctrl_c_ends_the_console_cleanly(tmp_path: Path) -> None:
    console = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "console", "--db", str(tmp_path / "c.sqlite3")],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert console.stdout is not None
        assert console.stdout.readline().startswith("Pawpost console")
        time.sleep(1.0)  # at the prompt, waiting for a line
        console.send_signal(signal.SIGINT)
        _, errors = console.communicate(timeout=10)
    finally:
        if console.poll() is None:
            console.kill()
    assert console.returncode == 130
    assert "Traceback" not in errors
