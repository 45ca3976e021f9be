"""Unknown bestiary, catalogue and poison names list the nearest (issue 30)."""

from __future__ import annotations

import pytest

from rules.caverns.battle.bestiary import find_creature
from rules.caverns.catalogue import STARTER_CATALOGUE, find_item, find_poison
from rules.errors import PawpostError
from rules.nearest import did_you_mean, nearest


def test_an_unknown_creature_names_the_nearest() -> None:
    with pytest.raises(PawpostError) as refused:
        find_creature("cave fishr")
    assert refused.value.message == '"cave fishr" is not in the bestiary. The nearest: Cave Fisher.'


def test_an_unknown_item_and_poison_name_the_nearest() -> None:
    with pytest.raises(
        PawpostError, match=r'no "Staf" in the market\'s catalogue. The nearest: Staff'
    ):
        find_item("Staf", STARTER_CATALOGUE)
    with pytest.raises(PawpostError, match="poisons. The nearest: Botulinum."):
        find_poison("botulin")


def test_nothing_near_adds_nothing() -> None:
    assert did_you_mean("xyzzy", ["Urchin", "Kraken"]) == ""
    assert nearest("KRAKN", ["Urchin", "Kraken"]) == ["Kraken"]
