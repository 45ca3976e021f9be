"""Issue 12, "Sheets that only the story changes": a 21+ hit offers only the disabilities the
target does not have yet, and a cat that has all four takes the hit as a scar."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.germ.combat_turns import (
    CombatState,
    Phase,
    accept,
    attack,
    choose_disability,
    decide_first,
    start_combat,
)
from rules.germ.sheet import (
    Disability,
    GermSheet,
    old_enough_to_mother,
    open_disabilities,
    with_disability,
)
from tests.rules.germ.cats import cat

ASH, BIRCH = 1, 2
STRIKE = [20, 1]  # Ash 5 + 20 = 25 against Birch's Agility 3 + 1 = 4: power 21


def _fight(birch: GermSheet) -> tuple[CombatState, dict[int, GermSheet]]:
    sheets = {ASH: cat(strength=5, agility=5), BIRCH: birch}
    state = start_combat([ASH, BIRCH])
    state, _ = accept(state, BIRCH, ScriptedDice([]), sheets)
    state, _ = decide_first(state, ASH)
    return state, sheets


def test_a_blind_cat_is_offered_only_the_three_other_disabilities() -> None:
    blind = with_disability(cat(strength=3, agility=3), Disability.BLINDED)
    state, sheets = _fight(blind)
    state, events = attack(state, ASH, ScriptedDice(STRIKE), sheets)
    assert events[-1].kind == "disability-pending"
    assert state.disability_choices == (
        Disability.LOST_SENSE_OF_SMELL,
        Disability.DISFIGURED_LIMB,
        Disability.TAIL_TORN_OFF,
    )
    with pytest.raises(PawpostError, match=r"^The wounded cat already has that one \(blind\)"):
        choose_disability(state, BIRCH, Disability.BLINDED)
    state, events = choose_disability(state, BIRCH, Disability.TAIL_TORN_OFF)
    assert events[0].kind == "disability-chosen"
    assert state.disability_choices == ()


def test_a_cat_with_every_disability_takes_a_21_hit_as_a_scar() -> None:
    sheet = cat(strength=3, agility=3)
    for disability in Disability:
        sheet = with_disability(sheet, disability)
    assert open_disabilities(sheet) == ()
    state, sheets = _fight(sheet)
    state, events = attack(state, ASH, ScriptedDice(STRIKE), sheets)
    kinds = [event.kind for event in events]
    assert "disability-pending" not in kinds
    assert kinds[:3] == ["attacked", "scar-left", "badly-wounded"]
    assert "disability-as-scar" in kinds
    assert state.phase is Phase.TURN and state.attacker == BIRCH


def test_a_mother_is_at_least_the_gap_older_than_her_kit() -> None:
    assert old_enough_to_mother(24, 12, 12)
    assert not old_enough_to_mother(23, 12, 12)
