"""The battlefield's pure rules: the book's kephera and illithoid rows (l. 405-411), the line
closing, who may flee straight out, and the turn-order example (l. 413-426)."""

from __future__ import annotations

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.rows import (
    PARTY,
    BattleState,
    Combatant,
    Phase,
    Row,
    begin,
    check_enemy_may_act,
    close_lines,
    end_turn,
    enemy_acted,
    enemy_attack,
    fled,
    flee_route,
    harm_npc,
    in_reach,
    may_leave,
    npc,
    npc_afflicted,
    npc_cured,
    place,
    replace,
    rows_between,
)
from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition
from rules.caverns.moves import FleeRoute
from rules.caverns.rolling import Band
from rules.dice import ScriptedDice
from rules.errors import PawpostError


def fighter(name: str, side: str, row: Row, weapon: Range = Range.MELEE, **more) -> Combatant:
    return Combatant(id=0, name=name, side=side, row=row, range=weapon, health=5,
                     max_health=5, **more)  # fmt: skip


def tunnel() -> BattleState:
    """Kephera: a Warder (kraken beak spear, Reach) in front of a Princess; illithoid: a
    Reaver in front of a Cenobite who attacks at range."""
    state = BattleState()
    for one in (
        fighter("Warder", "kephera", Row.FRONT, Range.REACH),
        fighter("Princess", "kephera", Row.BACK),
        fighter("Reaver", "illithoid", Row.FRONT),
        fighter("Cenobite", "illithoid", Row.BACK, Range.RANGED),
    ):
        state = place(state, one)
    return state


def test_the_front_rows_meet_and_the_back_rows_are_out_of_melee() -> None:
    state = tunnel()
    warder, princess, reaver, cenobite = (state.by_name(n) for n in
                                          ("Warder", "Princess", "Reaver", "Cenobite"))  # fmt: skip
    assert rows_between(warder, reaver) == 1 and rows_between(princess, cenobite) == 3
    assert in_reach(reaver, warder) and not in_reach(reaver, princess)
    # The Warder's spear reaches past the Reaver to the Cenobite; the Princess's melee does not.
    assert in_reach(warder, cenobite) and not in_reach(princess, reaver)
    # The Cenobite attacks either kephera from behind the Reaver.
    assert in_reach(cenobite, warder) and in_reach(cenobite, princess)


def test_the_line_closes_when_the_warder_dies_and_the_princess_may_flee_out() -> None:
    state = tunnel()
    warder = state.by_name("Warder")
    assert not may_leave(state, warder)  # people behind him: he must retreat first
    assert flee_route(state, warder) is FleeRoute.FRONT_TO_BACK
    state = close_lines(replace(state, warder.model_copy(update={"dead": True})))
    princess = state.by_name("Princess")
    assert princess.row is Row.FRONT
    assert in_reach(state.by_name("Reaver"), princess)
    assert may_leave(state, princess)
    assert flee_route(state, princess) is FleeRoute.FRONT_TO_OUT


def test_had_the_warder_fled_the_line_closes_the_same_way() -> None:
    state = tunnel()
    warder = state.by_name("Warder")
    state = fled(state, warder, FleeRoute.FRONT_TO_BACK, Band.STRONG)
    # His front row emptied: the back row, now him and the Princess, moves up (l. 410-411).
    assert {c.row for c in state.combatants if c.side == "kephera"} == {Row.FRONT}


def test_flee_bands_out_of_the_battle() -> None:
    state = tunnel()
    cenobite = state.by_name("Cenobite")
    assert flee_route(state, cenobite) is FleeRoute.BACK_TO_OUT
    assert fled(state, cenobite, FleeRoute.BACK_TO_OUT, Band.STRONG).by_name("Cenobite").gone
    weak = fled(state, cenobite, FleeRoute.BACK_TO_OUT, Band.WEAK).by_name("Cenobite")
    assert weak.leaving and weak.present  # it can be attacked until its next turn starts
    assert fled(state, cenobite, FleeRoute.BACK_TO_OUT, Band.MISS).by_name("Cenobite").present


def party_against(*enemies: str) -> BattleState:
    state = BattleState()
    for name in ("P1", "P2", "P3"):
        state = place(state, fighter(name, PARTY, Row.FRONT, character_id=len(name)))
    for name in enemies:
        state = place(state, fighter(name, "enemies", Row.FRONT))
    return state


