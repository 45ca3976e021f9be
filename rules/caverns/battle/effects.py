"""What a skill leaves standing in a battle (book l. 155-221): one small generic record kept
in the battle's state, so a bonus for allies, a mist, a bonus piece of armour or an offer to
react outlives the step that made it. Pure: no storage, no discord."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from rules.caverns.conditions import Condition

if TYPE_CHECKING:
    from rules.caverns.battle.rows import BattleState


class EffectKind(StrEnum):
    ALLY_DAMAGE = "ally-damage"  # the owner's allies deal +amount Damage (Stag's death)
    ROLL_BONUS = "roll-bonus"  # the owner's rolls get +amount (Bear's waking)
    MIST = "mist"  # Lake: neither attacks nor is attacked beyond Melee
    HANDSTAND = "handstand"  # Dodge doubled until the owner next attacks
    ENCORE = "encore"  # +amount Damage on the owner's next musical attack
    BONUS_ARMOUR = "bonus-armour"  # a piece of bonus armour (Draconis, Disengage), `note` says
    SICK_BEAT = "sick-beat"  # `target` suffers `condition` from the owner's Sick Beat
    REFRAIN = "refrain"  # offer: play `condition` again on `target`
    BACKFLIP = "backflip"  # offer: flee right after the melee attack
    LION = "lion"  # the owner's latest turn: amount 1 when it did battle
    BEAR_REST = "bear-rest"  # the owner began its latest turn Asleep or Fatigued
    REVIVIFY = "revivify"  # `target` comes back without marking off Vitae
    IMMUNIZE = "immunize"  # the owner's allies are immune to `condition`
    PROPHECY = "death-prophesy"  # owner and `target` bound; amount 1: it tried to harm them
    RETRIBUTION = "retribution"  # offer: `target` takes `amount` per Harmony, at `version`
    SWEET_DREAMS = "sweet-dreams"  # `target`'s dreams cured a condition in turn `amount`
    CHANT = "chant"  # the owner's Mystic Chant, `amount` turns; `note` broken or lapsed
    BALANCE = "balance"  # the owner's next roll is Balance's
    TURN_DAMAGE = "turn-damage"  # +amount Damage for the rest of the turn (Advance's 10+)


class Effect(BaseModel):
    """One standing effect of a combatant's skill. `turns`: it ends at the start of the owner's
    `turns`-th next turn (None: not by time). `version`: an offer good only at that state."""

    model_config = ConfigDict(frozen=True)

    kind: EffectKind
    owner: int
    target: int | None = None
    condition: Condition | None = None
    amount: int = 0
    turns: int | None = None
    version: int | None = None
    note: str = ""


def effects_of(
    state: BattleState,
    kind: EffectKind,
    *,
    owner: int | None = None,
    target: int | None = None,
) -> list[Effect]:
    """The standing effects of one kind, of one owner and/or on one target."""
    return [
        e
        for e in state.effects
        if e.kind is kind
        and (owner is None or e.owner == owner)
        and (target is None or e.target == target)
    ]


# --- The effects standing in a battle: put in place, taken off, counted down ---------------

UNTIL_NEXT_TURN = 1  # an effect's `turns`: it ends as the owner's next turn begins


def with_effect(state: BattleState, effect: Effect) -> BattleState:
    return state.model_copy(update={"effects": [*state.effects, effect]})


def without_effects(
    state: BattleState,
    kind: EffectKind,
    *,
    owner: int | None = None,
    target: int | None = None,
    condition: Condition | None = None,
) -> BattleState:
    """The state without the matching effects (no change when there are none)."""
    kept = [
        e
        for e in state.effects
        if not (
            e.kind is kind
            and (owner is None or e.owner == owner)
            and (target is None or e.target == target)
            and (condition is None or e.condition is condition)
        )
    ]
    return state.model_copy(update={"effects": kept})


def replaced_effect(state: BattleState, effect: Effect) -> BattleState:
    """The owner's effect of that kind (on that target and condition) replaced by this one."""
    cleared = without_effects(
        state, effect.kind, owner=effect.owner, target=effect.target, condition=effect.condition
    )
    return with_effect(cleared, effect)


def owner_turn_begins(state: BattleState, owner: int) -> BattleState:
    """The owner's turn begins: each of its timed effects has one turn less, and ends at 0."""
    kept = []
    for e in state.effects:
        if e.owner != owner or e.turns is None:
            kept.append(e)
        elif e.turns > 1:
            kept.append(e.model_copy(update={"turns": e.turns - 1}))
    return state.model_copy(update={"effects": kept})
