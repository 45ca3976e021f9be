"""A process serving one server alone (the console, issue 30): the due-work queries and the
outbox see that server's rows only, on both backends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.actions.reply import Reply
from storage.clock import ClockRecord
from storage.database import Database
from storage.outbox import NewPost
from storage.settings import Guild

NOW = datetime(2026, 12, 6, 9, tzinfo=UTC)
MINE, THEIRS = 1, 2


def post(guild_id: int | None, channel_id: int) -> NewPost:
    body = Reply(title=f"for {guild_id}").model_dump_json(exclude_defaults=True)
    return NewPost(channel_id=channel_id, guild_id=guild_id, body=body)


async def test_console_scope_sees_its_own_servers_due_work_only(db: Database) -> None:
    earlier = NOW - timedelta(hours=1)

    def seed(tx) -> None:  # type: ignore[no-untyped-def]
        tx.outbox.add([post(THEIRS, 20), post(None, 21)], earlier)
        tx.clock.save([(ClockRecord(guild=Guild(guild_id=THEIRS)), earlier)])

    await db.transact(seed)
    db.serve_only(MINE)
    try:
        await db.transact(lambda tx: tx.outbox.add([post(None, 10)], earlier))
        taken = await db.transact(lambda tx: tx.outbox.claim(NOW, 50, NOW))
        assert [(p.guild_id, p.channel_id) for p in taken] == [(MINE, 10)]
        assert await db.transact(lambda tx: tx.clock.due(NOW, 50), write=False) == []
        assert await db.transact(lambda tx: tx.clock.earliest_due(), write=False) is None
        assert await db.transact(lambda tx: tx.outbox.earliest_due(), write=False) == earlier
    finally:
        db.serve_only(None)
    taken = await db.transact(lambda tx: tx.outbox.claim(NOW, 50, NOW))
    assert sorted(p.channel_id for p in taken) == [10, 20, 21]
    due = await db.transact(lambda tx: tx.clock.due(NOW, 50), write=False)
    assert [record.guild.guild_id for record in due] == [THEIRS]


async def test_pending_posts_can_all_be_taken_as_sent(db: Database) -> None:
    """What the benchmark does before it times a start (bot/bench/reminders.py)."""
    await db.transact(lambda tx: tx.outbox.add([post(MINE, 10), post(THEIRS, 20)], NOW))
    assert await db.transact(lambda tx: tx.outbox.mark_pending_sent(NOW)) == 2
    assert await db.transact(lambda tx: tx.outbox.pending_count(), write=False) == 0
    assert await db.transact(lambda tx: tx.outbox.claim(NOW, 50, NOW)) == []
