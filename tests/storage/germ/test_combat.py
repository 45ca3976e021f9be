"""The combat tables: version-checked saves, one active combat a cat, the log, the due waits."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from rules.dice import ScriptedDice
from rules.germ.combat_turns import accept, decide_first, start_combat
from rules.germ.sheet import GermSheet
from storage.database import Database
from storage.errors import integrity_errors
from storage.germ import germ
from storage.models import NewCharacter
from storage.repositories import Transaction
from storage.turns import AlreadyFighting, Combat, CombatAction
from tests.query_plans import planned, recorded

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
GUILD, OTHER_GUILD, CHANNEL = 1000, 2000, 10
SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
)


def _cat(tx: Transaction, name: str, owner: int, guild: int = GUILD) -> int:
    new = NewCharacter(guild_id=guild, owner_id=owner, name=name, ruleset="germ", sheet=SHEET)
    return tx.characters.add(new, NOW).id


def _combat(tx: Transaction, fighters: tuple[int, ...], due: datetime | None = None) -> Combat:
    combat = Combat(
        guild_id=GUILD,
        channel_id=CHANNEL,
        created_by=1,
        state=start_combat(fighters),
        created_at=NOW,
        updated_at=NOW,
        due_at=due,
    )
    combat.id = germ(tx).combat.add(combat)
    germ(tx).combat.add_fighters(GUILD, combat.id, fighters)
    return combat


@pytest.fixture
async def cats(db: Database) -> tuple[int, int, int]:
    return await db.transact(
        lambda tx: (
            _cat(tx, "Firepaw", 101),
            _cat(tx, "Tigerclaw", 102),
            _cat(tx, "Longtail", 103),
        )
    )


async def test_a_save_is_refused_when_the_stored_version_moved_on(db, cats) -> None:
    ash, birch, _ = cats
    combat = await db.transact(lambda tx: _combat(tx, (ash, birch)))
    state, _ = accept(combat.state, birch, ScriptedDice([]), {})
    moved = combat.model_copy(update={"state": state})

    def save_twice(tx: Transaction) -> Combat | None:
        assert germ(tx).combat.save(moved, expected_version=0)
        assert not germ(tx).combat.save(moved, expected_version=0)
        assert germ(tx).combat.get(OTHER_GUILD, combat.id) is None
        return germ(tx).combat.get(GUILD, combat.id)

    stored = await db.transact(save_twice)
    assert stored is not None
    assert stored.state == state
    assert stored.state.version == 1


async def test_a_cat_is_in_at_most_one_active_combat(db, cats) -> None:
    ash, birch, longtail = cats
    first = await db.transact(lambda tx: _combat(tx, (ash, birch)))
    with pytest.raises(AlreadyFighting):
        await db.transact(lambda tx: _combat(tx, (longtail, birch)))

    def work(tx: Transaction) -> None:
        assert germ(tx).combat.fighting(GUILD, (ash, birch, longtail)) == {
            ash: first.id,
            birch: first.id,
        }
        assert germ(tx).combat.fighting_for_player(GUILD, 102) == [(birch, first.id)]
        assert germ(tx).combat.fighting_for_player(OTHER_GUILD, 102) == []
        germ(tx).combat.release_fighters(GUILD, first.id, (birch,))
        second = _combat(tx, (longtail, birch))
        assert germ(tx).combat.fighting(GUILD, (birch,)) == {birch: second.id}
        assert [c.id for c in germ(tx).combat.active(GUILD, 10)] == [first.id, second.id]
        channel = germ(tx).combat.active_in_channel(GUILD, CHANNEL, 10)
        assert [c.id for c in channel] == [first.id, second.id]
        assert germ(tx).combat.active_in_channel(GUILD, CHANNEL + 1, 10) == []

    await db.transact(work)


async def test_the_log_keeps_one_action_per_version_and_the_hits(db, cats) -> None:
    ash, birch, _ = cats
    combat = await db.transact(lambda tx: _combat(tx, (ash, birch)))

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

    def log_four(tx: Transaction) -> None:
        for version, power in ((0, None), (1, 9), (2, None), (3, 17)):
            germ(tx).combat.add_action(action(version, power))

    await db.transact(log_four)
    with pytest.raises(integrity_errors()):
        await db.transact(lambda tx: germ(tx).combat.add_action(action(3)))

    def read(tx: Transaction) -> tuple[list[CombatAction], list[tuple[int, int]]]:
        assert germ(tx).combat.recent_actions(OTHER_GUILD, combat.id, 2) == []
        return germ(tx).combat.recent_actions(GUILD, combat.id, 2), germ(tx).combat.hits(
            GUILD, combat.id
        )

    recent, hits = await db.transact(read, write=False)
    assert [a.summary for a in recent] == ["step 3", "step 2"]
    assert hits == [(birch, 9), (birch, 17)]


async def test_due_waits_are_found_once_and_a_new_state_rearms_them(db, cats) -> None:
    ash, birch, longtail = cats

    def two_combats(tx: Transaction) -> tuple[Combat, Combat]:
        late = _combat(tx, (ash, birch), due=NOW + timedelta(hours=1))
        sandpaw = _cat(tx, "Sandpaw", 104)
        later = _combat(tx, (longtail, sandpaw), NOW + timedelta(hours=5))
        return late, later

    late, later = await db.transact(two_combats)

    def work(tx: Transaction) -> None:
        assert germ(tx).combat.due(NOW, 10, "germ") == []
        assert germ(tx).combat.next_due("germ") == NOW + timedelta(hours=1)
        due = germ(tx).combat.due(NOW + timedelta(hours=2), 10, "germ")
        assert [c.id for c in due] == [late.id]
        germ(tx).combat.mark_reminded(due, NOW + timedelta(hours=2))
        assert germ(tx).combat.due(NOW + timedelta(hours=2), 10, "germ") == []
        assert germ(tx).combat.next_due("germ") == NOW + timedelta(hours=5)

        # The next step of the late combat waits anew, and is reminded anew.
        state, _ = accept(late.state, birch, ScriptedDice([]), {})
        state, _ = decide_first(state, ash)
        moved = late.model_copy(update={"state": state, "due_at": NOW + timedelta(hours=3)})
        assert germ(tx).combat.save(moved, late.state.version)
        assert [c.id for c in germ(tx).combat.due(NOW + timedelta(hours=4), 10, "germ")] == [
            late.id
        ]
        # A reminder made for an older state is not recorded.
        germ(tx).combat.mark_reminded([late], NOW + timedelta(hours=4))
        assert [c.id for c in germ(tx).combat.due(NOW + timedelta(hours=4), 10, "germ")] == [
            late.id
        ]

    await db.transact(work)
    assert later.id != late.id


async def test_every_combat_query_uses_an_index(db, cats, monkeypatch) -> None:
    """Run each repository query while recording, then check the backend's plan for a table
    scan (and, on SQLite, a sort in a temporary b-tree)."""
    ash, birch, _ = cats

    def work(tx: Transaction) -> None:
        combat = _combat(tx, (ash, birch), due=NOW)
        germ(tx).combat.get(GUILD, combat.id)
        germ(tx).combat.save(combat, 0)
        germ(tx).combat.fighting(GUILD, (ash, birch))
        germ(tx).combat.fighting_for_player(GUILD, 101)
        germ(tx).combat.active(GUILD, 10)
        germ(tx).combat.active_in_channel(GUILD, CHANNEL, 2)
        germ(tx).combat.recent_actions(GUILD, combat.id, 5)
        germ(tx).combat.hits(GUILD, combat.id)
        germ(tx).combat.due(NOW, 10, "germ")
        germ(tx).combat.next_due("germ")
        germ(tx).combat.mark_reminded([combat], NOW)
        germ(tx).combat.release_fighters(GUILD, combat.id, (ash,))

    async with recorded(db, monkeypatch) as statements:
        await db.transact(work)
    ours = [
        (sql, parameters)
        for sql, parameters in statements
        if sql.split()[0].upper() in ("SELECT", "UPDATE") and "combat" in sql
    ]
    plans = planned(db, ours)
    assert len(plans) >= 12
    scans = {sql: plan for sql, plan in plans.items() if plan.scans}
    assert scans == {}
    if db.dialect.name == "sqlite":
        with sqlite3.connect(db.path) as connection:
            sorts = {
                sql: plan
                for sql, _ in ours
                for plan in [connection.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()]
                if any("TEMP B-TREE" in row[-1] for row in plan)
            }
        assert sorts == {}
