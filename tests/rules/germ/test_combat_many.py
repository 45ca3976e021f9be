"""Combats of three and four cats, joining, the ambush and the terrain (issue 12)."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.germ import GermSheet, Phase
from rules.germ.combat_events import (
    Attacked,
    ChaseRolled,
    FighterJoined,
    HideChoice,
    TerrainChanged,
)
from rules.germ.combat_turns import (
    CombatState,
    accept,
    ambush,
    answer_join,
    ask_to_join,
    attack,
    chase,
    choose_first,
    decide_first,
    hide,
    hide_choice,
    let_go,
    propose_terrain,
    run,
    set_terrain,
    settle_join,
    start_combat,
)
from tests.rules.germ.cats import cat

ASH, BIRCH, CEDAR, DUSK, ELM = 1, 2, 3, 4, 5
NO_DICE = ScriptedDice([])


@pytest.fixture
def sheets() -> dict[int, GermSheet]:
    return {
        ASH: cat(strength=5, agility=5, stealth=8),
        BIRCH: cat(strength=3, agility=3, perception=4),
        CEDAR: cat(strength=2, agility=2, perception=2, stealth=6),
        DUSK: cat(strength=4, agility=4, perception=3),
        ELM: cat(strength=6, agility=1),
    }


def accepted(state: CombatState, sheets: dict[int, GermSheet]) -> CombatState:
    for fighter in state.fighters[1:]:
        state, _ = accept(state, fighter, NO_DICE, sheets)
    assert state.phase is Phase.CHOOSING_FIRST
    return state


def test_four_cats_take_turns_in_order_and_an_escape_leaves_the_others_fighting(
    sheets: dict[int, GermSheet],
) -> None:
    state = accepted(start_combat([ASH, BIRCH, CEDAR, DUSK]), sheets)
    for fighter in (ASH, BIRCH, CEDAR, DUSK):
        state, _ = choose_first(state, fighter, BIRCH)
    assert (state.phase, state.attacker) == (Phase.TURN, BIRCH)

    with pytest.raises(PawpostError, match=r"^Choose which cat to attack\.$"):
        attack(state, BIRCH, NO_DICE, sheets)
    # Birch 3 + 10 = 13 against Dusk's 4 + 2 = 6: power 7; then Cedar, Dusk, Ash in turn.
    state, events = attack(state, BIRCH, ScriptedDice([10, 2]), sheets, target=DUSK)
    hit = events[0]
    assert isinstance(hit, Attacked) and (hit.target, hit.result.power) == (DUSK, 7)
    assert state.attacker == CEDAR
    state, _ = attack(state, CEDAR, ScriptedDice([1, 20]), sheets, target=ASH)
    assert state.attacker == DUSK

    # Dusk runs from Cedar (not from Ash): Cedar chases, Dusk 4 + 15 = 19 beats 2 + 3 = 5.
    with pytest.raises(PawpostError, match=r"^Choose which cat to run from\.$"):
        run(state, DUSK)
    state, _ = run(state, DUSK, chaser=CEDAR)
    assert state.chaser == CEDAR
    with pytest.raises(PawpostError, match="Only the cat being run from"):
        chase(state, ASH, NO_DICE, sheets)
    state, events = chase(state, CEDAR, ScriptedDice([15, 3]), sheets)
    assert "left-combat" in [e.kind for e in events]
    assert state.active == (ASH, BIRCH, CEDAR)
    assert (state.phase, state.attacker) == (Phase.TURN, ASH)

    # Round-robin skips Dusk from now on; letting Cedar go leaves two, who fight on.
    state, _ = attack(state, ASH, ScriptedDice([1, 20]), sheets, target=BIRCH)
    assert state.attacker == BIRCH
    state, _ = attack(state, BIRCH, ScriptedDice([1, 20]), sheets, target=ASH)
    assert state.attacker == CEDAR
    state, _ = run(state, CEDAR, chaser=BIRCH)
    state, _ = let_go(state, BIRCH)
    assert state.active == (ASH, BIRCH)
    assert (state.phase, state.attacker) == (Phase.TURN, ASH)
    state, _ = attack(state, ASH, ScriptedDice([1, 20]), sheets)  # one opponent left
    assert state.attacker == BIRCH


def test_the_badly_wounded_and_free_attack_rules_hold_between_any_two_of_three_cats(
    sheets: dict[int, GermSheet],
) -> None:
    state = accepted(start_combat([ELM, BIRCH, CEDAR]), sheets)
    state, _ = decide_first(state, ELM)
    # Elm 6 + 13 = 19 against Cedar 2 + 1 = 3: power 16, Cedar is badly wounded.
    state, _ = attack(state, ELM, ScriptedDice([13, 1]), sheets, target=CEDAR)
    assert state.badly_wounded == {CEDAR}
    state, _ = attack(state, BIRCH, ScriptedDice([1, 20]), sheets, target=ELM)
    # Cedar, badly wounded by Elm, runs from Birch: 2 + 10 − 5 = 7 against 3 + 4 = 7, caught.
    state, _ = run(state, CEDAR, chaser=BIRCH)
    state, events = chase(state, BIRCH, ScriptedDice([10, 4, 10]), sheets)
    rolled = events[0]
    assert isinstance(rolled, ChaseRolled) and not rolled.result.escaped
    assert rolled.result.runner_roll.total == 7
    free = events[1]
    assert isinstance(free, Attacked) and free.result.free_attack
    assert (free.attacker, free.target) == (BIRCH, CEDAR)
    assert state.attacker == ELM  # the turn goes on after the runner: round-robin

    # A hide names its seeker; the hidden cat's free attack is on that seeker.
    state, _ = attack(state, ELM, ScriptedDice([1, 20]), sheets, target=BIRCH)
    state, _ = attack(state, BIRCH, ScriptedDice([1, 20]), sheets, target=ELM)
    assert state.attacker == CEDAR
    state, _ = hide(state, CEDAR, ScriptedDice([20, 1]), sheets, seeker=ELM)
    assert (state.phase, state.hider, state.seeker) == (Phase.AWAITING_HIDE_CHOICE, CEDAR, ELM)


def test_an_ambush_is_impossible_where_the_terrain_does_not_allow_hiding(
    sheets: dict[int, GermSheet],
) -> None:
    with pytest.raises(PawpostError, match=r"^An ambush is impossible where the terrain"):
        start_combat([ASH, BIRCH], terrain_allows_hiding=False, ambush_target=BIRCH)
    state = accepted(start_combat([ASH, BIRCH], terrain_allows_hiding=False), sheets)
    with pytest.raises(PawpostError, match=r"^An ambush is impossible where the terrain"):
        ambush(state, BIRCH, NO_DICE, sheets)
    # A challenge from ambush, then the terrain is marked as not allowing hiding: no ambush.
    state = start_combat([ASH, BIRCH], ambush_target=BIRCH)
    state, _ = set_terrain(state, allows_hiding=False)
    state, events = accept(state, BIRCH, NO_DICE, sheets)
    assert "ambush-rolled" not in [e.kind for e in events]


def test_either_side_may_try_an_ambush_once_before_the_first_turn(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([BIRCH, ASH, CEDAR], ambush_target=ASH)
    state, _ = accept(state, ASH, NO_DICE, sheets)
    # Birch's ambush on Ash is rolled on acceptance: 3 + 1 against 0 + 20, spotted.
    state, events = accept(state, CEDAR, ScriptedDice([1, 20]), sheets)
    assert "ambush-rolled" in [e.kind for e in events]
    with pytest.raises(PawpostError, match=r"^Each cat may try an ambush only once\.$"):
        ambush(state, BIRCH, NO_DICE, sheets, target=ASH)
    # The challenged side ambushes too: Ash 8 + 20 against Birch 4 + 1, then a free attack.
    with pytest.raises(PawpostError, match=r"^Choose which cat to ambush\.$"):
        ambush(state, ASH, NO_DICE, sheets)
    state, events = ambush(state, ASH, ScriptedDice([20, 1, 10]), sheets, target=BIRCH)
    free = [e for e in events if isinstance(e, Attacked)]
    assert free and free[0].result.free_attack and free[0].target == BIRCH
    assert state.phase is Phase.CHOOSING_FIRST
    state, _ = decide_first(state, CEDAR)
    with pytest.raises(PawpostError, match=r"^An ambush is only possible before the first turn"):
        ambush(state, CEDAR, NO_DICE, sheets, target=ASH)


def test_a_cat_joins_when_its_player_and_every_fighter_agree(
    sheets: dict[int, GermSheet],
) -> None:
    state = accepted(start_combat([ASH, BIRCH]), sheets)
    state, _ = decide_first(state, ASH)
    state, _ = ask_to_join(state, CEDAR, CEDAR)
    state, _ = answer_join(state, ASH, yes=True)
    assert state.fighters == (ASH, BIRCH)
    state, events = answer_join(state, BIRCH, yes=True)
    assert FighterJoined(fighter=CEDAR) in events
    assert state.active == (ASH, BIRCH, CEDAR)
    state, _ = attack(state, ASH, ScriptedDice([1, 20]), sheets, target=CEDAR)
    state, _ = attack(state, BIRCH, ScriptedDice([1, 20]), sheets, target=CEDAR)
    assert state.attacker == CEDAR  # last in the turn order

    # A fourth cat brought in by a fighter; another fighter disputes it: only an admin settles.
    state, _ = ask_to_join(state, DUSK, ASH)
    with pytest.raises(PawpostError, match=r"^Another cat is already asking to join"):
        ask_to_join(state, ELM, ELM)
    state, _ = answer_join(state, BIRCH, yes=False)
    assert state.join_disputed
    for fighter in (DUSK, CEDAR):
        state, _ = answer_join(state, fighter, yes=True)
    assert DUSK not in state.fighters
    state, events = settle_join(state, admit=True)
    assert state.active == (ASH, BIRCH, CEDAR, DUSK)
    assert state.joining is None

    # The joiner's own player may withdraw; a cat that got away cannot come back.
    state, _ = ask_to_join(state, ELM, ELM)
    state, events = answer_join(state, ELM, yes=False)
    assert state.joining is None and ELM not in state.fighters


def test_the_terrain_changes_when_every_fighter_agrees(sheets: dict[int, GermSheet]) -> None:
    state = accepted(start_combat([ASH, BIRCH, CEDAR]), sheets)
    state, _ = propose_terrain(state, ASH, allows_hiding=False)
    state, _ = propose_terrain(state, BIRCH, allows_hiding=False)
    assert state.terrain_allows_hiding
    state, events = propose_terrain(state, CEDAR, allows_hiding=False)
    assert TerrainChanged(allows_hiding=False) in events
    assert not state.terrain_allows_hiding
    assert state.terrain_proposal is None
    with pytest.raises(PawpostError, match=r"^The terrain already does not allow hiding\.$"):
        propose_terrain(state, ASH, allows_hiding=False)


def _cedars_turn(sheets: dict[int, GermSheet]) -> CombatState:
    """Four cats in the order Ash, Birch, Cedar, Dusk; Birch went first and hit Dusk."""
    state = accepted(start_combat([ASH, BIRCH, CEDAR, DUSK]), sheets)
    for fighter in (ASH, BIRCH, CEDAR, DUSK):
        state, _ = choose_first(state, fighter, BIRCH)
    state, _ = attack(state, BIRCH, ScriptedDice([10, 2]), sheets, target=DUSK)
    assert state.attacker == CEDAR
    return state


def test_c4_a_caught_runner_keeps_the_turn_order_of_four_cats(
    sheets: dict[int, GermSheet],
) -> None:
    """Cedar runs from Ash and is caught (2 + 1 = 3 against 5 + 20 = 25): Ash's free attack,
    then the turn goes on to Dusk, who comes after Cedar; Ash does not take Dusk's turn."""
    state, _ = run(_cedars_turn(sheets), CEDAR, chaser=ASH)
    state, events = chase(state, ASH, ScriptedDice([1, 20, 10]), sheets)
    assert any(isinstance(e, Attacked) and (e.attacker, e.target) == (ASH, CEDAR) for e in events)
    assert (state.phase, state.attacker) == (Phase.TURN, DUSK)


