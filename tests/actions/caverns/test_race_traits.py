"""The race traits the bot acts on (book l. 75-93): the Orclach's Health per kill, the Tae'dae's
hug and the Dracnari's fire breath (in a battle and outside), the Dwarf's drunk Vitae, the
Lucidian's sunlight and the Krokani's immunity to illusions."""

from __future__ import annotations

import pytest

from bot.actions.caverns import admin, characters, race_traits, skill_uses
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import rests
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import BRUNHILD, hurt, party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, actor, dump

MC = actor(ADMIN, admin=True)
OLGA = {
    **BRUNHILD,
    "name": "Olga",
    "race": "orclach",
    "extra": "wood",
    "tertiary": "rituals",
    "advanced": "Parry",
}


async def test_d6_an_orclach_regains_a_health_when_it_kills(services, dice) -> None:
    await party_of_three(services)
    await characters.create(services, actor(ADMIN + 1), **OLGA)
    await hurt(services, "Olga", 2)
    await battle.start(services, MC)
    await battle.join(services, actor(ADMIN + 1), "front")
    await battle.add_enemy(services, MC, "Urchin")
    await battle.set_order(services, MC, "Olga")
    dice.load(1, 2)  # 3 + Wood 3 + 2 for the Urchin's Wind of -2 = 8: it dies, Olga is safe
    killed = await battle.attack(services, actor(ADMIN + 1), "Urchin")
    text = "\n".join(killed.lines)
    assert "Urchin loses 1 Health (0 left): it dies!" in text
    assert "Orclach: Olga regains 1 Health for the kill (6)." in text  # 7 - 2 + 1
    assert (await sheet(services, "Olga")).health == 6


async def test_d9_a_taedae_hugs_and_a_dracnari_breathes_fire(services, dice, db) -> None:
    await party_of_three(services)
    await characters.create(
        services,
        actor(ADMIN + 1),
        **{**BRUNHILD, "name": "Tuk", "race": "taedae", "extra": "water"},
    )
    await characters.create(
        services,
        actor(ADMIN + 2),
        **{**BRUNHILD, "name": "Dax", "race": "dracnari", "extra": "water"},
    )
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^Only Tae'dae can hug\.$"):
        await skill_uses.use(services, actor(ALICE), "hug", target="Ilsa")
    with pytest.raises(PawpostError, match=r"^Name whom Tuk means to hug\.$"):
        await skill_uses.use(services, actor(ADMIN + 1), "hug")
    assert dump(db.path) == before
    hugged = await skill_uses.use(services, actor(ADMIN + 1), "hug", target="Ilsa")
    assert hugged.lines == ["Tuk hugs Ilsa: Ilsa is Bound."]
    assert (await sheet(services, "Ilsa")).has_condition(Condition.BOUND)
    breathed = await skill_uses.use(services, actor(ADMIN + 2), "breathe fire", target="Piper")
    assert breathed.lines == ["Dax breathes fire on Piper: Piper is Ablaze."]
    # In a battle, it is the turn's action, on someone in reach.
    await battle.start(services, MC)
    await battle.join(services, actor(ADMIN + 1), "front")
    await battle.add_enemy(services, MC, "Brigand")
    await battle.set_order(services, MC, "Tuk")
    done = await skill_uses.use(services, actor(ADMIN + 1), "hug", target="Brigand")
    text = "\n".join(done.lines)
    assert "Brigand is Bound by Tuk's hug." in text
    assert done.lines[-1].startswith("**Next:** The enemies' turn")


async def test_d9_a_dwarf_s_extra_vitae_while_drunk(services, dice, db) -> None:
    await party_of_three(services)
    await characters.create(
        services,
        actor(ADMIN + 1),
        **{**BRUNHILD, "name": "Durin", "race": "dwarf", "extra": "water"},
    )
    before = await sheet(services, "Durin")
    drunk = await race_traits.drunk(services, actor(ADMIN + 1), "yes")
    assert drunk.lines == [f"Durin is drunk: +1 Vitae ({before.vitae + 1}/{before.max_vitae + 1})."]
    with pytest.raises(PawpostError, match=r"^Only a Dwarf's Vitae"):
        await race_traits.drunk(services, actor(ALICE), "yes")
    sober = await race_traits.drunk(services, actor(ADMIN + 1), "no")
    assert sober.lines == [f"Durin sobers up: Vitae {before.vitae}/{before.max_vitae}."]
    await race_traits.drunk(services, actor(ADMIN + 1), "yes")
    dice.load(4, 4)
    await rests.rest_long(services, actor(ADMIN + 1))  # a day in the open sobers
    assert not (await sheet(services, "Durin")).drunk


async def test_d9_a_lucidian_takes_one_less_in_sunlight(services) -> None:
    await party_of_three(services)
    await characters.create(
        services,
        actor(ADMIN + 1),
        **{**BRUNHILD, "name": "Sol", "race": "lucidian", "extra": "wood"},
    )
    lit = await race_traits.set_sunlight(services, MC, "yes")
    assert lit.lines == ["<#10>'s party is in sunlight."]
    lost = await hurt(services, "Sol", 3)
    assert lost[0].startswith("Sol loses 2 Health")
    await hurt(services, "Brunhild", 3)  # no Lucidian: all of it
    assert (await sheet(services, "Brunhild")).health == 4
    await race_traits.set_sunlight(services, MC, "no")
    again = await hurt(services, "Sol", 1)
    assert again[0].startswith("Sol loses 1 Health")


async def test_d9_a_krokani_is_immune_to_illusions(services, db) -> None:
    await party_of_three(services)
    before = dump(db.path)
    for attempt in (
        admin.add_condition(services, MC, "Ilsa", "fear", illusion="yes"),
        hurt(services, "Ilsa", 2, "illusion"),
    ):
        with pytest.raises(PawpostError, match=r"immune to all forms of Illusion \(Krokani\)"):
            await attempt
    assert dump(db.path) == before
    await admin.add_condition(services, MC, "Brunhild", "fear", illusion="yes")
    assert (await sheet(services, "Brunhild")).has_condition(Condition.FEAR)
    await set_sheet(services, "Brunhild", conditions=())
