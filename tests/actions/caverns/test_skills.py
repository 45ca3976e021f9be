"""`/skill use` for the skills that act outside battle: Scry's question for the MC, Twist
Fate's dice, Transmute's Vitae, Immunity's roll; passive and battle skills say so."""

from __future__ import annotations

import pytest

from bot.actions.caverns import characters, skill_uses
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import BRUNHILD, caverns_server, set_sheet, sheet
from tests.conftest import ALICE, actor, dump

ARRAY = "wind +2, water +1, wood +1, fire 0, metal -1"


async def make(services, name: str, **choices: str) -> None:  # type: ignore[no-untyped-def]
    await characters.create(services, actor(ALICE), **{**BRUNHILD, "name": name, **choices})


async def test_scry_spends_harmony_and_asks_the_mc(services) -> None:
    await caverns_server(services)
    await make(
        services,
        "Vell",
        character_class="guardian",
        tertiary="healing",
        advanced="Scry",
        implement="fire/water",
    )
    with pytest.raises(PawpostError, match=r"^Say whom Scry is for\.$"):
        await skill_uses.use(services, actor(ALICE), "scry")
    reply = await skill_uses.use(services, actor(ALICE), "Scry", target="the Kephera Princess")
    assert reply.lines == [
        "Spent 1 Harmony: now +2.",
        "**For the MC**: Where is the Kephera Princess?",
    ]
    assert (await sheet(services, "Vell")).harmony == 2


async def test_twist_fate_rolls_two_dice_to_hand_out(services, dice) -> None:
    await caverns_server(services)
    await make(services, "Orla", tertiary="rituals", advanced="Twist Fate")
    dice.load(6, 2)
    reply = await skill_uses.use(services, actor(ALICE), "twist fate")
    assert reply.lines[0] == "2d6 [6, 2] = **8**"
    assert reply.lines[2].startswith("Fated dice held: 6 and 2.")
    assert (await sheet(services, "Orla")).fated_dice == (6, 2)
    with pytest.raises(PawpostError, match="You still hold Twist Fate's dice"):
        await skill_uses.use(services, actor(ALICE), "twist fate")


async def test_transmute_spends_a_vitae_for_full_health(services) -> None:
    await caverns_server(services)
    await make(services, "Bram", advanced="Transmute")
    await set_sheet(services, "Bram", health=1)
    reply = await skill_uses.use(services, actor(ALICE), "transmute")
    assert reply.lines == ["Spent 1 Vitae: Health is full (7)."]
    after = await sheet(services, "Bram")
    assert (after.health, after.vitae) == (7, 2)


async def test_d10_transmute_refuses_at_full_health(services, db) -> None:
    await caverns_server(services)
    await make(services, "Tom", advanced="Transmute")
    before = dump(db.path)
    with pytest.raises(PawpostError) as full:
        await skill_uses.use(services, actor(ALICE), "transmute")
    assert full.value.message == (
        "Your Health is already full (7): Transmute would spend a Vitae for nothing."
    )
    assert dump(db.path) == before
    assert (await sheet(services, "Tom")).vitae == 3


async def test_immunity_rolls_water_against_4(services, dice) -> None:
    await caverns_server(services)
    await make(services, "Tor", advanced="Immunity")
    dice.load(1, 1)
    reply = await skill_uses.use(services, actor(ALICE), "immunity")
    assert reply.lines == [
        "2d6 [1, 1] + Water 2 = **4**",
        "**Shrugged off**: the poison does nothing.",
    ]


async def test_passive_battle_and_unknown_skills_are_one_sentence(services, db) -> None:
    await caverns_server(services)
    await make(services, "Hale", advanced="Make Camp")
    before = dump(db.path)
    for name, message in (
        ("make camp", "Make Camp works by itself: the party's rests get +3."),
        ("assault", "Assault is used in battle, not on its own."),
        ("transmute", "You do not have Transmute."),
        ("scry", "scry is not a skill of Combat, Athletics and Hunting."),
    ):
        with pytest.raises(PawpostError) as refused:
            await skill_uses.use(services, actor(ALICE), name)
        assert refused.value.message == message
    assert dump(db.path) == before


