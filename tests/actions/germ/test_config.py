"""Germ's `/config` commands: creation points, most in one stat, steal window, free-attack cut
(hole: "everything RULINGS marks (config) is reachable")."""

from __future__ import annotations

import pytest

from bot.actions import server_config
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import config as germ_config
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import boss
from tests.conftest import ALICE, actor, cat, dump


async def germ_field(services) -> str:
    shown = await server_config.show(services, actor(ALICE))
    return {f.name: f.value for f in shown.fields}["Germ"]


async def test_creation_points_and_most_in_a_stat_are_set_shown_and_used(services, db) -> None:
    await germ_config.max_per_stat(services, boss(), 10)
    await germ_config.creation_points(services, boss(), 30)
    assert (await germ_field(services)).startswith("30 points, at most 10 in a stat;")
    await germ_cats.create(
        services, actor(ALICE), **cat("Lionheart", strength=10, agility=10, stealth=1, perception=1)
    )
    with pytest.raises(PawpostError, match="a Germ cat has 30"):
        await germ_cats.create(services, actor(ALICE), **cat("Whitestorm"))


async def test_points_that_cannot_fit_in_six_stats_are_refused_in_one_sentence(
    services, db
) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_config.creation_points(services, boss(), 49)
    assert refused.value.message == (
        "49 points do not fit in 6 stats of at most 8 each (48 at the most), so lower the "
        "total or raise the most in a stat."
    )
    with pytest.raises(PawpostError, match="^The most in one stat must be 1 to 20 points"):
        await germ_config.max_per_stat(services, boss(), 21)
    with pytest.raises(PawpostError, match="^22 points do not fit in 6 stats of at most 3"):
        await germ_config.max_per_stat(services, boss(), 3)
    with pytest.raises(PawpostError, match="^A catch can be stolen for 1 to 28 days"):
        await germ_config.steal_window(services, boss(), 0)
    with pytest.raises(PawpostError, match="^Say on or off"):
        await germ_config.free_attack_agility_cut(services, boss(), "maybe")
    assert dump(db) == before


async def test_steal_window_and_free_attack_cut_are_set_and_shown(services) -> None:
    await germ_config.steal_window(services, boss(), 3)
    await germ_config.free_attack_agility_cut(services, boss(), "off")
    field = await germ_field(services)
    assert "catches can be stolen for 3 days" in field
    assert "free attacks cut by the target's Agility: off" in field


async def test_only_admins_change_germ_settings(services, db) -> None:
    before = dump(db)
    for change in (
        germ_config.creation_points(services, actor(ALICE), 20),
        germ_config.max_per_stat(services, actor(ALICE), 9),
        germ_config.steal_window(services, actor(ALICE), 2),
        germ_config.free_attack_agility_cut(services, actor(ALICE), "off"),
    ):
        with pytest.raises(PawpostError):
            await change
    assert dump(db) == before
