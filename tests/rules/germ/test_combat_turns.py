"""The combat turn state machine: whole combats, each step, and each refusal."""

from collections.abc import Sequence
from typing import TypeVar

import pytest
from pydantic import TypeAdapter

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.germ import (
    CombatEvent,
    CombatState,
    Disability,
    EndReason,
    FreeAttackCause,
    GermSheet,
    HideChoice,
    Phase,
    accept,
    agree_to_end,
    attack,
    chase,
    check_version,
    choose_disability,
    choose_first,
    decide_first,
    decline,
    end_combat,
    hide,
    hide_choice,
    let_go,
    run,
    set_terrain,
    start_combat,
    with_disability,
)
from rules.germ.combat_events import (
    Attacked,
    ChaseRolled,
    DisabilityChosen,
    FirstAttackerDisputed,
    HideRolled,
    TurnStarted,
)
from tests.rules.germ.cats import cat

ASH, BIRCH, CEDAR, DUSK = 1, 2, 3, 4

NO_DICE = ScriptedDice([])

EventT = TypeVar("EventT")


def kinds(events: Sequence[CombatEvent]) -> list[str]:
    return [event.kind for event in events]


def the(kind: type[EventT], event: CombatEvent) -> EventT:
    """`event`, checked to be of the given kind."""
    assert isinstance(event, kind)
    return event


@pytest.fixture
def sheets() -> dict[int, GermSheet]:
    return {
        ASH: cat(strength=5, agility=5, stealth=8),
        BIRCH: cat(strength=3, agility=3, perception=4),
        CEDAR: cat(strength=2, agility=2, perception=2),
    }


def fighting(
    sheets: dict[int, GermSheet], fighters: Sequence[int] = (ASH, BIRCH), first: int = ASH
) -> CombatState:
    """A combat already accepted by all, with `first` attacking."""
    state = start_combat(fighters)
    for fighter in fighters[1:]:
        state, _ = accept(state, fighter, NO_DICE, sheets)
    state, _ = decide_first(state, first)
    assert state.phase is Phase.TURN
    assert state.attacker == first
    return state