async def test_a_fated_die_makes_a_roll_doubles_of_it(services, dice, db) -> None:
    from bot.actions.caverns import moves
    from tests.actions.caverns.helpers import ILSA
    from tests.conftest import BOB

    await caverns_server(services)
    await make(services, "Orla", tertiary="rituals", advanced="Twist Fate")
    await characters.create(services, actor(BOB), **ILSA)
    dice.load(6, 2)
    await skill_uses.use(services, actor(ALICE), "twist fate")
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^Orla has not offered you a fated 6; its player"):
        await moves.roll_move(services, actor(BOB), "fire", fated_die=6, fated_from="Orla")
    with pytest.raises(PawpostError, match=r"^You hold no fated 5; your dice are 6 and 2\.$"):
        await moves.roll_move(services, actor(ALICE), "wood", fated_die=5)
    assert dump(db.path) == before
    reply = await moves.roll_move(services, actor(ALICE), "wood", fated_die=6)
    assert reply.lines[:3] == [
        "2d6 [6, 6] + Wood 2 = **14**",
        "**Success**: 14 meets 7.",
        "Doubles (6 and 6).",
    ]
    assert (await sheet(services, "Orla")).fated_dice == (2,)
    reply = await moves.flee_move(
        services,
        actor(900, admin=True),
        "front-to-back",
        character="Ilsa",
        fated_die=2,
        fated_from="Orla",
    )
    assert reply.lines[0] == "2d6 [2, 2] + Wind 0 = **4**"
    assert (await sheet(services, "Orla")).fated_dice == ()


async def test_d5_a_fated_die_is_offered_to_another_player_s_roll_and_taken(
    services, dice, db
) -> None:
    from bot.actions.caverns import admin, conditions, moves
    from bot.actions.caverns.party import market
    from tests.actions.caverns.helpers import ILSA, PIPER
    from tests.conftest import BOB, CAROL

    await caverns_server(services)
    await make(services, "Orla", tertiary="rituals", advanced="Twist Fate")
    await characters.create(services, actor(BOB), **ILSA)
    await characters.create(services, actor(CAROL), **PIPER)
    dice.load(5, 2)
    await skill_uses.use(services, actor(ALICE), "twist fate")
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^You hold no fated 4; your dice are 5 and 2\.$"):
        await skill_uses.give_fate(services, actor(ALICE), 4, "Ilsa")
    with pytest.raises(PawpostError, match=r"^Roll with your own die directly"):
        await skill_uses.give_fate(services, actor(ALICE), 5, "Orla")
    with pytest.raises(PawpostError, match=r"^Orla belongs to another player\.$"):
        await skill_uses.give_fate(services, actor(BOB), 5, "Ilsa", character="Orla")
    assert dump(db.path) == before
    offered = await skill_uses.give_fate(services, actor(ALICE), 5, "Ilsa")
    assert offered.mentions == [BOB]
    assert "roll with fated-die:5 fated-from:Orla" in offered.lines[0]
    with pytest.raises(PawpostError, match=r"^Orla has not offered you a fated 5"):
        await moves.roll_move(services, actor(CAROL), "fire", fated_die=5, fated_from="Orla")
    rolled = await moves.roll_move(services, actor(BOB), "fire", fated_die=5, fated_from="Orla")
    assert rolled.lines[0] == "2d6 [5, 5] + Fire 3 = **13**"
    assert (await sheet(services, "Orla")).fated_dice == (2,)
    assert (await sheet(services, "Ilsa")).fated_offers == ()
    with pytest.raises(PawpostError, match=r"^You hold no fated 5; your dice are 2\.$"):
        await moves.roll_move(services, actor(BOB), "fire", fated_die=5, fated_from="Orla")
    # The market and the cure roll take a fated die too.
    await skill_uses.give_fate(services, actor(ALICE), 2, "Piper")
    asked = await market.ask(services, actor(CAROL), "Helmet", fated_die=2, fated_from="Orla")
    assert asked.lines[0] == "2d6 [2, 2] + Fire 3 = **7**"
    assert (await sheet(services, "Orla")).fated_dice == ()
    await set_sheet(services, "Orla", fated_dice=(6, 1))
    await admin.add_condition(services, actor(900, admin=True), "Ilsa", "bound")
    await skill_uses.give_fate(services, actor(ALICE), 6, "Ilsa")
    cured = await conditions.roll_cure(
        services, actor(BOB), "bound", fated_die=6, fated_from="Orla"
    )
    assert cured.lines[0] == "2d6 [6, 6] + Wind 0 = **12**"
    assert not (await sheet(services, "Ilsa")).has_condition(Condition.BOUND)
