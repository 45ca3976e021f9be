"""The bestiary's specials as pure rules (book l. 429-607), Destructive attacks and the
Taurian's sacrifice (l. 377, 92), natural armour (l. 83, 85) and late arrivals."""

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
    end_turn,
    harm_npc,
    in_reach,
    npc,
    place,
    rows_between,
)
from rules.caverns.battle.special_state import SpecialState
from rules.caverns.battle.specials import (
    Offering,
    ambush_penalty,
    arrivals,
    arrive,
    brigands_break,
    burrow_roll,
    counter_binds,
    counter_damage,
    cowardice,
    cowardly,
    destructive_flourish,
    died,
    drag,
    drowning,
    eggsac,
    expend_piece,
    fed_zombie,
    flee_attribute,
    has_entourage,
    indoctrinate,
    merchant_purse,
    players_turns,
    roll_defenders,
    sacrifice,
    sacrifice_armour,
    shocks,
    special_uses_left,
    spend_special,
    split_damage,
    yielded,
)
from rules.caverns.catalogue import ItemKind, Range
from rules.caverns.races import Race
from rules.caverns.records import Item
from rules.caverns.skills.stealth import ejected, enemy_rows_loss
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make

ORDER = (Attribute.WIND, Attribute.WOOD, Attribute.WATER, Attribute.FIRE, Attribute.METAL)


def hero(name: str = "Brunhild", row: Row = Row.FRONT, reach: Range = Range.MELEE) -> Combatant:
    return Combatant(id=0, name=name, side=PARTY, row=row, character_id=1, range=reach)


def creature(name: str, row: Row = Row.FRONT) -> Combatant:
    return npc(find_creature(name), "enemies", row)


def battle(*fighters: Combatant) -> BattleState:
    state = BattleState()
    for fighter in fighters:
        state = place(state, fighter)
    return state


# --- Three uses of a special (l. 429) ------------------------------------------------------


def test_an_npc_s_harmony_0_gives_three_uses_of_its_special() -> None:
    beast = creature("Rockeater")
    assert special_uses_left(beast) == 3
    once = spend_special(beast)
    thrice = spend_special(spend_special(once))
    assert (once.harmony, special_uses_left(once)) == (-1, 2)
    assert special_uses_left(thrice) == 0
    with pytest.raises(PawpostError, match="three times already"):
        spend_special(thrice)


# --- Counter-attacks -----------------------------------------------------------------------


def test_the_urchin_s_spines_add_one_against_melee_attackers_only() -> None:
    state = battle(hero(), hero("Ilsa", Row.BACK, Range.REACH), creature("Urchin"))
    near, far, urchin = state.combatants
    assert counter_damage(urchin, near) == 2  # from the adjacent row
    assert counter_damage(urchin, far) == 1  # from two rows away: no spines
    assert counter_damage(creature("Brigand"), near) == 2  # its own Damage, nothing added


def test_only_the_solifugid_s_counter_attack_binds() -> None:
    assert counter_binds(creature("Solifugid"))
    assert not counter_binds(creature("Urchin"))


def test_the_albino_eel_shocks_its_first_attacker_only() -> None:
    eel = creature("Albino Eel")
    assert shocks(eel)
    assert not shocks(eel.model_copy(update={"special": SpecialState(shocked=True)}))
    assert not shocks(creature("Urchin"))


# --- The Mantekarr's drag (l. 451) ---------------------------------------------------------


