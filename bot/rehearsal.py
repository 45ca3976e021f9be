"""The console's rehearsal tools: a clock it can move on (running the scheduler's jobs as the
time passes) and dice it can script, each scripted face named as such."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta

from bot.actions.context import utc_now
from rules.dice import SystemDice
from rules.errors import PawpostError

# A jump runs the jobs at each moment one falls due; this many in one jump at most (a week of
# hourly game days is 168).
MAX_STEPS = 5000


class ConsoleClock:
    """Starts at a given moment (or now) and runs on with real time; `/clock advance` moves it."""

    def __init__(self, start: datetime | None = None) -> None:
        self._anchor = start if start is not None else utc_now()
        self._at = time.monotonic()

    def __call__(self) -> datetime:
        return self._anchor + timedelta(seconds=time.monotonic() - self._at)

    def set(self, moment: datetime) -> None:
        self._anchor, self._at = moment, time.monotonic()


async def advance(
    clock: ConsoleClock, by: timedelta, run_jobs: Callable[[], Awaitable[datetime | None]]
) -> int:
    """Move the clock on by `by`, running the jobs at every moment one falls due on the way
    (so a week's reminders, reports, game days and timeouts each happen at their time), and
    once more at the end. Returns how many times the jobs ran."""
    target = clock() + by
    steps = 0
    while steps < MAX_STEPS:
        next_due = await run_jobs()
        steps += 1
        if next_due is None or next_due > target:
            break
        clock.set(max(next_due, clock()))
    clock.set(max(target, clock()))
    await run_jobs()
    return steps + 1


class RehearsalDice:
    """The scripted faces in order, then fair dice; `taken()` says which faces a command rolled
    and which of them were scripted, so the console can say so under every roll."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0
        self._fair = SystemDice()
        self._rolled: list[tuple[int, bool]] = []

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            face = self._fair.roll(sides)
            self._rolled.append((face, False))
            return face
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise PawpostError(
                f"The next scripted face is {face}, which a d{sides} cannot roll; "
                "nothing was changed."
            )
        self._next += 1
        self._rolled.append((face, True))
        return face

    def taken(self) -> list[tuple[int, bool]]:
        """The faces rolled since the last call, each with whether it was scripted."""
        rolled, self._rolled = self._rolled, []
        return rolled

    def forget(self) -> None:
        """A command that failed rolled nothing: put its scripted faces back."""
        self._next -= sum(1 for _, scripted in self._rolled if scripted)
        self._rolled = []


def dice_note(rolled: list[tuple[int, bool]]) -> str | None:
    """The line under a reply whose dice were scripted (None when none were)."""
    scripted = [str(face) for face, was in rolled if was]
    if not scripted:
        return None
    fair = len(rolled) - len(scripted)
    rest = f"; {fair} fair" if fair else ""
    return f"  (scripted dice: {', '.join(scripted)}{rest}; not a fair roll)"


def parse_faces(text: str) -> list[int]:
    """`17,4,12` as faces; one sentence for anything else."""
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not part.isascii() or not part.isdigit() or not 1 <= int(part) <= 1000:
            raise PawpostError(
                f"--dice takes faces from 1 to 1000 separated by commas, like 17,4,12; "
                f"not {part!r}."
            )
        faces.append(int(part))
    return faces


def parse_moment(text: str) -> datetime:
    """`2026-12-07T09:00+00:00` as a moment; one sentence for a bad or offset-less one."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise PawpostError(
            f"--clock takes a date and time like 2026-12-07T09:00+00:00, not {text!r}."
        ) from None
    if moment.tzinfo is None:
        raise PawpostError(
            f"--clock needs the time's UTC offset, like {text}+00:00, so no one guesses it."
        )
    return moment