def test_a_whole_combat_with_a_caught_runner_a_hide_a_disability_and_an_escape(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH])
    assert (state.phase, state.version, state.challenger) == (Phase.AWAITING_ACCEPTANCE, 0, ASH)

    state, events = accept(state, BIRCH, NO_DICE, sheets)
    assert kinds(events) == ["accepted", "combat-started"]
    assert state.phase is Phase.CHOOSING_FIRST

    state, events = choose_first(state, ASH, ASH)
    assert kinds(events) == ["first-attacker-voted"]
    state, events = choose_first(state, BIRCH, ASH)
    assert kinds(events) == ["first-attacker-voted", "turn-started"]
    assert events[-1] == TurnStarted(attacker=ASH, turn=1)

    # Turn 1: Ash 8 + 5 = 13 against Birch 10 + 3 = 13: a tie hits, power 0.
    state, events = attack(state, ASH, ScriptedDice([8, 10]), sheets)
    assert kinds(events) == ["attacked", "turn-started"]
    hit = events[0]
    assert isinstance(hit, Attacked)
    assert (hit.attacker, hit.target, hit.result.power) == (ASH, BIRCH, 0)
    assert events[-1] == TurnStarted(attacker=BIRCH, turn=2)

    # Turn 2: Birch 20 + 3 = 23 against Ash 1 + 5 = 6: power 17, a scar, badly wounded.
    state, events = attack(state, BIRCH, ScriptedDice([20, 1]), sheets)
    assert kinds(events) == ["attacked", "scar-left", "badly-wounded", "turn-started"]
    assert state.badly_wounded == {ASH}
    assert state.attacker == ASH

    # Turn 3: Ash runs; Birch chases: 10 + 5 − 5 = 10 against 12 + 3 = 15, caught.
    state, events = run(state, ASH)
    assert kinds(events) == ["run-declared"]
    assert (state.phase, state.runner, state.chaser) == (Phase.AWAITING_CHASE, ASH, BIRCH)
    state, events = chase(state, BIRCH, ScriptedDice([10, 12, 7]), sheets)
    assert kinds(events) == ["chase-rolled", "attacked", "turn-started"]
    chased = events[0]
    assert isinstance(chased, ChaseRolled)
    assert (chased.result.runner_roll.total, chased.result.chaser_roll.total) == (10, 15)
    assert not chased.result.escaped
    free = events[1]
    assert isinstance(free, Attacked)
    assert free.cause is FreeAttackCause.CAUGHT_RUNNER
    assert free.result.free_attack
    assert free.result.power == 7 + 3 - 5  # Birch's Strength total − Ash's Agility points
    assert events[-1] == TurnStarted(attacker=BIRCH, turn=4)

    # Turn 4: Birch 1 + 3 = 4 against Ash 10 + 5 = 15: a miss.
    state, events = attack(state, BIRCH, ScriptedDice([1, 10]), sheets)
    assert kinds(events) == ["attacked", "turn-started"]
    assert state.attacker == ASH

    # Turn 5: Ash hides: 14 + 8 − 5 = 17 against Birch 10 + 4 = 14, then a free attack:
    # 20 + 5 = 25 − Birch's Agility 3 = 22, a permanent disability.
    state, events = hide(state, ASH, ScriptedDice([14, 10]), sheets)
    assert kinds(events) == ["hide-rolled"]
    assert (state.phase, state.hider, state.seeker) == (Phase.AWAITING_HIDE_CHOICE, ASH, BIRCH)
    state, events = hide_choice(state, ASH, HideChoice.FREE_ATTACK, ScriptedDice([20]), sheets)
    assert kinds(events) == [
        "hide-choice-made",
        "attacked",
        "scar-left",
        "badly-wounded",
        "disability-pending",
    ]
    assert the(Attacked, events[1]).result.power == 22
    assert (state.phase, state.disabled) == (Phase.AWAITING_DISABILITY, BIRCH)
    assert state.badly_wounded == {ASH, BIRCH}

    state, events = choose_disability(state, BIRCH, Disability.TAIL_TORN_OFF)
    assert events[0] == DisabilityChosen(fighter=BIRCH, disability=Disability.TAIL_TORN_OFF)
    assert events[-1] == TurnStarted(attacker=BIRCH, turn=6)  # the seeker attacks next
    sheets[BIRCH] = with_disability(sheets[BIRCH], Disability.TAIL_TORN_OFF)

    # Turn 6: Birch runs: 20 + 3 − 5 no tail − 5 badly wounded = 13 against Ash's
    # 10 + 5 − 5 badly wounded = 10: Birch gets away and the combat ends.
    state, _ = run(state, BIRCH)
    state, events = chase(state, ASH, ScriptedDice([20, 10]), sheets)
    assert kinds(events) == ["chase-rolled", "left-combat", "combat-ended"]
    chased = events[0]
    assert isinstance(chased, ChaseRolled)
    assert [m.reason for m in chased.result.runner_roll.modifiers] == [
        "Agility",
        "no tail",
        "badly wounded",
    ]
    assert (chased.result.runner_roll.total, chased.result.chaser_roll.total) == (13, 10)
    assert state.phase is Phase.ENDED
    assert state.end_reason is EndReason.ESCAPED
    assert state.is_over
    assert state.version == 13  # one per transition


def test_book_example_the_runner_who_took_an_18_escapes_19_to_15() -> None:
    sheets = {ASH: cat(strength=4, agility=3), BIRCH: cat(agility=5)}
    state = fighting(sheets, first=ASH)
    # Earlier, Ash hit Birch with a power of 18: 20 + 4 = 24 against 1 + 5 = 6.
    state, events = attack(state, ASH, ScriptedDice([20, 1]), sheets)
    assert the(Attacked, events[0]).result.power == 18
    assert BIRCH in state.badly_wounded
    # Birch runs on their turn: 19 + 5 − 5 = 19 against Ash's 12 + 3 = 15.
    state, _ = run(state, BIRCH)
    state, events = chase(state, ASH, ScriptedDice([19, 12]), sheets)
    chased = events[0]
    assert isinstance(chased, ChaseRolled)
    assert chased.result.runner_roll.total == 19
    assert chased.result.chaser_roll.total == 15
    assert chased.result.escaped
    assert state.end_reason is EndReason.ESCAPED


def test_a_chase_tie_catches_the_runner_and_the_chaser_attacks_next(
    sheets: dict[int, GermSheet],
) -> None:
    state = fighting(sheets, first=ASH)
    state, _ = run(state, ASH)
    # Ash 10 + 5 = 15 against Birch 12 + 3 = 15: caught; free attack 1 + 3 − 5 → power 0.
    state, events = chase(state, BIRCH, ScriptedDice([10, 12, 1]), sheets)
    assert kinds(events) == ["chase-rolled", "attacked", "turn-started"]
    assert the(Attacked, events[1]).result.power == 0
    assert (state.phase, state.attacker) == (Phase.TURN, BIRCH)


