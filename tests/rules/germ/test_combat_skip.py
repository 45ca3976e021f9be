"""An admin skipping an absent attacker's turn."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.germ import Phase, accept, decide_first, run, start_combat
from rules.germ.combat_events import TurnStarted
from rules.germ.combat_turns import skip_turn

ASH, BIRCH, CEDAR = 1, 2, 3


def test_a_skipped_turn_passes_to_the_next_fighter_in_turn_order() -> None:
    state = start_combat([ASH, BIRCH, CEDAR])
    for fighter in (BIRCH, CEDAR):
        state, _ = accept(state, fighter, ScriptedDice([]), {})
    state, _ = decide_first(state, CEDAR)
    version = state.version

    state, events = skip_turn(state)
    assert events == [TurnStarted(attacker=ASH, turn=2)]
    assert (state.phase, state.attacker, state.version) == (Phase.TURN, ASH, version + 1)


def test_only_an_attackers_turn_can_be_skipped() -> None:
    state = start_combat([ASH, BIRCH])
    state, _ = accept(state, BIRCH, ScriptedDice([]), {})
    with pytest.raises(PawpostError, match="Who attacks first has not been decided yet."):
        skip_turn(state)
    state, _ = decide_first(state, ASH)
    state, _ = run(state, ASH)
    with pytest.raises(PawpostError, match="Waiting for the cat being run from"):
        skip_turn(state)