def test_the_mantekarr_drags_its_prey_into_its_back_row() -> None:
    state = battle(hero(), hero("Ilsa", Row.BACK), creature("Mantekarr"), creature("Brigand"))
    prey, ilsa, mantekarr, brigand = state.combatants
    dragged = drag(state, mantekarr, prey)
    taken = dragged.combatant(prey.id)
    assert (taken.among, taken.row) == ("enemies", Row.BACK)
    assert dragged.combatant(mantekarr.id).row is Row.BACK
    # The party's front row emptied: Ilsa moves up; the prey stays where it was dragged.
    assert dragged.combatant(ilsa.id).row is Row.FRONT
    # In the enemies' back row: beside the Mantekarr, behind the Brigand, two rows from Ilsa.
    assert rows_between(taken, dragged.combatant(mantekarr.id)) == 0
    assert rows_between(taken, brigand) == 1
    assert rows_between(dragged.combatant(ilsa.id), taken) == 2
    assert in_reach(dragged.combatant(mantekarr.id), taken)
    # There the prey takes double damage, and harmed it is back in its own front row.
    assert enemy_rows_loss(taken, 2) == 4
    assert enemy_rows_loss(ilsa, 2) == 2
    freed = ejected(dragged, taken.id)[0].combatant(prey.id)
    assert (freed.among, freed.row) == (None, Row.FRONT)


def test_a_mantekarr_alone_in_its_front_row_cannot_flee_back() -> None:
    state = battle(hero(), creature("Mantekarr"))
    prey, mantekarr = state.combatants
    with pytest.raises(PawpostError, match="alone holds its front row"):
        drag(state, mantekarr, prey)


# --- Drowning, feeding ---------------------------------------------------------------------


def test_a_kraken_drowns_the_bound_for_two_a_turn() -> None:
    state = battle(hero(), creature("Kraken"))
    assert drowning(state, state.combatants[0]) == 2
    assert drowning(battle(hero(), creature("Mantekarr")), hero()) == 0


def test_a_death_while_ablaze_feeds_every_inferno_beetle() -> None:
    state = battle(hero(), creature("Inferno Beetle"), creature("Urchin"))
    fed, lines = died(state, ablaze=True)
    beetle = fed.combatants[1]
    assert (beetle.health, beetle.max_health) == (5, 5)
    assert lines == ["Inferno Beetle feeds on the flames: +2 Health (5)."]
    assert died(state, ablaze=False) == (state, [])


def test_the_zombie_gains_one_health_a_bite_to_five_and_its_attributes_follow() -> None:
    zombie = creature("Zombie")
    assert tuple(zombie.attributes[a] for a in ORDER) == (-2, 1, 0, 0, 0)
    four = fed_zombie(zombie)
    five = fed_zombie(four)
    assert (four.health, five.health, fed_zombie(five).health) == (4, 5, 5)
    assert tuple(five.attributes[a] for a in ORDER) == (0, 3, 2, 2, 2)


# --- Villagers (l. 537, 544-545) -----------------------------------------------------------


def test_the_villager_rolls_3_and_5_three_turns_five_defenders() -> None:
    state = battle(hero(), creature("Villager"))
    coming, roll = roll_defenders(ScriptedDice([3, 5]), state, leader=False)
    assert [d.face for d in roll.dice] == [3, 5]
    assert (coming.turns, coming.defenders, coming.rolled_at) == (3, 5, 0)
    doubled, _ = roll_defenders(ScriptedDice([3, 5]), state, leader=True)
    assert (doubled.turns, doubled.defenders) == (6, 10)


def test_the_defenders_arrive_when_the_players_turns_have_passed() -> None:
    state = battle(hero(), creature("Villager"))
    state = begin(state, [state.combatants[0].id])
    villager = state.combatants[1]
    coming, _ = roll_defenders(ScriptedDice([2, 4]), state, leader=False)
    special = villager.special.model_copy(update={"loyal": coming})
    state = state.model_copy(
        update={
            "combatants": [state.combatants[0], villager.model_copy(update={"special": special})]
        }
    )
    # Rolled during the first player's turn: two players' turns after that one, then they come.
    seen = []
    for _ in range(5):  # P (the roll), E, P, E, P
        state, lines = arrivals(state)
        seen.append(lines)
        state = end_turn(state)
    state, lines = arrivals(state)
    assert seen == [[], [], [], [], []]
    assert players_turns(state.turn) - coming.rolled_at == 2
    assert lines == [
        "**The village's 4 defenders arrive**, each a 7th-level example of a random class: the "
        "MC adds them with /battle add custom."
    ]
    assert arrivals(state)[1] == []  # told once


