"""`/character create` for Caverns: every race and every class, the kit and the sheet, and the
refusals (one sentence, nothing stored)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions import characters as core_characters
from bot.actions.caverns import characters
from rules.caverns.attributes import Attribute
from rules.caverns.races import RACES, Race
from rules.errors import PawpostError
from tests.actions.caverns.helpers import BRUNHILD, PIPER, caverns_server, sheet
from tests.conftest import ALICE, BOB, actor, dump

ARRAY = "wind +2, water +1, wood +1, fire 0, metal -1"
CLASSES: dict[str, dict[str, Any]] = {
    "warrior": {"tertiary": "hunting", "advanced": "Parry"},
    "monk": {"secondary": "acrobatics", "tertiary": "stealth", "advanced": "Parry"},
    "elementalist": {"tertiary": "psionics", "advanced": "Ignite", "implement": "fire/metal"},
    "guardian": {"tertiary": "healing", "advanced": "Scry", "implement": "fire/water"},
    "druid": {
        "tertiary": "hunting",
        "advanced": "Vines",
        "implement": "wood/wind",
        "patron_totem": "sun",
    },
    "wiccan": {
        "tertiary": "healing",
        "advanced": "Commune",
        "implement": "water/wood",
        "patron_totem": "bear",
    },
    "bard": {
        "tertiary": "illusions",
        "advanced": "Fugue",
        "implement": "fire/wind",
        "sick_beat": "ablaze, bound, confused",
    },
}
# (Damage, Health, Vitae, gold) of a Human with Water +2 and Fire +0 (base + Water, base + Fire).
NUMBERS = {
    "warrior": (2, 7, 3, 100),
    "monk": (2, 5, 2, 100),
    "elementalist": (3, 5, 3, 100),
    "guardian": (1, 4, 5, 100),
    "druid": (3, 5, 3, 100),
    "wiccan": (1, 4, 5, 100),
    "bard": (1, 4, 3, 200),
}


@pytest.mark.parametrize("character_class", list(CLASSES))
async def test_every_class_is_made_with_its_numbers_skills_and_kit(
    services, character_class
) -> None:
    await caverns_server(services)
    reply = await characters.create(
        services,
        actor(ALICE),
        name="Rook",
        race="human",
        character_class=character_class,
        attributes=ARRAY,
        extra="water",
        **CLASSES[character_class],
    )
    assert reply.title == "Rook joins the party"
    made = await sheet(services, "Rook")
    damage, health, vitae, gold = NUMBERS[character_class]
    assert (made.damage, made.health, made.max_health, made.vitae, made.gold) == (
        damage,
        health,
        health,
        vitae,
        gold,
    )
    assert made.harmony == 3 and made.level == 1
    assert (made.rations, made.torches) == (10, 3)
    assert len(made.skills) == 4
    assert made.carries("Basic clothing") and made.carries("Backpack")
    shown = await core_characters.show(services, actor(ALICE))
    fields = {field.name: field.value for field in shown.fields}
    assert fields["Health"] == f"{health} / {health}"
    assert fields["Vitae"] == f"{vitae} / {vitae}"
    assert "**Water** +2" in fields["Attributes"] and "**Harmony** +3" in fields["Attributes"]
    assert f"{gold} gold · 10 rations · 3 torches" == fields["Supplies"]
    assert "level 1, experience 0 of 4" in fields["Party"]


RACE_ITEMS = {Race.KEPHERA: "Katar", Race.ILLITHOID: "Anatine"}


@pytest.mark.parametrize("race", list(Race))
async def test_every_race_adds_its_attribute_and_keeps_its_trait(services, race) -> None:
    await caverns_server(services)
    row = RACES[race]
    extra = "water" if row.attribute is not Attribute.WATER else "metal"
    await characters.create(
        services,
        actor(ALICE),
        name="Rook",
        race=race.value,
        character_class="warrior",
        attributes=ARRAY,
        extra=extra,
        race_item=RACE_ITEMS.get(race),
        **CLASSES["warrior"],
    )
    made = await sheet(services, "Rook")
    base = {"wind": 2, "water": 1, "wood": 1, "fire": 0, "metal": -1}
    base[row.attribute.value] += 1
    base[extra] += 1
    assert {a.value: made.own(a) for a in Attribute if a is not Attribute.HARMONY} == base
    shown = await core_characters.show(services, actor(ALICE))
    assert f"{row.name}: {row.trait}" in [f.value for f in shown.fields]
    if race is Race.ILLITHOID:
        assert made.max_vitae == 4 and made.carries("Anatine")
    if race is Race.KEPHERA:
        assert "katar" in made.weapon_proficiencies


async def test_the_viscanti_bard_reaches_fire_3_with_the_extra_one(services) -> None:
    await caverns_server(services)
    await characters.create(services, actor(ALICE), **PIPER)
    made = await sheet(services, "Piper")
    assert made.own(Attribute.FIRE) == 3 and made.own(Attribute.METAL) == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"extra": "metal"},
            "Your extra +1 must go to an attribute other than Metal, which being Human already "
            "raises.",
        ),
        (
            {"attributes": "wind +4, water +1, wood +1, fire 0, metal -1"},
            "Your attributes must be +2, +1, +1, +0 and -1 in some order; you gave +4, +1, +1, "
            "+0 and -1.",
        ),
        ({"advanced": "Greater Implement"}, "Greater Implement is not a skill of"),
        ({"advanced": "Assault"}, "Assault is the Basic skill of Combat"),
        ({"tertiary": "magery"}, "Magery is not a tertiary skillset for a Warrior"),
        ({"race": "goblin"}, '"goblin" is not a race of Caverns and Cloiers.'),
        ({"attributes": "wind +2, water +1"}, "Wood, Fire and Metal are missing; give all five."),
        ({"equipment": "Sword, Lute"}, "A Warrior starts with 5 items"),
    ],
)
async def test_a_wrong_choice_is_one_sentence_and_stores_nothing(
    services, db, changes, message
) -> None:
    await caverns_server(services)
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await characters.create(services, actor(ALICE), **{**BRUNHILD, **changes})
    assert refused.value.message.startswith(message), refused.value.message
    assert dump(db.path) == before


async def test_an_advanced_skill_of_another_class_is_refused(services) -> None:
    await caverns_server(services)
    guardian = {
        "name": "Vell",
        "race": "human",
        "character_class": "guardian",
        "attributes": ARRAY,
        "extra": "water",
        **CLASSES["guardian"],
        "advanced": "Greater Implement",
    }
    with pytest.raises(PawpostError, match=r"^Greater Implement is for Elementalists only\.$"):
        await characters.create(services, actor(ALICE), **guardian)


async def test_a_name_is_taken_once_and_other_servers_refuse(services) -> None:
    await caverns_server(services)
    await characters.create(services, actor(ALICE), **BRUNHILD)
    with pytest.raises(PawpostError, match="already"):
        await characters.create(services, actor(BOB), **BRUNHILD)
    with pytest.raises(PawpostError, match="does not play Caverns|not built"):
        await characters.create(services, actor(ALICE, guild=2000), **BRUNHILD)


async def test_d7_the_sheet_shows_the_choices_the_player_made(services, dice) -> None:
    from bot.actions import characters as core_characters
    from tests.actions.caverns.helpers import BRUNHILD, PIPER
    from tests.conftest import BOB, CAROL

    await caverns_server(services)
    await characters.create(
        services, actor(ALICE), **{**BRUNHILD, "weapons": "Sword, Spear, Sling"}
    )
    await characters.create(services, actor(CAROL), **PIPER)
    await characters.create(
        services,
        actor(BOB),
        name="Khet",
        race="kephera",
        character_class="monk",
        attributes="wind +2, water +1, wood +1, fire 0, metal -1",
        extra="wind",
        secondary="acrobatics",
        tertiary="stealth",
        advanced="Parry",
        race_item="Katar",
    )
    dice.load(4, 6)  # Moon: +1 Metal, -1 Damage
    await characters.create(
        services,
        actor(ALICE),
        name="Luna",
        race="dwarf",
        character_class="warrior",
        attributes="wind +1, water +1, wood +2, fire 0, metal -1",
        extra="water",
        tertiary="totems",
        advanced="Sun",
        patron_totem="moon",
    )

    async def shown(user: int, name: str) -> dict[str, str]:
        reply = await core_characters.show(services, actor(user), name)
        return {field.name: field.value for field in reply.fields}

    brunhild = await shown(ALICE, "Brunhild")
    assert brunhild["Proficiencies"] == (
        "1. Any two melee weapons. 2. Shields. 3. Poisons. 4. Any one ranged weapon.\n"
        "Weapons chosen: Sword, Spear, Sling"
    )
    assert "Sick Beat: Ablaze, Bound, Confused" in (await shown(CAROL, "Piper"))["Skills"]
    assert "Kephera's Monk weapon: Katar" in (await shown(BOB, "Khet"))["Proficiencies"]
    luna = await shown(ALICE, "Luna")
    assert "Moon's bond: +1 Metal, -1 Damage" in luna["Skills"]
    assert luna["Proficiencies"].endswith("Dwarf: all axes")


async def test_s3_7_a_standard_pick_the_server_removed_names_the_option_to_use(
    services, db
) -> None:
    from bot.actions.caverns import admin
    from tests.actions.caverns.helpers import ILSA
    from tests.conftest import ADMIN

    await caverns_server(services)
    await admin.remove_item(services, actor(ADMIN, admin=True), "Staff")
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await characters.create(services, actor(BOB), **ILSA)
    assert refused.value.message == (
        "The class's standard equipment includes the Staff, which the server's catalogue no "
        "longer has: name yours with the equipment option (/catalogue lists what there is)."
    )
    assert dump(db.path) == before
    await characters.create(services, actor(BOB), **ILSA, equipment="Wand, Dagger")
    assert (await sheet(services, "Ilsa")).carries("Wand")


async def test_s3_7_another_player_s_party_is_shown_and_counts_read_well(services) -> None:
    from bot.actions.caverns.party import members
    from tests.actions.caverns.helpers import ILSA, set_sheet

    await caverns_server(services)
    await characters.create(services, actor(ALICE), **BRUNHILD)
    await characters.create(services, actor(BOB), **ILSA)
    await set_sheet(services, "Ilsa", torches=1, rations=1)
    shown = await members.show(services, actor(ALICE), character="Ilsa")
    assert "1 ration, 1 torch" in shown.lines[2]
    assert shown.lines[-1] == "4 torches, carried by Brunhild, Ilsa."
