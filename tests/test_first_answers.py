"""When the bot defers an interaction (issue 32): at its own age (its id's time), sooner and
oldest first while many wait, at most DEFERS_AT_ONCE at once, never one that is past Discord's
deadline nor one whose reply came first. Stand-in interactions with real ids, no Discord."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord

from bot.discord.client import CROWDED_AT, DEFERS_AT_ONCE, Deferral, FirstAnswers


class _Response:
    def __init__(self, interaction_id: int, sent: list[int]) -> None:
        self._id = interaction_id
        self._sent = sent

    async def defer(self, **_: Any) -> None:
        self._sent.append(self._id)
        await asyncio.sleep(0)


class _Interaction:
    """What a deferral reads of an interaction: its id (made `seconds_ago`), type and message,
    and the response whose `defer` it calls."""

    type = discord.InteractionType.application_command
    message = None

    def __init__(self, seconds_ago: float, sent: list[int], number: int = 0) -> None:
        made = int((time.time() - seconds_ago) * 1000)
        self.id = ((made - discord.utils.DISCORD_EPOCH) << 22) | number
        self.response = _Response(self.id, sent)


async def watched(
    answers: FirstAnswers, interaction: _Interaction
) -> tuple[Deferral, asyncio.Task[None]]:
    """Watch an interaction from a task of its own, as the bot answers each one; the task then
    waits, as a command waiting for its work would, until it is cancelled."""
    found: asyncio.Future[Deferral] = asyncio.get_running_loop().create_future()

    async def command() -> None:
        found.set_result(answers.watch(interaction, ephemeral=False))  # type: ignore[arg-type]
        await asyncio.Event().wait()

    task = asyncio.ensure_future(command())
    return await found, task


async def test_a_lone_interaction_is_deferred_when_it_is_old_enough() -> None:
    answers = FirstAnswers(defer_at_age=2.0)
    sent: list[int] = []
    deferral = answers.watch(_Interaction(0.5, sent), ephemeral=False)  # type: ignore[arg-type]
    left = deferral.due - time.monotonic()
    assert 1.4 <= left <= 1.5  # at 2 s of its own age, not 2 s after it came
    assert answers.waiting == 1 and list(answers.planned.values()) == [deferral]
    assert await deferral.settled() is None  # the reply came first: no defer
    assert not deferral.deferred and not answers.planned and sent == []


async def test_while_many_wait_the_oldest_are_deferred_at_once_in_order() -> None:
    answers = FirstAnswers(defer_at_age=2.0)
    sent: list[int] = []
    oldest = answers.watch(_Interaction(1.0, sent), ephemeral=False)  # type: ignore[arg-type]
    second = answers.watch(_Interaction(0.0, sent, 1), ephemeral=False)  # type: ignore[arg-type]
    assert list(answers.planned.values()) == [oldest, second]  # two waiting: nothing hurried
    burst = [_Interaction(0.0, sent, n) for n in range(2, 500)]
    deferrals = [answers.watch(i, ephemeral=False) for i in burst]  # type: ignore[arg-type]
    assert not answers.planned  # 500 waiting: every defer is sent now, not at 2 s of age
    everyone = [oldest, second, *deferrals]
    assert all(d.deferred for d in everyone)
    await asyncio.gather(*(d._deferring for d in everyone if d._deferring is not None))
    # oldest first, in the order they came (DEFERS_AT_ONCE at a time, each waiting its turn)
    assert sent == [_id(d) for d in everyone]
    assert answers.waiting == 0


def _id(deferral: Deferral) -> int:
    return int(deferral._interaction.id)


async def test_a_defer_that_waited_past_the_deadline_is_not_sent() -> None:
    answers = FirstAnswers(defer_at_age=2.0)
    sent: list[int] = []
    for _ in range(DEFERS_AT_ONCE):  # every sending slot is taken
        await answers.sending.acquire()
    deferral, task = await watched(answers, _Interaction(2.2, sent))  # due now: waits a slot
    assert deferral.deferred and deferral._gone is not None
    await asyncio.sleep(deferral._gone - time.time() + 0.05)  # until it is 3.5 s old
    for _ in range(DEFERS_AT_ONCE):
        answers.sending.release()
    await asyncio.wait({task}, timeout=5)
    assert sent == []  # no request for an interaction Discord has dropped
    assert deferral.expired
    assert task.cancelled()  # its command's work, still waiting, is dropped
    assert answers.waiting == 0


async def test_a_reply_ready_before_its_defers_turn_sends_no_defer() -> None:
    answers = FirstAnswers(defer_at_age=2.0)
    sent: list[int] = []
    for _ in range(DEFERS_AT_ONCE):
        await answers.sending.acquire()
    deferral = answers.watch(_Interaction(2.0, sent), ephemeral=False)  # type: ignore[arg-type]
    await asyncio.sleep(0)  # its defer waits for a slot
    assert deferral.deferred
    assert await deferral.settled() is None
    assert not deferral.deferred
    for _ in range(DEFERS_AT_ONCE):
        answers.sending.release()
    await asyncio.sleep(0.01)
    assert sent == [] and answers.waiting == 0


async def test_more_than_a_few_interactions_waiting_are_a_burst() -> None:
    """A burst sends quick writes to the database thread (`Database.run_quick_write`)."""
    answers = FirstAnswers(defer_at_age=2.0)
    deferrals = []
    for number in range(CROWDED_AT):
        interaction = _Interaction(0.0, [], number)
        deferrals.append(answers.watch(interaction, ephemeral=False))  # type: ignore[arg-type]
    assert not answers.crowded()
    one_more = answers.watch(_Interaction(0.0, [], CROWDED_AT), ephemeral=False)  # type: ignore[arg-type]
    assert answers.crowded()
    one_more.answered()
    assert not answers.crowded()
    for deferral in deferrals:
        deferral.cancel()


async def test_one_timer_defers_each_at_its_own_time() -> None:
    answers = FirstAnswers(defer_at_age=2.5)
    sent = _Sent()
    young, _ = await watched(answers, _Interaction(0.0, sent, 1))  # due in 2.5 s
    old, _ = await watched(answers, _Interaction(2.4, sent, 2))  # came later, due sooner
    answered, _ = await watched(answers, _Interaction(1.0, sent, 3))
    assert answers.timer.at == old.due  # armed again for the earliest
    assert await answered.settled() is None  # its reply came first
    await asyncio.wait_for(sent.reach(1), 5)
    assert sent == [_id(old)]
    assert not young.deferred and not answered.deferred
    assert answers.timer.at == young.due  # armed for the one left, not the answered one
    assert await young.settled() is None  # its reply came in time: no defer, nothing planned
    assert not answers.planned and sent == [_id(old)]


class _Sent(list[int]):
    """The ids deferred, which a test can wait for."""

    def __init__(self) -> None:
        super().__init__()
        self._grew = asyncio.Event()

    def append(self, item: int) -> None:
        super().append(item)
        self._grew.set()

    async def reach(self, count: int) -> None:
        while len(self) < count:
            self._grew.clear()
            await self._grew.wait()