def test_the_leader_has_its_entourage_while_a_guard_lives() -> None:
    state = battle(hero(), creature("Village Leader"))
    leader = state.combatants[1]
    guard = creature("Villager").model_copy(update={"special": SpecialState(guard_of=leader.id)})
    guarded = place(state, guard)
    assert not has_entourage(state, leader)
    assert has_entourage(guarded, leader)
    fallen = guarded.combatants[2].model_copy(update={"dead": True})
    assert not has_entourage(
        guarded.model_copy(update={"combatants": [*state.combatants, fallen]}), leader
    )


# --- Brigands (l. 553-555) -----------------------------------------------------------------


def test_brigands_ambush_cowardice_and_breaking() -> None:
    state = battle(hero(), creature("Brigand"), creature("Brigand"), creature("Brigand"))
    you, first, second, third = state.combatants
    assert ambush_penalty(state, you)[0].value == -3
    assert ambush_penalty(battle(hero(), creature("Urchin")), you) == []
    hurt = second.model_copy(update={"health": 2})
    killed = third.model_copy(update={"dead": True, "health": 0})
    state = state.model_copy(update={"combatants": [you, first, hurt, killed]})
    assert cowardice(state, first) == 1 + 2
    assert cowardly(state, first)[0].value == -3
    assert cowardice(state, hurt) == 2  # its own wound does not count
    assert ambush_penalty(state, you)[0].value == -2  # the surviving brigands
    # The penalty 3 exceeds the 2 surviving brigands: they attempt to flee.
    assert brigands_break(state, first)
    assert not brigands_break(state, hurt)


def test_yielding_gives_up_all_gold_and_one_vitae() -> None:
    sheet = adjusted(make(), gold=140)
    after = yielded(sheet)
    assert (after.gold, after.vitae) == (0, sheet.vitae - 1)


# --- Rockeater, Cloier, Cult Leader, Merchant, Spidion --------------------------------------


def test_the_rockeater_burrows_with_metal_at_minus_three() -> None:
    roll = burrow_roll(ScriptedDice([4, 4]), creature("Rockeater", Row.FRONT))
    assert roll.total == 8 + 2 - 3
    assert flee_attribute(creature("Rockeater"), Attribute.WIND) is Attribute.METAL
    assert flee_attribute(creature("Urchin"), Attribute.WIND) is Attribute.WIND


def test_the_cloier_s_damage_is_divided_as_equally_as_possible() -> None:
    assert split_damage(20, 3) == [7, 7, 6]
    assert split_damage(20, 4) == [5, 5, 5, 5]
    assert split_damage(20, 0) == []


def test_the_cult_leader_indoctrinates_on_7_and_sacrifices_with_raised_dice() -> None:
    leader = creature("Cult Leader")
    assert indoctrinate(ScriptedDice([3, 2]), leader).succeeded  # 5 + Fire 2 = 7
    assert not indoctrinate(ScriptedDice([2, 2]), leader).succeeded
    assert sacrifice(ScriptedDice([3, 4]), Offering.CREATURE) == (3, 4)
    assert sacrifice(ScriptedDice([3, 4]), Offering.HUMANOID) == (4, 5)
    assert sacrifice(ScriptedDice([3, 4]), Offering.CULTIST) == (5, 6)


def test_the_merchant_s_wares_and_gold() -> None:
    purse = merchant_purse(ScriptedDice([3, 4, 2, 5, 1, 2, 3, 4]))
    assert purse.wares == 7 * 7 * 10
    assert purse.gold == (3 + 7) * 10


def test_the_spidion_s_eggsac() -> None:
    state = battle(hero(), creature("Spidion"))
    eggs = eggsac(state.combatants[1])
    assert (eggs.health, eggs.armour, eggs.damage) == (3, 3, 0)
    assert eggs.special.eggsac_of == state.combatants[1].id


# --- Armour --------------------------------------------------------------------------------


def test_destructive_attacks_ignore_an_npc_s_armour() -> None:
    fisher = creature("Cave Fisher")
    kept, lost = harm_npc(fisher, 2)
    assert (lost, kept.armour) == (0, 5)
    ruined, lost = harm_npc(fisher, 2, ignore_armour=True)
    assert (lost, ruined.armour, ruined.health) == (2, 6, 1)
    assert destructive_flourish("Rockeater") and destructive_flourish("Cloier")
    assert not destructive_flourish("Urchin") and not destructive_flourish(None)