def test_the_book_s_turn_order_p1_a_p2_b_p3_a_p1_c_p2_a_p3_b() -> None:
    state = party_against("A", "B", "C")
    state = begin(state, [state.by_name(n).id for n in ("P1", "P2", "P3")])
    seen = []
    for enemy in ("A", "B", "A", "C", "A", "B"):
        assert state.phase is Phase.PLAYER
        seen.append(state.combatant(state.current or 0).name)
        state = end_turn(state)
        assert state.phase is Phase.ENEMY
        check_enemy_may_act(state, state.by_name(enemy))
        seen.append(enemy)
        state = enemy_acted(state, state.by_name(enemy))
    assert seen == ["P1", "A", "P2", "B", "P3", "A", "P1", "C", "P2", "A", "P3", "B"]


def test_the_same_enemy_twice_in_a_row_is_refused_unless_it_is_the_only_one() -> None:
    state = party_against("A", "B")
    state = begin(state, [state.by_name(n).id for n in ("P1", "P2", "P3")])
    state = enemy_acted(end_turn(state), state.by_name("A"))
    state = end_turn(state)
    with pytest.raises(PawpostError, match="A acted last time; another enemy"):
        check_enemy_may_act(state, state.by_name("A"))
    state = replace(state, state.by_name("B").model_copy(update={"dead": True}))
    check_enemy_may_act(state, state.by_name("A"))  # B is dead: A may go again


def test_the_order_names_every_character_once_and_needs_an_enemy() -> None:
    state = party_against()
    with pytest.raises(PawpostError, match="at least one enemy"):
        begin(state, [state.by_name(n).id for n in ("P1", "P2", "P3")])
    state = party_against("A")
    with pytest.raises(PawpostError, match="every character in the battle once"):
        begin(state, [state.by_name("P1").id])


def test_the_dead_lose_their_turns_and_the_last_enemy_down_decides_it() -> None:
    state = party_against("A")
    state = begin(state, [state.by_name(n).id for n in ("P1", "P2", "P3")])
    state = replace(state, state.by_name("P2").model_copy(update={"dead": True}))
    state = enemy_acted(end_turn(state), state.by_name("A"))
    assert state.combatant(state.current or 0).name == "P3"
    state = replace(state, state.by_name("A").model_copy(update={"dead": True}))
    assert end_turn(state).phase is Phase.DECIDED


def test_one_leaving_on_a_7_to_9_is_gone_when_its_turn_comes() -> None:
    state = party_against("A")
    state = begin(state, [state.by_name(n).id for n in ("P1", "P2", "P3")])
    p2 = state.by_name("P2")
    state = replace(state, p2.model_copy(update={"leaving": True}))
    state = enemy_acted(end_turn(state), state.by_name("A"))
    assert state.by_name("P2").gone
    assert state.combatant(state.current or 0).name == "P3"


def test_a_bestiary_creature_and_its_armour_against_a_hit() -> None:
    brigand = npc(find_creature("Brigand"), "enemies", Row.FRONT)
    assert brigand.health == find_creature("Brigand").health
    armoured = brigand.model_copy(update={"armour": 1, "health": 5})
    hurt, lost = harm_npc(armoured, 4)
    assert (lost, hurt.health, hurt.armour) == (1, 4, 0)  # the piece took 3 of the 4
    hurt, lost = harm_npc(hurt, 9)
    assert (lost, hurt.health, hurt.dead) == (4, 0, True)


def test_an_enemy_attack_is_2d6_plus_its_wood_minus_the_target_s_wind() -> None:
    enemy = fighter("A", "enemies", Row.FRONT, attributes={Attribute.WOOD: 2})
    roll = enemy_attack(enemy, "P1", 1, ScriptedDice([3, 4]))
    assert roll.total == 3 + 4 + 2 - 1


def test_more_than_two_sides_each_face_the_party() -> None:
    state = party_against("A")
    state = place(state, fighter("Rat", "vermin", Row.BACK))
    rat = state.by_name("Rat")
    assert rat.row is Row.FRONT  # its side's front row was empty
    assert state.sides == [PARTY, "enemies", "vermin"]
    assert rows_between(state.by_name("P1"), rat) == 1


def test_an_npc_carries_its_own_conditions_in_the_battle() -> None:
    spidion = npc(find_creature("Spidion"), "spiders", Row.FRONT)
    bound = npc_afflicted(spidion, Condition.BOUND, from_flourish=True)
    blind = npc_afflicted(bound, Condition.BLIND, note="Starburst")
    assert [a.condition for a in blind.conditions] == [Condition.BOUND, Condition.BLIND]
    assert blind.condition(Condition.BOUND).from_flourish
    assert blind.condition(Condition.BLIND).note == "Starburst"
    again = npc_afflicted(blind, Condition.BOUND)  # afresh: no longer only until the rest
    assert again.condition(Condition.BOUND).from_flourish is False
    assert npc_cured(again, Condition.BOUND).condition(Condition.BOUND) is None
    assert npc_cured(spidion, Condition.PRONE) == spidion
