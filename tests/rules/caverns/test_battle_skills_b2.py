"""The pure rules of Illusions, Psionics, Stealth and Hunting in battle (book l. 253-279):
rows by key, Illusions, the enemy rows, Smudge's timer, Trapper, Harry and Mind Crush."""

from __future__ import annotations

import pytest

from rules.caverns.battle import rows
from rules.caverns.battle.rows import (
    PARTY,
    BattleState,
    Combatant,
    Row,
    begin,
    close_lines,
    escape,
    fled,
    flee_route,
    in_reach,
    npc_afflicted,
    place,
    replace,
    rows_between,
)
from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition
from rules.caverns.moves import FleeRoute
from rules.caverns.rolling import Band
from rules.caverns.skills import hunting, illusions, psionics, stealth
from rules.errors import PawpostError


def fighter(name: str, side: str, row: Row, *, character: bool = False) -> Combatant:
    return Combatant(
        id=0, name=name, side=side, row=row, character_id=1 if character else None, health=6,
        max_health=6, damage=2,
    )  # fmt: skip


def field() -> BattleState:
    """Ann (front) and Bo (back) for the party; Gob (front) and Gub (back) against them."""
    state = BattleState()
    for one in (
        fighter("Ann", PARTY, Row.FRONT, character=True),
        fighter("Bo", PARTY, Row.BACK, character=True),
        fighter("Gob", "enemies", Row.FRONT),
        fighter("Gub", "enemies", Row.BACK),
    ):
        state = place(state, one)
    return state


def test_the_book_s_numbers() -> None:
    assert (
        illusions.ILLUSION_BONUS,
        illusions.ILLUSORY_WALL_PENALTY,
        illusions.PHANTASMAGORA_DAMAGE,
    ) == (1, 1, 1)
    assert (psionics.PSI_ARMOUR_EXTRA, stealth.INFILTRATED_LOSS_FACTOR, stealth.WAYLAY_DAMAGE) == (
        1,
        2,
        2,
    )
    assert hunting.SMUDGE_DAMAGE == 7
    assert hunting.TRAPPER_CONDITIONS == (Condition.BOUND, Condition.BROKEN_LIMB, Condition.PRONE)


def test_rows_are_named_by_side_and_typed_with_or_without_the_side() -> None:
    state = field()
    assert rows.parse_row(state, "front", PARTY) == "party:front"
    assert rows.parse_row(state, " Enemies  BACK ", PARTY) == "enemies:back"
    assert rows.parse_row(state, "enemies:front", PARTY) == "enemies:front"
    assert rows.row_label("enemies:back") == "the enemies side's back row"
    with pytest.raises(PawpostError, match="Name a row"):
        rows.parse_row(state, "enemies middle", PARTY)
    with pytest.raises(PawpostError, match='No side called "orcs"'):
        rows.parse_row(state, "orcs front", PARTY)


def test_illusions_are_counted_per_row_and_expended_one_by_one() -> None:
    state = illusions.add_illusion(
        illusions.add_illusion(field(), "enemies:front"), "enemies:front"
    )
    assert illusions.illusions_in(state, "enemies:front") == 2
    state = illusions.expend_illusion(state, "enemies:front")
    assert state.illusions == {"enemies:front": 1}
    state = illusions.expend_illusion(state, "enemies:front")
    assert state.illusions == {}
    with pytest.raises(PawpostError, match="no Illusion in the enemies side's front row"):
        illusions.expend_illusion(state, "enemies:front")


def test_illusions_help_the_party_and_with_illusory_wall_hinder_its_enemies() -> None:
    state = illusions.add_illusion(illusions.add_illusion(field(), "party:back"), "party:back")
    (help_,) = illusions.illusion_modifiers(state, "party:back", party=True, wall=False)
    assert (help_.value, help_.reason) == (2, "Illusions")
    (wall,) = illusions.illusion_modifiers(state, "party:back", party=False, wall=True)
    assert (wall.value, wall.reason) == (-2, "Illusory Wall")
    assert illusions.illusion_modifiers(state, "party:back", party=False, wall=False) == []
    assert illusions.illusion_modifiers(state, "party:front", party=True, wall=True) == []


def test_phantasmagora_clears_every_illusion_and_hurts_enemies_by_their_row() -> None:
    state = illusions.add_illusion(
        illusions.add_illusion(field(), "enemies:front"), "enemies:front"
    )
    state = illusions.add_illusion(illusions.add_illusion(state, "party:front"), "enemies:back")
    cleared, hurt = illusions.phantasmagora(state)
    assert cleared.illusions == {}
    assert [(c.name, n) for c, n in hurt] == [("Gob", 2), ("Gub", 1)]