def test_letting_the_runner_go_ends_the_combat(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets, first=ASH)
    state, _ = run(state, ASH)
    state, events = let_go(state, BIRCH)
    assert kinds(events) == ["let-go", "left-combat", "combat-ended"]
    assert state.end_reason is EndReason.LET_GO


def test_a_hidden_cat_may_escape_without_a_chase(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets, first=ASH)
    state, _ = hide(state, ASH, ScriptedDice([14, 10]), sheets)
    state, events = hide_choice(state, ASH, HideChoice.ESCAPE, NO_DICE, sheets)
    assert kinds(events) == ["hide-choice-made", "left-combat", "combat-ended"]
    assert state.end_reason is EndReason.ESCAPED


def test_a_failed_hide_ends_the_turn(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets, first=ASH)
    # 11 + 8 − 5 = 14 against 10 + 4 = 14: spotted.
    state, events = hide(state, ASH, ScriptedDice([11, 10]), sheets)
    assert kinds(events) == ["hide-rolled", "turn-started"]
    assert not the(HideRolled, events[0]).result.hidden
    assert (state.phase, state.attacker) == (Phase.TURN, BIRCH)


def test_hiding_where_the_terrain_does_not_allow_it_fails_without_rolling(
    sheets: dict[int, GermSheet],
) -> None:
    state = fighting(sheets, first=ASH)
    state, events = set_terrain(state, allows_hiding=False)
    assert events == []
    assert not state.terrain_allows_hiding
    state, events = hide(state, ASH, NO_DICE, sheets)
    rolled = events[0]
    assert isinstance(rolled, HideRolled)
    assert not rolled.result.hidden
    assert rolled.result.stealth_roll is None
    assert state.attacker == BIRCH


def test_a_hidden_ambusher_gets_a_free_attack_before_the_first_attacker_is_chosen(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH], ambush_target=BIRCH)
    # Ash 5 + 8 = 13 against Birch 8 + 4 = 12: hidden; free attack 10 + 5 − 3 = 12.
    state, events = accept(state, BIRCH, ScriptedDice([5, 8, 10]), sheets)
    assert kinds(events) == ["accepted", "combat-started", "ambush-rolled", "attacked", "scar-left"]
    free = events[3]
    assert isinstance(free, Attacked)
    assert free.cause is FreeAttackCause.AMBUSH
    assert free.result.power == 12
    assert state.phase is Phase.CHOOSING_FIRST
    assert state.attacker is None


def test_a_spotted_ambusher_gets_no_free_attack(sheets: dict[int, GermSheet]) -> None:
    state = start_combat([ASH, BIRCH], ambush_target=BIRCH)
    state, events = accept(state, BIRCH, ScriptedDice([4, 8]), sheets)  # 12 against 12
    assert kinds(events) == ["accepted", "combat-started", "ambush-rolled"]
    assert state.phase is Phase.CHOOSING_FIRST


def test_an_ambush_disability_is_chosen_before_the_first_attacker(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH], ambush_target=BIRCH)
    # free attack 20 + 5 − 3 = 22
    state, events = accept(state, BIRCH, ScriptedDice([20, 1, 20]), sheets)
    assert kinds(events)[-1] == "disability-pending"
    assert state.phase is Phase.AWAITING_DISABILITY
    state, events = choose_disability(state, BIRCH, Disability.BLINDED)
    assert kinds(events) == ["disability-chosen"]
    assert state.phase is Phase.CHOOSING_FIRST


def test_a_disagreement_on_who_goes_first_waits_for_an_admin(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH])
    state, _ = accept(state, BIRCH, NO_DICE, sheets)
    state, _ = choose_first(state, ASH, ASH)
    state, events = choose_first(state, BIRCH, BIRCH)
    assert events[-1] == FirstAttackerDisputed(choices={ASH: ASH, BIRCH: BIRCH})
    assert state.phase is Phase.CHOOSING_FIRST
    state, events = decide_first(state, BIRCH)
    assert events == [TurnStarted(attacker=BIRCH, turn=1)]
    assert state.attacker == BIRCH


def test_an_answer_on_who_goes_first_can_be_changed_to_agree(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH])
    state, _ = accept(state, BIRCH, NO_DICE, sheets)
    state, _ = choose_first(state, ASH, ASH)
    state, _ = choose_first(state, BIRCH, BIRCH)
    state, events = choose_first(state, ASH, BIRCH)
    assert events[-1] == TurnStarted(attacker=BIRCH, turn=1)


