"""Stored turn order for fights, shared by every ruleset: the turn state (the ruleset's model,
kept whole as JSON and by its phase, version, attacker and round), who fights in which combat,
and every step taken. A state is saved only over the version it was read at, so two clicks on
one turn cannot both act."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, Field, TypeAdapter

from storage.connection import Connection
from storage.errors import integrity_errors
from storage.settings import DEFAULT_RULESET
from storage.timestamps import from_text, maybe_from_text, to_text


class TurnState(Protocol):
    """What storage reads of a ruleset's turn state (the rest is its own)."""

    @property
    def phase(self) -> StrEnum: ...

    @property
    def version(self) -> int: ...

    @property
    def attacker(self) -> int | None: ...

    @property
    def turn(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def model_dump_json(self) -> str: ...


S = TypeVar("S", bound=BaseModel)  # the ruleset's turn state, a TurnState
E = TypeVar("E")  # the ruleset's step events

ACTIVE = "active"
ENDED = "ended"


class AlreadyFighting(Exception):
    """A character given to `add_fighters` is already in an active combat."""


class Combat(BaseModel, Generic[S]):
    """One combat: where it is, who started it, and its whole turn state."""

    id: int = 0
    guild_id: int
    channel_id: int
    created_by: int
    state: S
    created_at: datetime
    updated_at: datetime
    due_at: datetime | None = None  # when whoever it waits for is reminded
    reminded_at: datetime | None = None

    @property
    def status(self) -> str:
        return ENDED if _turns(self.state).is_over else ACTIVE


def _turns(state: BaseModel) -> TurnState:
    return state  # type: ignore[return-value]  # the ruleset's model has these fields


class CombatAction(BaseModel, Generic[E]):
    """One step of a combat: who did what, what happened (its events hold the rolls), and the
    state version it made."""

    id: int = 0
    guild_id: int
    combat_id: int
    version: int
    round: int
    user_id: int
    character_id: int | None = None
    action: str
    summary: str
    target_id: int | None = None  # the cat hit, when the step landed a hit
    power: int | None = None
    events: list[E] = Field(default_factory=list)
    created_at: datetime


_COMBAT_COLUMNS = (
    "id, guild_id, channel_id, created_by, state, due_at, reminded_at, created_at, updated_at"
)


def _combat(row: Sequence[Any], state_model: type[S]) -> Combat[S]:
    (id_, guild_id, channel_id, created_by, state, due_at, reminded_at, created_at,
     updated_at) = row  # fmt: skip
    return Combat(
        id=id_,
        guild_id=guild_id,
        channel_id=channel_id,
        created_by=created_by,
        state=state_model.model_validate_json(state),
        due_at=maybe_from_text(due_at),
        reminded_at=maybe_from_text(reminded_at),
        created_at=from_text(created_at),
        updated_at=from_text(updated_at),
    )


# The combat's server plays the ruleset given (a server never configured plays the default).
_PLAYS = "coalesce((SELECT g.ruleset FROM guilds g WHERE g.guild_id = combats.guild_id), ?) = ?"

_ACTION_COLUMNS = (
    "id, guild_id, combat_id, version, round, user_id, character_id, action, summary,"
    " target_id, power, events, created_at"
)


def _action(row: Sequence[Any], events_adapter: TypeAdapter[list[E]]) -> CombatAction[E]:
    (id_, guild_id, combat_id, version, round_, user_id, character_id, action, summary,
     target_id, power, events, created_at) = row  # fmt: skip
    return CombatAction(
        id=id_,
        guild_id=guild_id,
        combat_id=combat_id,
        version=version,
        round=round_,
        user_id=user_id,
        character_id=character_id,
        action=action,
        summary=summary,
        target_id=target_id,
        power=power,
        events=events_adapter.validate_json(events),
        created_at=from_text(created_at),
    )


def _state_columns(combat: Combat[Any]) -> tuple[Any, ...]:
    """What the combat's columns hold: status, phase, version, attacker, round, state, due,
    updated and ended times."""
    state = _turns(combat.state)
    return (
        combat.status,
        state.phase.value,
        state.version,
        state.attacker,
        state.turn,
        state.model_dump_json(),
        None if combat.due_at is None else to_text(combat.due_at),
        to_text(combat.updated_at),
        to_text(combat.updated_at) if state.is_over else None,
    )


class CombatRepository(Generic[S, E]):
    """Combats, their fighters and their action log, with one ruleset's state and events."""

    def __init__(self, connection: Connection, state: type[S], events: Any) -> None:
        """`events`: the type of one step event (a union of them, as TypeAdapter takes it)."""
        self._db = connection
        self._state = state
        self._events: TypeAdapter[list[E]] = TypeAdapter(list[events])

    def add(self, combat: Combat[S]) -> int:
        """Store a new combat; returns its id."""
        rows = self._db.execute_fetchall(
            "INSERT INTO combats (guild_id, channel_id, created_by, created_at, status, phase,"
            " version, attacker_id, round, state, due_at, updated_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                combat.guild_id,
                combat.channel_id,
                combat.created_by,
                to_text(combat.created_at),
                *_state_columns(combat),
            ),
        )
        return int(next(iter(rows))[0])

    def add_fighters(
        self, guild_id: int, combat_id: int, character_ids: Sequence[int], first_position: int = 0
    ) -> None:
        """Put characters in a combat, in turn order from `first_position` (later joiners go
        after the fighters already there); raises AlreadyFighting when one of them is in
        another active combat."""
        rows = [
            (guild_id, combat_id, c, position)
            for position, c in enumerate(character_ids, start=first_position)
        ]
        try:
            self._db.executemany(
                "INSERT INTO combat_fighters (guild_id, combat_id, character_id, position)"
                " VALUES (?, ?, ?, ?)",
                rows,
            )
        except integrity_errors() as error:
            raise AlreadyFighting(str(error)) from error

    def get(self, guild_id: int, combat_id: int, *, lock: bool = False) -> Combat[S] | None:
        """A combat of this server by id (another server's id finds nothing); `lock` holds
        its row until the transaction ends, so that two clicks on one turn are one after the
        other, the second seeing the first's."""
        held = self._db.dialect.lock_rows if lock else ""
        rows = self._db.execute_fetchall(
            f"SELECT {_COMBAT_COLUMNS} FROM combats WHERE id = ? AND guild_id = ?{held}",
            (combat_id, guild_id),
        )
        return next((_combat(row, self._state) for row in rows), None)

    def save(self, combat: Combat[S], expected_version: int) -> bool:
        """Store the combat's new state, due time and update time, only if the stored state is
        still at `expected_version`; False when another action got there first. A new state
        clears the reminder, so the next wait is reminded again."""
        cursor = self._db.execute(
            "UPDATE combats SET status = ?, phase = ?, version = ?, attacker_id = ?, round = ?,"
            " state = ?, due_at = ?, updated_at = ?, ended_at = ?, reminded_at = NULL,"
            " skip_due_at = NULL, skip_offered_at = NULL"
            " WHERE id = ? AND guild_id = ? AND version = ?",
            (*_state_columns(combat), combat.id, combat.guild_id, expected_version),
        )
        return cursor.rowcount == 1

    def release_fighters(self, guild_id: int, combat_id: int, character_ids: Iterable[int]) -> None:
        """Mark characters as out of the combat (they got away, or it ended), so they may
        fight again."""
        self._db.executemany(
            "UPDATE combat_fighters SET in_combat = 0"
            " WHERE guild_id = ? AND combat_id = ? AND character_id = ?",
            [(guild_id, combat_id, c) for c in character_ids],
        )

    def fighting(self, guild_id: int, character_ids: Iterable[int]) -> dict[int, int]:
        """Of the given characters, those in an active combat: character id -> combat id."""
        ids = tuple(set(character_ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._db.execute_fetchall(
            "SELECT character_id, combat_id FROM combat_fighters"
            f" WHERE guild_id = ? AND in_combat = 1 AND character_id IN ({marks})",
            (guild_id, *ids),
        )
        return {character_id: combat_id for character_id, combat_id in rows}

    def fighting_for_player(self, guild_id: int, owner_id: int) -> list[tuple[int, int]]:
        """A player's live characters in active combats: (character id, combat id), by name."""
        rows = self._db.execute_fetchall(
            "SELECT f.character_id, f.combat_id FROM characters c JOIN combat_fighters f"
            " ON f.guild_id = c.guild_id AND f.character_id = c.id AND f.in_combat = 1"
            " WHERE c.guild_id = ? AND c.owner_id = ? AND c.deleted_at IS NULL"
            " ORDER BY c.name_key",
            (guild_id, owner_id),
        )
        return [(character_id, combat_id) for character_id, combat_id in rows]

    def active_in_channel(self, guild_id: int, channel_id: int, limit: int) -> list[Combat[S]]:
        """The channel's active combats, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COMBAT_COLUMNS} FROM combats"
            " WHERE guild_id = ? AND channel_id = ? AND status = 'active' ORDER BY id LIMIT ?",
            (guild_id, channel_id, limit),
        )
        return [_combat(row, self._state) for row in rows]

    def active(self, guild_id: int, limit: int) -> list[Combat[S]]:
        """The server's active combats, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COMBAT_COLUMNS} FROM combats"
            " WHERE guild_id = ? AND status = 'active' ORDER BY id LIMIT ?",
            (guild_id, limit),
        )
        return [_combat(row, self._state) for row in rows]

    def all_in_guild(self, guild_id: int) -> list[Combat[S]]:
        """Every combat of the server, ended ones too, oldest first (for export)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COMBAT_COLUMNS} FROM combats WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_combat(row, self._state) for row in rows]

    def add_action(self, action: CombatAction[E]) -> int:
        """Append a step to a combat's log; returns its id. Raises an integrity error when
        the combat already has a step for that state version."""
        rows = self._db.execute_fetchall(
            "INSERT INTO combat_actions (guild_id, combat_id, version, round, user_id,"
            " character_id, action, summary, target_id, power, events, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                action.guild_id,
                action.combat_id,
                action.version,
                action.round,
                action.user_id,
                action.character_id,
                action.action,
                action.summary,
                action.target_id,
                action.power,
                self._events.dump_json(action.events).decode(),
                to_text(action.created_at),
            ),
        )
        return int(next(iter(rows))[0])

    def recent_actions(self, guild_id: int, combat_id: int, limit: int) -> list[CombatAction[E]]:
        """A combat's latest steps, newest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_ACTION_COLUMNS} FROM combat_actions WHERE guild_id = ? AND combat_id = ?"
            " ORDER BY version DESC LIMIT ?",
            (guild_id, combat_id, limit),
        )
        return [_action(row, self._events) for row in rows]

    def set_hit(self, action_id: int, target_id: int | None, power: int | None) -> None:
        """An admin's override of a step's hit: the cat hit and the power (None: a miss)."""
        self._db.execute(
            "UPDATE combat_actions SET target_id = ?, power = ? WHERE id = ?",
            (None if power is None else target_id, power, action_id),
        )

    def hits(self, guild_id: int, combat_id: int) -> list[tuple[int, int]]:
        """Every hit of a combat, in order: (character hit, power)."""
        rows = self._db.execute_fetchall(
            "SELECT target_id, power FROM combat_actions WHERE guild_id = ? AND combat_id = ?"
            " AND power IS NOT NULL ORDER BY version",
            (guild_id, combat_id),
        )
        return [(target_id, power) for target_id, power in rows]

    def due(self, now: datetime, limit: int, ruleset: str) -> list[Combat[S]]:
        """Active combats of servers playing `ruleset` (the table is shared, the states are
        each ruleset's own), any server, whose wait passed its due time and was not reminded,
        claimed: the other processes pass them over until this transaction ends."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COMBAT_COLUMNS} FROM combats WHERE status = 'active'"
            " AND reminded_at IS NULL AND due_at IS NOT NULL AND due_at <= ?"
            f" AND {_PLAYS}{self._db.scope.only('guild_id')} ORDER BY due_at, id LIMIT ?"
            + self._db.dialect.claim("combats"),
            (to_text(now), DEFAULT_RULESET, ruleset, limit),
        )
        return [_combat(row, self._state) for row in rows]

    def next_due(self, ruleset: str) -> datetime | None:
        """The earliest due time of a wait not yet reminded, in servers playing `ruleset`."""
        rows = self._db.execute_fetchall(
            "SELECT due_at FROM combats WHERE status = 'active' AND reminded_at IS NULL"
            f" AND due_at IS NOT NULL AND {_PLAYS}{self._db.scope.only('guild_id')}"
            " ORDER BY due_at LIMIT 1",
            (DEFAULT_RULESET, ruleset),
        )
        return next((from_text(due_at) for (due_at,) in rows), None)

    def mark_reminded(self, combats: Sequence[Combat[S]], now: datetime) -> None:
        """Record that the given combats' waits were reminded (unless their state moved on)."""
        self._db.executemany(
            "UPDATE combats SET reminded_at = ? WHERE id = ? AND guild_id = ? AND version = ?",
            [(to_text(now), c.id, c.guild_id, _turns(c.state).version) for c in combats],
        )


