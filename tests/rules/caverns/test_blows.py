"""A blow on a character resolved whole (book l. 298, 385, 194, 264, 86): what is spent by itself
against a killing blow, what a piece gives back afterwards, a Lucidian's sunlight."""

from __future__ import annotations

from rules.caverns.battle.blows import Defence, given_back, in_sunlight, killing_blow_defence, kills
from rules.caverns.constants import ARMOUR_BLOCKS, LUCIDIAN_SUNLIGHT_REDUCTION
from rules.caverns.races import Race
from tests.rules.caverns.characters import adjusted, make


def test_a_blow_kills_when_it_takes_all_the_health_left() -> None:
    assert kills(2, 2) and kills(2, 5) and not kills(2, 1) and not kills(0, 3)


def test_a_piece_is_spent_by_itself_only_where_it_saves_the_character() -> None:
    hurt = adjusted(make(), health=2)
    assert killing_blow_defence(hurt, 3, piece=True, blocks=ARMOUR_BLOCKS) == Defence(
        piece=True, negated=3
    )
    assert killing_blow_defence(hurt, 1, piece=True, blocks=ARMOUR_BLOCKS) is None  # not lethal
    # 5 on 2 Health: a piece takes 3, the 2 left still kill: nothing is wasted on it.
    assert killing_blow_defence(hurt, 5, piece=True, blocks=ARMOUR_BLOCKS) is None
    assert killing_blow_defence(hurt, 3, piece=False, blocks=ARMOUR_BLOCKS) is None


def test_forcefield_s_harmony_joins_the_piece_as_little_as_it_must() -> None:
    psion = adjusted(make(), health=2, skills=(*make().skills, "psionics:forcefield"))
    saved = killing_blow_defence(psion, 5, piece=True, blocks=ARMOUR_BLOCKS)
    assert saved == Defence(piece=True, harmony=1, negated=5)
    broke = killing_blow_defence(psion.model_copy(update={"harmony": -3}), 5, piece=True, blocks=3)
    assert broke is None  # no Harmony below -3 (l. 72)


def test_a_piece_gives_back_no_more_than_the_blow_took() -> None:
    assert given_back(2, ARMOUR_BLOCKS) == 2  # a Fisher's 3 on 2 Health took only 2
    assert given_back(5, ARMOUR_BLOCKS) == ARMOUR_BLOCKS
    assert given_back(0, ARMOUR_BLOCKS) == 0


def test_a_lucidian_takes_one_less_in_sunlight() -> None:
    lucidian = make(race=Race.LUCIDIAN)
    assert in_sunlight(lucidian, 3, True) == 3 - LUCIDIAN_SUNLIGHT_REDUCTION
    assert in_sunlight(lucidian, 3, False) == 3
    assert in_sunlight(make(), 3, True) == 3
    assert in_sunlight(lucidian, 0, True) == 0
