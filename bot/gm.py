"""What a ruleset gives the GM toolkit: its sheet's settable fields and what the admin verbs
(damage, heal, kill, revive, skip, end, undo) mean for its characters and scenes.

The core (`bot/actions/gm/`) does the rest: the admin check, the audit row with the whole state
before and after, undo, the life state, and the one sentence where a verb means nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datetime import datetime

    from bot.actions.context import Actor
    from bot.actions.reply import Reply
    from rules.dice import DiceSource
    from storage.models import AuditEntry, Character
    from storage.repositories import Transaction
    from storage.settings import Guild


@dataclass(frozen=True)
class SheetField:
    """One settable field, named as the sheet shows it."""

    name: str  # "Strength", "HP", "Lives", "Scar: Tail", "Gold"
    value: str  # its current value as the sheet shows it ("" when unset)
    takes: str  # what a value looks like ("0 to 6", "a knack's name")


FieldsOf = Callable[["Transaction", "Guild", "Character"], Sequence[SheetField]]
# Validate with the creation model (one PawpostError sentence when refused), recompute what
# follows (HP from Strength), save the sheet and the ruleset's rows; lines beyond the field.
SetField = Callable[["Transaction", "Guild", "Character", str, str, "datetime"], list[str]]
# /admin damage | heal: (character, amount >= 1, kind or None, dice, now) -> lines.
Harm = Callable[
    ["Transaction", "Guild", "Character", int, "str | None", "DiceSource", "datetime"], list[str]
]
# /admin kill | revive: (character, dice, now) -> lines.
LifeChange = Callable[["Transaction", "Guild", "Character", "DiceSource", "datetime"], list[str]]
# What undo puts back besides the characters row (sheet, life): the ruleset's own rows.
Snapshot = Callable[["Transaction", "Character"], dict[str, Any]]
Restore = Callable[["Transaction", "Character", dict[str, Any]], None]
# A scene's turn passed by an admin (combat id; the character whose turn, None for whoever it
# waits for; the dice, for a ruleset whose passed wait rolls, as WCAGR's wrestle and Jump do):
# the step's whole answer, with the next fighter's buttons.
SkipTurn = Callable[
    ["Transaction", "Actor", "Guild", int, "int | None", "DiceSource", "datetime"], "Reply"
]
# A scene ended by an admin (combat id, reason).
EndScene = Callable[["Transaction", "Actor", "Guild", int, str, "datetime"], "Reply"]
# A character that has just died leaves its scenes (a fight with one side left ends): lines.
LeaveScenes = Callable[["Transaction", "Actor", "Guild", "Character", "datetime"], list[str]]
# The outcomes an adjudication of that logged roll may give (autocomplete).
Outcomes = Callable[["AuditEntry"], Sequence[str]]
# The characters besides the roll's own that an adjudication of it may change (an attack's
# target), so that undo puts them back too.
Touches = Callable[["Transaction", "AuditEntry"], Sequence[int]]
# What an adjudication of that logged roll changes outside any character's own rows (a fight
# step's hit, a steal's catch), read and put back by undo.
RollState = Callable[["Transaction", "AuditEntry"], dict[str, Any]]
RestoreRoll = Callable[["Transaction", "AuditEntry", dict[str, Any]], None]


@dataclass(frozen=True)
class OwnScene:
    """A scene a ruleset keeps outside the shared turn store (WCAGR's hunts, whose stages any
    hunter rolls): listed, skipped and ended by the scene commands beside the fights."""

    kind: str  # "Hunt"
    id: int
    channel_id: int
    characters: tuple[int, ...]
    waiting_since: datetime
    doing: str  # what it stands at and waits for, as status lists it


# The open scenes of the server (at most that many), oldest first.
OpenOwnScenes = Callable[["Transaction", "Guild", int], Sequence[OwnScene]]
# /admin scene skip on one: (scene, the character named or None, dice, now) -> the answer, or
# one PawpostError sentence where the scene has no turns to pass.
SkipOwnScene = Callable[
    ["Transaction", "Actor", "Guild", OwnScene, "int | None", "DiceSource", "datetime"], "Reply"
]
# /admin scene end on one: (scene, reason, now) -> the answer.
EndOwnScene = Callable[["Transaction", "Actor", "Guild", OwnScene, str, "datetime"], "Reply"]


@dataclass(frozen=True)
class OwnScenes:
    """A ruleset's scenes that are not fights on the shared turn store."""

    open: OpenOwnScenes
    skip: SkipOwnScene
    end: EndOwnScene


@dataclass(frozen=True)
class GmTools:
    fields: FieldsOf
    set_field: SetField
    damage: Harm | None = None  # None: the verb means nothing in this ruleset
    heal: Harm | None = None
    kill: LifeChange | None = None  # None: the core only marks the character dead
    revive: LifeChange | None = None  # None: the core only marks it active again
    snapshot: Snapshot | None = None
    restore: Restore | None = None
    skip_turn: SkipTurn | None = None
    end_scene: EndScene | None = None
    leave_scenes: LeaveScenes | None = None
    outcomes: Outcomes | None = None
    touches: Touches | None = None
    roll_state: RollState | None = None
    restore_roll: RestoreRoll | None = None
    own_scenes: OwnScenes | None = None  # scenes kept outside the turn store (WCAGR's hunts)
    damage_kinds: tuple[str, ...] = ()  # what `/admin damage kind:` may say (Caverns: viscanti)
