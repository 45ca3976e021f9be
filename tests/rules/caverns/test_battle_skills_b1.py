"""The pure rules of Healing, Divination, Dreamweaving and Mysticism in battle (book l.
224-250): omens and their ties, Reversal, Death Prophesy, Anesthesia, Eternal Sleep, the
Mystic Chant's count, Balance and Retribution."""

from __future__ import annotations

import pytest

from rules.caverns.afflictions import cure_roll
from rules.caverns.attributes import Attribute
from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.rows import (
    PARTY,
    BattleState,
    Combatant,
    Phase,
    Row,
    end_turn,
    npc,
    place,
)
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.moves import Foe, do_battle, refuse_if_unable
from rules.caverns.moves import Move as MoveKind
from rules.caverns.party.rests import long_rest
from rules.caverns.rolling import is_doubles
from rules.caverns.sheet import REVERSAL_HIGHEST, REVERSAL_LOWEST
from rules.caverns.skills.common import at_end_of_turn, is_ally, previous_player
from rules.caverns.skills.divination import (
    DEATH_PROPHESY_EXTRA,
    DEATH_PROPHESY_MOST,
    RETRIBUTION_MOST_HARMONY,
    good_omen,
    highest,
    ill_omen,
    lowest,
    prophecy_at_turn,
    prophesied_damage,
    prophesy,
    retribution,
    reversal_of,
    reverse_npc,
    reverse_sheet,
    tried_to_harm,
)
from rules.caverns.skills.dreamweaving import ETERNAL_SLEEP_DIFFICULTY, can_be_woken, deepened
from rules.caverns.skills.healing import ANESTHESIA_MOST, anesthetised
from rules.caverns.skills.mysticism import (
    BALANCE_FACTOR,
    CHANT_MOST_TURNS,
    MEDITATION_FACTOR,
    PERFECTION_TURNS,
    balance,
    chant_at_turn,
    chant_broken,
    chant_ended,
    chant_kept,
    chant_started,
    chant_turns,
    is_lapsing,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, afflicted, make

FIRE, METAL, WOOD, WATER, WIND = (
    Attribute.FIRE,
    Attribute.METAL,
    Attribute.WOOD,
    Attribute.WATER,
    Attribute.WIND,
)


def test_the_book_s_numbers() -> None:
    assert (DEATH_PROPHESY_EXTRA, DEATH_PROPHESY_MOST, ANESTHESIA_MOST) == (3, 1, 1)
    assert (CHANT_MOST_TURNS, PERFECTION_TURNS, MEDITATION_FACTOR, BALANCE_FACTOR) == (7, 3, 2, 2)
    assert (ETERNAL_SLEEP_DIFFICULTY, RETRIBUTION_MOST_HARMONY) == (10, 3)
    assert (REVERSAL_LOWEST, REVERSAL_HIGHEST) == (3, -3)


def test_omens_by_the_lowest_and_highest_attribute_ties_in_the_book_s_order() -> None:
    brigand = {WIND: 1, WOOD: 0, WATER: 0, FIRE: 0, METAL: 1}
    assert lowest(brigand) is FIRE and ill_omen(brigand) is Condition.ABLAZE
    assert highest(brigand) is METAL and good_omen(brigand) is Condition.DISARM
    assert ill_omen({WIND: -2, WOOD: 0, WATER: 0, FIRE: 0, METAL: 0}) is Condition.PARANOIA
    assert ill_omen({WIND: 0, WOOD: -1, WATER: -1, FIRE: 0, METAL: 0}) is Condition.BROKEN_LIMB
    assert good_omen({WIND: 0, WOOD: 1, WATER: 2, FIRE: 0, METAL: 0}) is Condition.PACIFISM


def test_reversal_turns_the_lowest_to_plus_three_and_the_highest_to_minus_three() -> None:
    fisher = npc(find_creature("Cave Fisher"), "enemies", Row.FRONT)
    assert reversal_of(fisher.attributes) == (FIRE, METAL)  # Metal, Wood, Water tie at 3
    turned = reverse_npc(fisher)
    assert turned.attribute(FIRE) == 3 and turned.attribute(METAL) == -3
    assert turned.attribute(WOOD) == 3
    even = dict.fromkeys((WIND, WOOD, WATER, FIRE, METAL), 1)
    assert reversal_of(even) == (FIRE, METAL)  # two different attributes even when all tie


def test_a_reversed_sheet_keeps_within_its_new_maximums_until_the_long_rest() -> None:
    sheet = make()  # Wind +2 and Water +2 the highest, Fire 0 and Metal 0 the lowest
    turned = reverse_sheet(sheet)
    assert turned.reversal == (FIRE, WATER)  # ties: Fire before Metal, Water before Wind
    assert (turned.attribute(FIRE), turned.attribute(WATER)) == (3, -3)
    assert turned.attribute(WIND) == 2
    # Water is Health's attribute: at -3 the maximum falls, and Health with it.
    assert turned.health == turned.max_health == sheet.max_health - 5
    with pytest.raises(PawpostError, match="already under Reversal"):
        reverse_sheet(turned)
    rested = long_rest([turned], ScriptedDice([6, 6])).members[0].sheet
    assert rested.reversal is None and rested.health == sheet.max_health


def _two_sides() -> tuple[BattleState, Combatant, Combatant, Combatant]:
    state = BattleState()
    state = place(state, Combatant(id=0, name="Ana", side=PARTY, row=Row.FRONT, character_id=1))
    state = place(state, Combatant(id=0, name="Bo", side=PARTY, row=Row.BACK, character_id=2))
    state = place(state, npc(find_creature("Brigand"), "enemies", Row.FRONT))
    ana, bo, brigand = state.combatants
    return state, ana, bo, brigand


def test_death_prophesy_binds_two_enemies_until_one_lets_a_turn_pass() -> None:
    state, ana, bo, brigand = _two_sides()
    with pytest.raises(PawpostError, match="enemies of each other"):
        prophesy(state, ana, bo)
    state = prophesy(state, ana, brigand)
    assert prophesied_damage(state, brigand, 2, ana) == (5, "Death Prophesy: +3")
    assert prophesied_damage(state, brigand, 0, ana) == (0, "")
    assert prophesied_damage(state, ana, 4, bo) == (1, "Death Prophesy: at most 1")
    assert prophesied_damage(state, ana, 4, None) == (1, "Death Prophesy: at most 1")
    assert prophesied_damage(state, bo, 4, brigand) == (4, "")  # Bo is not bound
    state, ended = prophecy_at_turn(state, ana)  # her first turn after it is free
    assert ended == [] and state.effects
    state = tried_to_harm(state, ana, brigand)
    state, ended = prophecy_at_turn(state, ana)
    assert ended == [] and state.effects
    state, ended = prophecy_at_turn(state, ana)  # a whole turn without trying
    assert ended == ["Ana and Brigand"] and state.effects == []


def test_anesthesia_lets_one_health_through() -> None:
    assert (anesthetised(3), anesthetised(1), anesthetised(0)) == (1, 1, 0)


def test_eternal_sleep_wakes_only_to_a_harmony_roll_of_ten() -> None:
    sleep = deepened(ActiveCondition(condition=Condition.SLEEPING))
    assert not can_be_woken(sleep)
    assert can_be_woken(ActiveCondition(condition=Condition.SLEEPING))
    sheet = adjusted(make(), conditions=(sleep,))  # Harmony +3
    missed = cure_roll(sheet, Condition.SLEEPING, ScriptedDice([3, 3]))  # 6 + 3 = 9
    assert not missed.cured and missed.roll is not None and missed.roll.target == 10
    woke = cure_roll(sheet, Condition.SLEEPING, ScriptedDice([4, 3]))
    assert woke.cured


def test_a_dream_body_acts_while_asleep() -> None:
    asleep = afflicted(make(), Condition.SLEEPING)
    with pytest.raises(PawpostError, match="asleep"):
        refuse_if_unable(asleep, MoveKind.DO_BATTLE)
    dreamer = adjusted(asleep, skills=(*asleep.skills, "dreamweaving:dreambody"))
    refuse_if_unable(dreamer, MoveKind.DO_BATTLE)
    assert asleep.damage == 0 and dreamer.damage == make().damage > 0


def test_the_chant_counts_its_turns_up_to_seven() -> None:
    chanter = Combatant(id=1, name="Ana", side=PARTY, row=Row.FRONT, character_id=1)
    chant = chant_started(chanter, perfection=False)
    assert chant.amount == 0 and chant_started(chanter, perfection=True).amount == 3
    chant = chant_at_turn(chant)
    assert chant_turns(chant, prone=False, meditation=False) == 1
    for _ in range(9):
        chant = chant_at_turn(chant)
    assert chant.amount == 10 and chant_turns(chant, prone=False, meditation=False) == 7
    broken = chant_broken(chant, concentration=False)
    assert broken.amount == 0 and chant_at_turn(broken).amount == 0  # that turn adds nothing
    lapsing = chant_broken(chant, concentration=True)
    assert is_lapsing(lapsing) and chant_turns(lapsing, prone=False, meditation=False) == 0
    assert chant_at_turn(lapsing).amount == 0  # nobody kept it up: it ended
    kept = chant_kept(lapsing)
    assert chant_turns(kept, prone=False, meditation=False) == 7
    assert chant_at_turn(kept).amount == 10  # kept: the turn adds nothing but it goes on
    assert chant_at_turn(chant_ended(chant)).amount == 0  # Balance ends it
    three = chant_started(chanter, perfection=True)
    assert chant_turns(three, prone=True, meditation=True) == 6
    assert chant_turns(three, prone=True, meditation=False) == 3
    assert chant_turns(three, prone=False, meditation=True) == 3


def test_balance_makes_the_dice_twice_the_turns_as_doubles() -> None:
    assert balance(3) == (3, [])
    face, extra = balance(7)
    assert face == 6 and [m.value for m in extra] == [2]
    with pytest.raises(PawpostError, match="not chanting"):
        balance(0)
    sheet = make()  # Wood +1
    brigand = Foe(name="Brigand", attributes={WIND: 1}, damage=2)
    result = do_battle(sheet, brigand, ScriptedDice([]), fated_die=face, modifiers=extra)
    assert is_doubles(result.roll) and result.roll.total == 14 + 1 - 1
    assert result.flourishes == 1


def test_retribution_returns_the_damage_once_per_harmony() -> None:
    assert retribution(2, 3) == 6 and retribution(3, 1) == 3
    with pytest.raises(PawpostError, match="1 to 3 Harmony"):
        retribution(2, 4)
    with pytest.raises(PawpostError, match="1 to 3 Harmony"):
        retribution(2, 0)


def test_the_end_of_a_player_s_turn_and_who_has_allies() -> None:
    state, ana, bo, brigand = _two_sides()
    state = state.model_copy(
        update={
            "order": [ana.id, bo.id],
            "phase": Phase.PLAYER,
            "current": ana.id,
            "next_player": 1,
        }
    )
    assert at_end_of_turn(state, ana) and not at_end_of_turn(state, bo)
    state = end_turn(state)  # the enemies' turn, right after Ana's
    assert previous_player(state) == ana.id
    assert at_end_of_turn(state, ana) and not at_end_of_turn(state, bo)
    assert is_ally(ana, bo) and not is_ally(ana, ana) and not is_ally(ana, brigand)
    assert not is_ally(ana, bo, lambda c: c.id == bo.id)  # a Paranoid one has no allies