def test_three_fighters_take_turns_in_order_and_pick_targets(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH, CEDAR])
    state, events = accept(state, BIRCH, NO_DICE, sheets)
    assert kinds(events) == ["accepted"]
    assert state.phase is Phase.AWAITING_ACCEPTANCE  # Cedar has not accepted yet
    state, events = accept(state, CEDAR, NO_DICE, sheets)
    assert kinds(events) == ["accepted", "combat-started"]
    state, _ = decide_first(state, BIRCH)

    with pytest.raises(PawpostError, match=r"^Choose which cat to attack\.$"):
        attack(state, BIRCH, NO_DICE, sheets)
    state, events = attack(state, BIRCH, ScriptedDice([1, 20]), sheets, target=ASH)
    assert the(Attacked, events[0]).target == ASH
    assert state.attacker == CEDAR
    state, _ = attack(state, CEDAR, ScriptedDice([1, 20]), sheets, target=BIRCH)
    assert state.attacker == ASH
    state, _ = attack(state, ASH, ScriptedDice([1, 20]), sheets, target=CEDAR)
    assert state.attacker == BIRCH


def test_with_three_fighters_a_cat_let_go_leaves_and_the_others_fight_on(
    sheets: dict[int, GermSheet],
) -> None:
    state = fighting(sheets, fighters=(ASH, BIRCH, CEDAR), first=BIRCH)
    with pytest.raises(PawpostError, match=r"^Choose which cat to run from\.$"):
        run(state, BIRCH)
    state, _ = run(state, BIRCH, chaser=CEDAR)
    with pytest.raises(PawpostError, match="Only the cat being run from"):
        let_go(state, ASH)
    state, events = let_go(state, CEDAR)
    assert kinds(events) == ["let-go", "left-combat", "turn-started"]
    assert state.active == (ASH, CEDAR)
    assert state.left == (BIRCH,)
    assert state.attacker == CEDAR
    with pytest.raises(PawpostError, match="not in this combat"):
        attack(state, CEDAR, NO_DICE, sheets, target=BIRCH)
    state, events = attack(state, CEDAR, ScriptedDice([1, 20]), sheets)  # the one left: Ash
    assert the(Attacked, events[0]).target == ASH


def test_combat_ends_when_all_fighters_agree(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets)
    state, events = agree_to_end(state, BIRCH)
    assert kinds(events) == ["end-voted"]
    assert not state.is_over
    with pytest.raises(PawpostError, match="already agreed"):
        agree_to_end(state, BIRCH)
    state, events = agree_to_end(state, ASH)
    assert kinds(events) == ["end-voted", "combat-ended"]
    assert state.end_reason is EndReason.AGREED


def test_an_admin_can_end_a_combat(sheets: dict[int, GermSheet]) -> None:
    state, events = end_combat(fighting(sheets))
    assert kinds(events) == ["combat-ended"]
    assert state.end_reason is EndReason.ADMIN


def test_a_declined_challenge_ends_the_combat(sheets: dict[int, GermSheet]) -> None:
    state, events = decline(start_combat([ASH, BIRCH]), BIRCH)
    assert kinds(events) == ["combat-ended"]
    assert state.end_reason is EndReason.DECLINED


def test_every_transition_raises_the_version_and_a_stale_click_is_refused(
    sheets: dict[int, GermSheet],
) -> None:
    state = start_combat([ASH, BIRCH])
    check_version(state, 0)
    after, _ = accept(state, BIRCH, NO_DICE, sheets)
    assert after.version == 1
    with pytest.raises(PawpostError, match="out of date"):
        check_version(after, 0)


def test_state_and_events_survive_a_json_round_trip(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets)
    state, events = attack(state, ASH, ScriptedDice([20, 1]), sheets)
    assert CombatState.model_validate_json(state.model_dump_json()) == state
    adapter = TypeAdapter(list[CombatEvent])
    assert adapter.validate_json(adapter.dump_json(events)) == events


# Refusals.


def test_starting_needs_two_different_cats() -> None:
    with pytest.raises(PawpostError, match=r"^A combat needs at least two cats\.$"):
        start_combat([ASH])
    with pytest.raises(PawpostError, match="only once"):
        start_combat([ASH, ASH])


def test_an_ambush_needs_another_fighter_as_its_target() -> None:
    with pytest.raises(PawpostError, match=r"^A cat cannot ambush itself\.$"):
        start_combat([ASH, BIRCH], ambush_target=ASH)
    with pytest.raises(PawpostError, match="must be one of the fighters"):
        start_combat([ASH, BIRCH], ambush_target=CEDAR)


