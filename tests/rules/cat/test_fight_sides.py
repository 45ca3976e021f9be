"""A cat fight rolled a side at a time (the challenger now, the defender when its player
answers), the foe fight's stored turn state, and Advantage granted by the Narrator."""

import pytest

from rules.cat import CatFightResult, Move, Side, Trait, end_fight, make_foe, start_fight
from rules.cat.constants import MAX_POOL_DICE
from rules.cat.fights import require_fighter, roll_cat_side
from rules.cat.foe_turns import FoeFightState, FoePhase
from rules.cat.risks import grant_advantage, risk_pool, take_granted_advantage
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat


def test_sides_rolled_apart_settle_as_one_round() -> None:
    challenger = roll_cat_side(
        a_cat(), [Move.CLAWS], ScriptedDice([2, 4, 1, 1]), side=Side.CHALLENGER
    )
    defender = roll_cat_side(
        a_cat(), [Move.DODGE], ScriptedDice([2, 3, 3, 3, 3]), side=Side.DEFENDER
    )
    assert defender.actions[0].roll.label == "Legs (dodge)"
    result = CatFightResult(challenger=challenger, defender=defender)
    assert (result.defender_scars, result.challenger_scars, result.winner) == (
        1,
        0,
        Side.CHALLENGER,
    )


def test_only_the_defender_may_dodge_and_a_cursed_cat_cannot_fight() -> None:
    with pytest.raises(PawpostError, match="only the defender can dodge"):
        roll_cat_side(a_cat(), [Move.DODGE], ScriptedDice([]), side=Side.CHALLENGER)
    with pytest.raises(PawpostError, match="Tigerclaw is under the Bauble Curse"):
        require_fighter(a_cat(bauble_risks_taken=0), "Tigerclaw")


def test_the_foe_fight_state_moves_on_a_version_and_ends_with_the_fight() -> None:
    state = FoeFightState(character_id=7, fight=start_fight([make_foe("Boggin", 2, 3)]))
    assert (state.attacker, state.turn, state.is_over, state.version) == (7, 0, False, 0)
    waiting = state.moved_on(state.fight, FoePhase.SCARS)
    assert (waiting.phase, waiting.version) == (FoePhase.SCARS, 1)
    ended = waiting.moved_on(end_fight(waiting.fight), FoePhase.MOVE)
    assert ended.is_over and ended.phase is FoePhase.OVER and ended.attacker is None


def test_granted_advantage_adds_up_and_a_risk_takes_it_with_claimed_dice_apart() -> None:
    sheet = grant_advantage(grant_advantage(a_cat(), 1), 2)
    assert sheet.advantage_granted == 3
    sheet, granted = take_granted_advantage(sheet)
    assert (granted, sheet.advantage_granted) == (3, 0)
    parts = risk_pool(sheet, Trait.CLAWS, advantage=granted, claimed=1)
    assert [(p.reason, p.dice) for p in parts] == [
        ("Claws (Strong)", 4),
        ("Advantage (granted)", 3),
        ("Advantage (claimed)", 1),
    ]
    with pytest.raises(PawpostError, match="Grant at least 1 Advantage die"):
        grant_advantage(sheet, 0)
    with pytest.raises(PawpostError, match=f"at most {MAX_POOL_DICE} granted Advantage dice"):
        grant_advantage(sheet, MAX_POOL_DICE + 1)
    with pytest.raises(PawpostError, match="Advantage dice cannot be negative"):
        risk_pool(sheet, Trait.CLAWS, claimed=-1)