def test_a_taurian_sacrifices_a_piece_of_armour() -> None:
    taurian = make(race=Race.TAURIAN)
    after, piece = sacrifice_armour(taurian)
    assert after.intact_armour == taurian.intact_armour - 1
    assert any(i.broken and i.name == piece.name for i in after.armour)
    with pytest.raises(PawpostError, match="Only a Taurian"):
        sacrifice_armour(make())
    bare = adjusted(
        taurian, equipment=tuple(i for i in taurian.equipment if i.kind is not ItemKind.ARMOUR)
    )
    with pytest.raises(PawpostError, match="no intact armour"):
        sacrifice_armour(bare)


def test_a_kephera_s_natural_armour_is_spent_after_its_items() -> None:
    kephera = make(race=Race.KEPHERA)
    bare = adjusted(kephera, equipment=(Item(name="Helmet", kind=ItemKind.ARMOUR),))
    assert bare.armour_left == 2
    first, name = expend_piece(bare)
    assert (name, first.intact_armour, first.intact_bonus_armour) == ("Helmet", 0, 1)
    second, name = expend_piece(first)
    assert (name, second.armour_left, second.bonus_armour_spent) == ("natural armour", 0, 1)
    with pytest.raises(PawpostError, match="no intact armour"):
        expend_piece(second)


# --- Late arrivals -------------------------------------------------------------------------


def test_late_arrivals_join_the_end_of_the_order_and_revive_a_decided_battle() -> None:
    state = battle(hero(), creature("Urchin"))
    state = begin(state, [state.combatants[0].id])
    late = arrive(state, hero("Ilsa"))
    assert late.order == [1, 3]
    # The Urchin falls: decided; a new enemy arrives and the next player's turn begins.
    fallen = late.combatants[1].model_copy(update={"dead": True})
    decided = end_turn(
        late.model_copy(update={"combatants": [late.combatants[0], fallen, late.combatants[2]]})
    )
    assert decided.phase is Phase.DECIDED
    revived = arrive(decided, creature("Brigand"))
    assert revived.phase is Phase.PLAYER and revived.current == 3
    before = arrive(battle(hero()), hero("Ilsa"))
    assert before.order == [] and before.phase is Phase.SETUP
    over = state.model_copy(update={"phase": Phase.OVER})
    with pytest.raises(PawpostError, match="over"):
        arrive(over, creature("Urchin"))


def test_the_bestiary_s_numbers_are_the_book_s() -> None:
    from rules.caverns.battle import specials as s

    assert (s.URCHIN_SPINES, s.EGGSAC_HEALTH, s.EGGSAC_ARMOUR) == (1, 3, 3)  # l. 437, 465
    assert (s.EXTRA_CRISPY_HEALTH, s.BURROW_PENALTY, s.DROWNING_HEALTH) == (2, 3, 2)  # 479-494
    assert (s.ELECTRICAL_SHOCK, s.LEADER_LOYAL_FACTOR, s.DEFENDER_LEVEL) == (2, 2, 7)  # 501-537
    assert (s.LEADER_LEVEL, s.GUARD_DICE, s.YIELD_VITAE) == (3, 1, 1)  # l. 546, 545, 553
    assert (s.BRIGAND_INJURED_PENALTY, s.BRIGAND_KILLED_PENALTY) == (1, 2)  # l. 555
    assert (s.ZOMBIE_HEALTH_PER_HIT, s.ZOMBIE_MOST_HEALTH) == (1, 5)  # l. 569
    assert (s.INDOCTRINATION_CONVERTS, s.SACRIFICE_HUMANOID, s.SACRIFICE_CULTIST) == (7, 1, 2)
    assert (s.MERCHANT_GOLD_FACTOR, s.MERCHANT_ROLLS, s.TAURIAN_SACRIFICE) == (10, 4, 1)