def test_an_infiltrator_stands_in_the_enemy_rows_for_reach_and_lines() -> None:
    state = field()
    ann = state.by_name("Ann")
    assert stealth.infiltration_row(state, ann, "enemies") == "enemies:front"
    state = stealth.moved_to(state, ann, "enemies:front")
    ann, bo, gob, gub = (state.by_name(n) for n in ("Ann", "Bo", "Gob", "Gub"))
    assert (ann.among, ann.ground, rows.standing(ann)) == ("enemies", "enemies", "enemies:front")
    # The party's front row emptied: Bo moved up to it.
    assert bo.row is Row.FRONT
    assert rows_between(ann, gob) == 0 and rows_between(gob, ann) == 0
    assert rows_between(ann, gub) == 1 and in_reach(ann, gub, Range.MELEE)
    assert rows_between(ann, bo) == 1 and rows_between(bo, ann) == 1
    assert rows_between(bo, gub) == 2
    # On from the enemies' front row to their back row, and no further.
    assert stealth.infiltration_row(state, ann, "enemies") == "enemies:back"
    deeper = stealth.moved_to(state, ann, "enemies:back")
    with pytest.raises(PawpostError, match="as deep"):
        stealth.infiltration_row(deeper, deeper.by_name("Ann"), "enemies")
    with pytest.raises(PawpostError, match="enemy side"):
        stealth.infiltration_row(state, bo, PARTY)


def test_infiltrate_starts_from_the_front_row() -> None:
    state = field()
    with pytest.raises(PawpostError, match="own front row first"):
        stealth.infiltration_row(state, state.by_name("Bo"), "enemies")


def test_an_infiltrator_does_not_hold_the_enemies_front_row_or_block_their_retreat() -> None:
    state = stealth.moved_to(field(), field().by_name("Ann"), "enemies:front")
    gone = state.by_name("Gob").model_copy(update={"dead": True})
    state = close_lines(replace(state, gone))
    assert state.by_name("Gub").row is Row.FRONT  # its side's own front row was empty


def test_loss_is_doubled_in_the_enemy_rows_and_the_hurt_are_thrown_back() -> None:
    state = stealth.moved_to(field(), field().by_name("Ann"), "enemies:front")
    ann = state.by_name("Ann")
    assert stealth.enemy_rows_loss(ann, 3) == 6
    assert stealth.enemy_rows_loss(state.by_name("Bo"), 3) == 3
    back, out = stealth.ejected(state, ann.id)
    assert out and (back.by_name("Ann").among, back.by_name("Ann").row) == (None, Row.FRONT)
    again, out = stealth.ejected(back, ann.id)
    assert not out and again == back


def test_the_dead_are_not_thrown_back() -> None:
    state = stealth.moved_to(field(), field().by_name("Ann"), "enemies:front")
    dead = replace(state, state.by_name("Ann").model_copy(update={"dead": True}))
    _, out = stealth.ejected(dead, 1)
    assert not out


def test_fleeing_from_the_enemy_rows_goes_back_to_your_own_front_row() -> None:
    state = stealth.moved_to(field(), field().by_name("Ann"), "enemies:back")
    ann = state.by_name("Ann")
    assert flee_route(state, ann) is FleeRoute.FRONT_TO_BACK
    assert fled(state, ann, FleeRoute.FRONT_TO_BACK, Band.MISS) == state
    home = fled(state, ann, FleeRoute.FRONT_TO_BACK, Band.STRONG).by_name("Ann")
    assert (home.among, home.row, home.gone) == (None, Row.FRONT, False)
    # A 7-9 gets home as its next turn starts; until then it stands where it was (l. 286).
    waiting = fled(state, ann, FleeRoute.FRONT_TO_BACK, Band.WEAK).by_name("Ann")
    assert (waiting.among, waiting.row, waiting.retreat) == ("enemies", Row.BACK, True)
    assert escape(waiting).among is None and escape(waiting).row is Row.FRONT


def test_truss_drags_the_foe_into_the_attacker_s_front_row() -> None:
    state = stealth.moved_to(field(), field().by_name("Ann"), "enemies:front")
    state = stealth.dragged(state, state.by_name("Ann"), state.by_name("Gub"))
    ann, gub = state.by_name("Ann"), state.by_name("Gub")
    assert (ann.among, ann.row) == (None, Row.FRONT)
    assert (gub.among, gub.row, rows.standing(gub)) == (PARTY, Row.FRONT, "party:front")
    assert stealth.enemy_rows_loss(gub, 2) == 4
    assert rows_between(gub, ann) == 0


