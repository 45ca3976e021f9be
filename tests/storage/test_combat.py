"""The combat tables: version-checked saves, one active combat a cat, the log, the due waits."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from rules.dice import ScriptedDice
from rules.germ.combat_turns import accept, decide_first, start_combat
from rules.germ.sheet import GermSheet
from storage.combat import AlreadyFighting, Combat, CombatAction
from storage.database import Database
from storage.models import NewCharacter
from storage.repositories import Transaction

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
GUILD, OTHER_GUILD, CHANNEL = 1000, 2000, 10
SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
)


async def _cat(tx: Transaction, name: str, owner: int, guild: int = GUILD) -> int:
    new = NewCharacter(guild_id=guild, owner_id=owner, name=name, ruleset="germ", sheet=SHEET)
    return (await tx.characters.add(new, NOW)).id


async def _combat(
    tx: Transaction, fighters: tuple[int, ...], due: datetime | None = None
) -> Combat:
    combat = Combat(
        guild_id=GUILD,
        channel_id=CHANNEL,
        created_by=1,
        state=start_combat(fighters),
        created_at=NOW,
        updated_at=NOW,
        due_at=due,
    )
    combat.id = await tx.combat.add(combat)
    await tx.combat.add_fighters(GUILD, combat.id, fighters)
    return combat


@pytest.fixture
async def cats(db: Database) -> tuple[int, int, int]:
    async with db.transaction() as tx:
        return (
            await _cat(tx, "Firepaw", 101),
            await _cat(tx, "Tigerclaw", 102),
            await _cat(tx, "Longtail", 103),
        )


async def test_a_save_is_refused_when_the_stored_version_moved_on(db, cats) -> None:
    ash, birch, _ = cats
    async with db.transaction() as tx:
        combat = await _combat(tx, (ash, birch))
    state, _ = accept(combat.state, birch, ScriptedDice([]), {})
    moved = combat.model_copy(update={"state": state})
    async with db.transaction() as tx:
        assert await tx.combat.save(moved, expected_version=0)
        assert not await tx.combat.save(moved, expected_version=0)
        stored = await tx.combat.get(GUILD, combat.id)
        assert await tx.combat.get(OTHER_GUILD, combat.id) is None
    assert stored is not None
    assert stored.state == state
    assert stored.state.version == 1


async def test_a_cat_is_in_at_most_one_active_combat(db, cats) -> None:
    ash, birch, longtail = cats
    async with db.transaction() as tx:
        first = await _combat(tx, (ash, birch))
    with pytest.raises(AlreadyFighting):
        async with db.transaction() as tx:
            await _combat(tx, (longtail, birch))
    async with db.transaction() as tx:
        assert await tx.combat.fighting(GUILD, (ash, birch, longtail)) == {
            ash: first.id,
            birch: first.id,
        }
        assert await tx.combat.fighting_for_player(GUILD, 102) == [(birch, first.id)]
        assert await tx.combat.fighting_for_player(OTHER_GUILD, 102) == []
        await tx.combat.release_fighters(GUILD, first.id, (birch,))
        second = await _combat(tx, (longtail, birch))
        assert await tx.combat.fighting(GUILD, (birch,)) == {birch: second.id}
        assert [c.id for c in await tx.combat.active(GUILD, 10)] == [first.id, second.id]
        channel = await tx.combat.active_in_channel(GUILD, CHANNEL, 10)
        assert [c.id for c in channel] == [first.id, second.id]
        assert await tx.combat.active_in_channel(GUILD, CHANNEL + 1, 10) == []


async def test_the_log_keeps_one_action_per_version_and_the_hits(db, cats) -> None:
    ash, birch, _ = cats
    async with db.transaction() as tx:
        combat = await _combat(tx, (ash, birch))

    def action(version: int, power: int | None = None) -> CombatAction:
        return CombatAction(
            guild_id=GUILD,
            combat_id=combat.id,
            version=version,
            round=version,
            user_id=101,
            character_id=ash,
            action="attack",
            summary=f"step {version}",
            target_id=None if power is None else birch,
            power=power,
            created_at=NOW,
        )

    async with db.transaction() as tx:
        for version, power in ((0, None), (1, 9), (2, None), (3, 17)):
            await tx.combat.add_action(action(version, power))
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as tx:
            await tx.combat.add_action(action(3))
    async with db.transaction(write=False) as tx:
        recent = await tx.combat.recent_actions(GUILD, combat.id, 2)
        hits = await tx.combat.hits(GUILD, combat.id)
        assert await tx.combat.recent_actions(OTHER_GUILD, combat.id, 2) == []
    assert [a.summary for a in recent] == ["step 3", "step 2"]
    assert hits == [(birch, 9), (birch, 17)]


async def test_due_waits_are_found_once_and_a_new_state_rearms_them(db, cats) -> None:
    ash, birch, longtail = cats
    async with db.transaction() as tx:
        late = await _combat(tx, (ash, birch), due=NOW + timedelta(hours=1))
        sandpaw = await _cat(tx, "Sandpaw", 104)
        later = await _combat(tx, (longtail, sandpaw), NOW + timedelta(hours=5))
    async with db.transaction() as tx:
        assert await tx.combat.due(NOW, 10) == []
        assert await tx.combat.next_due() == NOW + timedelta(hours=1)
        due = await tx.combat.due(NOW + timedelta(hours=2), 10)
        assert [c.id for c in due] == [late.id]
        await tx.combat.mark_reminded(due, NOW + timedelta(hours=2))
        assert await tx.combat.due(NOW + timedelta(hours=2), 10) == []
        assert await tx.combat.next_due() == NOW + timedelta(hours=5)

        # The next step of the late combat waits anew, and is reminded anew.
        state, _ = accept(late.state, birch, ScriptedDice([]), {})
        state, _ = decide_first(state, ash)
        moved = late.model_copy(update={"state": state, "due_at": NOW + timedelta(hours=3)})
        assert await tx.combat.save(moved, late.state.version)
        assert [c.id for c in await tx.combat.due(NOW + timedelta(hours=4), 10)] == [late.id]
        # A reminder made for an older state is not recorded.
        await tx.combat.mark_reminded([late], NOW + timedelta(hours=4))
        assert [c.id for c in await tx.combat.due(NOW + timedelta(hours=4), 10)] == [late.id]
    assert later.id != late.id


async def test_every_combat_query_uses_an_index(db, cats) -> None:
    """Run each repository query while tracing, then check SQLite's plan for a table scan."""
    ash, birch, _ = cats
    statements: list[str] = []
    async with db.transaction() as tx:
        connection = tx.combat._db
        await connection.set_trace_callback(statements.append)
        combat = await _combat(tx, (ash, birch), due=NOW)
        await tx.combat.get(GUILD, combat.id)
        await tx.combat.save(combat, 0)
        await tx.combat.fighting(GUILD, (ash, birch))
        await tx.combat.fighting_for_player(GUILD, 101)
        await tx.combat.active(GUILD, 10)
        await tx.combat.active_in_channel(GUILD, CHANNEL, 2)
        await tx.combat.recent_actions(GUILD, combat.id, 5)
        await tx.combat.hits(GUILD, combat.id)
        await tx.combat.due(NOW, 10)
        await tx.combat.next_due()
        await tx.combat.mark_reminded([combat], NOW)
        await tx.combat.release_fighters(GUILD, combat.id, (ash,))
        await connection.set_trace_callback(None)
        plans = {}
        for statement in statements:
            if statement.split()[0].upper() in ("SELECT", "UPDATE") and "combat" in statement:
                rows = await connection.execute_fetchall(f"EXPLAIN QUERY PLAN {statement}")
                plans[statement] = [row[3] for row in rows]
    assert len(plans) >= 12
    scans = {
        statement: plan
        for statement, plan in plans.items()
        if any(step.startswith("SCAN") or "TEMP B-TREE" in step for step in plan)
    }
    assert scans == {}