def test_c8_a_hide_free_attack_keeps_the_turn_order_of_four_cats(
    sheets: dict[int, GermSheet],
) -> None:
    """Cedar hides from Birch (6 + 20 − 5 = 21 against 4 + 1 = 5) and strikes from hiding; the
    turn then goes on to Dusk, after Cedar, not back to Birch."""
    state, _ = hide(_cedars_turn(sheets), CEDAR, ScriptedDice([20, 1]), sheets, seeker=BIRCH)
    assert state.phase is Phase.AWAITING_HIDE_CHOICE
    state, events = hide_choice(state, CEDAR, HideChoice.FREE_ATTACK, ScriptedDice([5]), sheets)
    assert any(isinstance(e, Attacked) and (e.attacker, e.target) == (CEDAR, BIRCH) for e in events)
    assert (state.phase, state.attacker) == (Phase.TURN, DUSK)


def test_with_two_cats_a_caught_runner_still_gives_the_chaser_the_turn(
    sheets: dict[int, GermSheet],
) -> None:
    """The book's two-cat rule: "the chaser is now an attacker"."""
    state = accepted(start_combat([ASH, BIRCH]), sheets)
    state, _ = choose_first(state, ASH, BIRCH)
    state, _ = choose_first(state, BIRCH, BIRCH)
    state, _ = run(state, BIRCH)
    state, _ = chase(state, ASH, ScriptedDice([1, 20, 10]), sheets)
    assert (state.phase, state.attacker) == (Phase.TURN, ASH)