def test_masquerade_fools_only_the_impostor_s_victims_allies() -> None:
    ann = field().by_name("Ann").model_copy(update={"masked_from": "enemies"})
    assert not stealth.may_attack(field().by_name("Gob"), ann)
    assert stealth.may_attack(fighter("Orc", "orcs", Row.FRONT), ann)
    assert stealth.may_attack(field().by_name("Gob"), field().by_name("Ann"))


def test_mind_crush_needs_less_health_than_harmony() -> None:
    assert psionics.may_mind_crush(2, 3)
    assert not psionics.may_mind_crush(3, 3)
    assert not psionics.may_mind_crush(0, -1)


def test_harry_keeps_the_companion_away_while_the_foe_is_bound_and_there() -> None:
    state = field()
    gob = state.by_name("Gob")
    ann = state.by_name("Ann").model_copy(update={"harrying": gob.id})
    assert not hunting.companion_away(state, ann)  # not Bound (yet)
    bound = replace(state, npc_afflicted(gob, Condition.BOUND))
    assert hunting.companion_away(bound, ann)
    dead = replace(bound, bound.by_name("Gob").model_copy(update={"dead": True}))
    assert not hunting.companion_away(dead, ann)
    assert not hunting.companion_away(bound, state.by_name("Ann"))


def test_smudge_burns_at_the_end_of_the_owner_s_next_turn_only() -> None:
    state = begin(field(), [1, 2]).model_copy(update={"turn": 4})
    ann = state.by_name("Ann")
    state = hunting.place_smudge(state, ann, "enemies:front")
    with pytest.raises(PawpostError, match="not burnt yet"):
        hunting.place_smudge(state, ann, "enemies:back")
    same, due = hunting.due_smudges(state, ann.id, 4)
    assert due == [] and same.smudges == state.smudges
    later, due = hunting.due_smudges(state, ann.id, 6)
    assert [s.row for s in due] == ["enemies:front"] and later.smudges == []
    assert [c.name for c in hunting.smudged(state, due[0])] == ["Gob"]
    _, others = hunting.due_smudges(state, 2, 6)
    assert others == []


def test_trapper_takes_the_three_conditions_in_order() -> None:
    assert hunting.trapper_choice([Condition.PRONE, Condition.BOUND]) == (
        Condition.PRONE,
        Condition.BOUND,
        Condition.BROKEN_LIMB,
    )
    assert hunting.trapper_choice([Condition.BROKEN_LIMB, Condition.PRONE, Condition.BOUND])[2] is (
        Condition.BOUND
    )
    for wrong in ([Condition.BOUND], [Condition.BOUND, Condition.BOUND]):
        with pytest.raises(PawpostError, match="in an order"):
            hunting.trapper_choice(wrong)
    with pytest.raises(PawpostError, match="among Bound, Broken Limb and Prone"):
        hunting.trapper_choice([Condition.BLIND, Condition.BOUND])


def test_traps_spring_once_each_and_the_flourish_stays() -> None:
    state = field()
    ann = state.by_name("Ann")
    state = hunting.set_trap(state, ann, [Condition.BOUND, Condition.PRONE])
    with pytest.raises(PawpostError, match="already"):
        hunting.set_trap(state, ann, [Condition.BOUND, Condition.PRONE])
    state, sprung = hunting.spring_traps(state, "advance")
    assert sprung == [Condition.BOUND]
    state, sprung = hunting.spring_traps(state, "advance")
    assert sprung == []
    state, sprung = hunting.spring_traps(state, "flee")
    assert sprung == [Condition.PRONE]
    assert hunting.trapper_flourish(state, ann.id) is Condition.BROKEN_LIMB
    assert hunting.trapper_flourish(state, 2) is None
    late = field().model_copy(update={"turn": 1})
    with pytest.raises(PawpostError, match="start of the battle"):
        hunting.set_trap(late, late.by_name("Ann"), [Condition.BOUND, Condition.PRONE])


def test_old_states_load_with_the_new_fields_empty() -> None:
    old = {
        "phase": "player",
        "combatants": [{"id": 1, "name": "A", "side": "party", "row": "front"}],
    }
    state = BattleState.model_validate(old)
    assert state.illusions == {} and state.smudges == [] and state.traps == []
    assert state.struck is None and state.turn_over is None
    a = state.combatant(1)
    assert (a.among, a.illusion_row, a.masked_from, a.harrying, a.turns_done) == (
        None, None, None, None, 0,
    )  # fmt: skip