class OpenScene(BaseModel):
    """An active combat as the GM toolkit sees it, whatever the ruleset: where, whose turn."""

    id: int
    channel_id: int
    attacker_id: int | None  # whose turn it is (None: the enemies', or nobody's yet)
    phase: str
    round: int
    updated_at: datetime
    due_at: datetime | None


_SCENE_COLUMNS = "id, channel_id, attacker_id, phase, round, updated_at, due_at"


def _scene(row: Sequence[Any]) -> OpenScene:
    id_, channel_id, attacker_id, phase, round_, updated_at, due_at = row
    return OpenScene(
        id=id_,
        channel_id=channel_id,
        attacker_id=attacker_id,
        phase=phase,
        round=round_,
        updated_at=from_text(updated_at),
        due_at=maybe_from_text(due_at),
    )


class SceneRepository:
    """Every ruleset's active combats, read without their ruleset's state model."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def open(self, guild_id: int, limit: int) -> list[OpenScene]:
        """The server's active combats, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_SCENE_COLUMNS} FROM combats"
            " WHERE guild_id = ? AND status = 'active' ORDER BY id LIMIT ?",
            (guild_id, limit),
        )
        return [_scene(row) for row in rows]

    def get(self, guild_id: int, combat_id: int) -> OpenScene | None:
        """One active combat of the server."""
        rows = self._db.execute_fetchall(
            f"SELECT {_SCENE_COLUMNS} FROM combats"
            " WHERE id = ? AND guild_id = ? AND status = 'active'",
            (combat_id, guild_id),
        )
        return next((_scene(row) for row in rows), None)

    def reminded(self, limit: int) -> list[tuple[int, int, datetime]]:
        """Active combats whose wait was reminded and whose skip offer is not yet timed, any
        server: (combat id, guild id, reminded at), claimed until the transaction ends."""
        rows = self._db.execute_fetchall(
            "SELECT id, guild_id, reminded_at FROM combats WHERE status = 'active'"
            " AND reminded_at IS NOT NULL AND skip_due_at IS NULL ORDER BY reminded_at, id LIMIT ?"
            + self._db.dialect.claim("combats"),
            (limit,),
        )
        return [(id_, guild_id, from_text(at)) for id_, guild_id, at in rows]

    def time_skip_offers(self, offers: Sequence[tuple[int, datetime]]) -> None:
        """When each reminded combat's skip is offered to the admins."""
        self._db.executemany(
            "UPDATE combats SET skip_due_at = ? WHERE id = ?",
            [(to_text(at), combat_id) for combat_id, at in offers],
        )

    def skip_due(self, now: datetime, limit: int) -> list[tuple[int, OpenScene, int]]:
        """Active combats whose skip offer is due, any server: (guild id, the scene, its state's
        version), claimed until the transaction ends."""
        rows = self._db.execute_fetchall(
            f"SELECT guild_id, version, {_SCENE_COLUMNS} FROM combats WHERE status = 'active'"
            " AND skip_offered_at IS NULL AND skip_due_at IS NOT NULL AND skip_due_at <= ?"
            " ORDER BY skip_due_at LIMIT ?" + self._db.dialect.claim("combats"),
            (to_text(now), limit),
        )
        return [(row[0], _scene(row[2:]), row[1]) for row in rows]

    def mark_skip_offered(self, combat_ids: Sequence[int], now: datetime) -> None:
        self._db.executemany(
            "UPDATE combats SET skip_offered_at = ? WHERE id = ?",
            [(to_text(now), combat_id) for combat_id in combat_ids],
        )

    def next_skip_due(self) -> datetime | None:
        rows = self._db.execute_fetchall(
            "SELECT skip_due_at FROM combats WHERE status = 'active'"
            " AND skip_offered_at IS NULL AND skip_due_at IS NOT NULL ORDER BY skip_due_at LIMIT 1"
        )
        return next((from_text(at) for (at,) in rows), None)

    def version(self, guild_id: int, combat_id: int) -> int | None:
        """An active combat's state version (a button's check that nothing moved since)."""
        rows = self._db.execute_fetchall(
            "SELECT version FROM combats WHERE id = ? AND guild_id = ? AND status = 'active'",
            (combat_id, guild_id),
        )
        return next((int(row[0]) for row in rows), None)

    def of_character(self, guild_id: int, character_id: int) -> int | None:
        """The active combat the character fights in, if any."""
        rows = self._db.execute_fetchall(
            "SELECT combat_id FROM combat_fighters"
            " WHERE guild_id = ? AND character_id = ? AND in_combat = 1",
            (guild_id, character_id),
        )
        return next((int(row[0]) for row in rows), None)
