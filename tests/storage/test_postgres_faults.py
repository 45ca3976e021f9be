"""PostgreSQL faults around a command (issue 32): a connection lost during COMMIT leaves the
outcome unknown and the player is told so, not "nothing was changed"; a pooled connection the
server closed (a restart) costs no command."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from bot.actions import roll as rolls
from bot.actions.context import Services
from rules.errors import PawpostError
from storage.database import Database
from tests.conftest import ALICE, REGISTRY, Dice, actor

DIES_AT_COMMIT = """
CREATE FUNCTION die_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_terminate_backend(pg_backend_pid());
    RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER die_at_commit AFTER INSERT ON audit_log
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION die_at_commit();
"""


async def test_a_connection_lost_during_commit_says_the_roll_may_have_gone_through(
    postgresql_migrated: str, dice: Dice
) -> None:
    with psycopg.connect(postgresql_migrated, autocommit=True) as connection:
        connection.execute(DIES_AT_COMMIT.encode())
    db = await Database.open(postgresql_migrated)
    try:
        dice.load(12)
        with pytest.raises(PawpostError) as unknown:
            await rolls.roll(Services(db=db, dice=dice, rulesets=REGISTRY), actor(ALICE), "d20")
        assert unknown.value.message == (
            "The bot lost its storage while saving that, so it may have gone through: check"
            " /log before trying again."
        )
    finally:
        await db.close()


async def test_pooled_connections_the_server_closed_cost_no_command(
    postgresql_migrated: str, dice: Dice
) -> None:
    name = f"pawpost_stale_{uuid.uuid4().hex[:8]}"
    db = await Database.open(f"{postgresql_migrated}&application_name={name}")
    try:
        services = Services(db=db, dice=dice, rulesets=REGISTRY)
        dice.load(3)
        await rolls.roll(services, actor(ALICE), "d20")
        with psycopg.connect(postgresql_migrated, autocommit=True) as connection:
            ended = connection.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = %s",
                (name,),
            ).fetchone()
        assert ended is not None and ended[0] >= 1
        dice.load(*[4] * 8)  # a unit run again on a new connection rolls again (unseen)
        reply = await rolls.roll(services, actor(ALICE), "d20")
        assert reply.title == "Roll 1d20"
    finally:
        await db.close()