def test_acceptance_refusals(sheets: dict[int, GermSheet]) -> None:
    state = start_combat([ASH, BIRCH, CEDAR])
    with pytest.raises(PawpostError, match=r"^You cannot accept your own challenge\.$"):
        accept(state, ASH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^That cat is not in this combat\.$"):
        accept(state, DUSK, NO_DICE, sheets)
    state, _ = accept(state, BIRCH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^You have already accepted\.$"):
        accept(state, BIRCH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^The combat has not been accepted yet\.$"):
        attack(state, ASH, NO_DICE, sheets)
    state, _ = accept(state, CEDAR, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^This combat has already started\.$"):
        accept(state, CEDAR, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^This combat has already started\.$"):
        decline(state, CEDAR)
    with pytest.raises(PawpostError, match=r"^Who attacks first has not been decided yet\.$"):
        attack(state, ASH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match="not in this combat"):
        choose_first(state, ASH, DUSK)


def test_it_is_not_your_turn(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets, first=ASH)
    with pytest.raises(PawpostError, match=r"^It is not your turn\.$"):
        attack(state, BIRCH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^A cat cannot attack itself\.$"):
        attack(state, ASH, NO_DICE, sheets, target=ASH)
    with pytest.raises(PawpostError, match=r"^That cat is not in this combat\.$"):
        attack(state, DUSK, NO_DICE, sheets)


def test_targets_cannot_run_or_hide(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets, first=ASH)
    with pytest.raises(PawpostError, match=r"^Targets cannot run; wait for your turn\.$"):
        run(state, BIRCH)
    with pytest.raises(PawpostError, match=r"^Targets cannot hide; wait for your turn\.$"):
        hide(state, BIRCH, NO_DICE, sheets)


def test_while_a_chase_is_pending_only_the_cat_run_from_acts(
    sheets: dict[int, GermSheet],
) -> None:
    state = fighting(sheets, first=ASH)
    state, _ = run(state, ASH)
    with pytest.raises(PawpostError, match=r"^Waiting for the cat being run from"):
        attack(state, ASH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match="Only the cat being run from can chase"):
        chase(state, ASH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match="Only the cat being run from"):
        let_go(state, ASH)


def test_only_the_hidden_cat_chooses(sheets: dict[int, GermSheet]) -> None:
    state = fighting(sheets, first=ASH)
    state, _ = hide(state, ASH, ScriptedDice([14, 10]), sheets)
    with pytest.raises(PawpostError, match=r"^Only the hidden cat can choose\.$"):
        hide_choice(state, BIRCH, HideChoice.ESCAPE, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=r"^Waiting for the hidden cat"):
        attack(state, BIRCH, NO_DICE, sheets)


def test_only_the_wounded_cat_chooses_the_disability_and_the_combat_waits_for_it(
    sheets: dict[int, GermSheet],
) -> None:
    state = fighting(sheets, first=ASH)
    state, _ = attack(state, ASH, ScriptedDice([20, 1]), sheets)  # 25 − 4 = 21
    assert state.disabled == BIRCH
    assert state.attacker_after_disability == BIRCH
    with pytest.raises(PawpostError, match="Only the wounded cat's player"):
        choose_disability(state, ASH, Disability.BLINDED)
    with pytest.raises(PawpostError, match=r"^Waiting for the wounded cat's disability"):
        attack(state, BIRCH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match="disability before ending"):
        end_combat(state)
    with pytest.raises(PawpostError, match="disability before ending"):
        agree_to_end(state, ASH)
    state, events = choose_disability(state, BIRCH, Disability.DISFIGURED_LIMB)
    assert events[-1] == TurnStarted(attacker=BIRCH, turn=2)


def test_nothing_happens_after_the_combat_is_over(sheets: dict[int, GermSheet]) -> None:
    state, _ = end_combat(fighting(sheets))
    over = r"^This combat is over\.$"
    with pytest.raises(PawpostError, match=over):
        attack(state, ASH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=over):
        run(state, ASH)
    with pytest.raises(PawpostError, match=over):
        hide(state, ASH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=over):
        chase(state, BIRCH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=over):
        accept(state, BIRCH, NO_DICE, sheets)
    with pytest.raises(PawpostError, match=over):
        end_combat(state)
    with pytest.raises(PawpostError, match=over):
        agree_to_end(state, ASH)
    with pytest.raises(PawpostError, match=over):
        set_terrain(state, allows_hiding=True)
