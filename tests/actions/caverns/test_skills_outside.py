"""Every skill whose effect is outside battle, one by one, through `/skill use`, the rests,
`/harmony benefits`, `/admin condition add` or creation: Fitness, Make Camp, Scry, Commune,
Barge's doors, sleeping at will (Bear, Control), the immunities, the Patron Totem and Moon's
dice, the implements' elements, and the Harmony skills' benefits; and the cure button an
admin's condition carries."""

from __future__ import annotations

import pytest

from bot.actions import approvals, buttons
from bot.actions.builder import verbs as builder
from bot.actions.caverns import admin, characters, conditions, skill_uses
from bot.actions.caverns.party import harmony, rests
from rules.caverns.catalogue import STARTER_CATALOGUE, ItemKind
from rules.caverns.conditions import CONDITIONS, Condition
from rules.caverns.party.harmony_skills import HarmonyBenefit, HarmonySkill
from rules.caverns.records import HarmonyPick, Item
from rules.caverns.skills import Totem
from rules.caverns.skillsets import Skillset
from rules.errors import PawpostError
from tests.actions.caverns.helpers import (
    BRUNHILD,
    caverns_server,
    ids,
    party_of_three,
    set_sheet,
    sheet,
)
from tests.conftest import ADMIN, ALICE, BOB, actor, dump

MC = actor(ADMIN, admin=True)
KROKANI_DRUID = {
    "name": "Selene",
    "race": "krokani",
    "character_class": "druid",
    "attributes": "wind 0, water +1, wood +1, fire +2, metal -1",  # Fire 3 with the race's +1
    "extra": "metal",
    "advanced": "Vines",
    "tertiary": "hunting",
    "implement": "wood/wind",
    "patron_totem": "sun",
}


async def make(services, name: str, **choices: str) -> None:  # type: ignore[no-untyped-def]
    await characters.create(services, actor(ALICE), **{**BRUNHILD, "name": name, **choices})


async def refused(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PawpostError) as error:
        await call
    assert error.value.message == message


# --- Passive skills that work by themselves -------------------------------------------------


async def test_fitness_works_by_itself_at_the_first_successful_cure_roll(services, dice) -> None:
    await caverns_server(services)
    await make(services, "Tor", advanced="Vitality")  # Athletics' Basic is Fitness
    await refused(
        skill_uses.use(services, actor(ALICE), "fitness"),
        "Fitness works by itself: a condition that takes three rolls ends at your first success.",
    )
    await admin.add_condition(services, MC, "Tor", "sickness")
    dice.load(4, 3)  # 7 + Water 2: a success on the first of three rolls
    cured = await conditions.roll_cure(services, actor(ALICE), "sickness")
    assert cured.lines[:2] == ["2d6 [4, 3] + Water 2 = **9**", "**Tor is no longer Sick.**"]
    assert not (await sheet(services, "Tor")).has_condition(Condition.SICKNESS)


async def test_make_camp_works_by_itself_on_the_party_s_rest(services, dice) -> None:
    await caverns_server(services)
    await make(services, "Hale", advanced="Make Camp")
    await refused(
        skill_uses.use(services, actor(ALICE), "make camp"),
        "Make Camp works by itself: the party's rests get +3.",
    )
    dice.load(2, 3)
    rested = await rests.rest_short(services, actor(ALICE))
    assert "2d6 [2, 3] + Make Camp 3 = **8**" in rested.lines


@pytest.mark.parametrize(
    ("skill", "condition", "reason"),
    [
        ("combat:gripping", "disarm", "Gripping"),
        ("athletics:adrenaline", "fatigue", "Adrenaline"),
        ("athletics:adrenaline", "aeon", "Adrenaline"),
        ("acrobatics:contortion", "bound", "Contortion"),
        ("acrobatics:contortion", "prone", "Contortion"),
        ("acrobatics:dexterity", "clumsiness", "Dexterity"),
        ("rituals:rubeus", "pacifism", "Rubeus"),
        ("rituals:rubeus", "entrancement", "Rubeus"),
        ("dreamweaving:control", "sleeping", "Control"),
        ("psionics:second-sight", "blind", "Second Sight"),
    ],
)
async def test_an_immunity_refuses_the_mc_s_condition_outside_battle(
    services, db, skill, condition, reason
) -> None:
    await caverns_server(services)
    await make(services, "Tor")
    await set_sheet(services, "Tor", skills=(*(await sheet(services, "Tor")).skills, skill))
    before = dump(db.path)
    label = Condition(condition).label
    await refused(
        admin.add_condition(services, MC, "Tor", condition),
        f"This character is immune to {label} ({reason}).",
    )
    assert dump(db.path) == before


async def test_a_totem_protects_only_while_bonded(services) -> None:
    await caverns_server(services)
    await make(services, "Tor")
    await set_sheet(services, "Tor", patron_totem=Totem.SUN)
    await refused(
        admin.add_condition(services, MC, "Tor", "fatigue"),
        "This character is immune to Fatigue (the Sun totem).",
    )
    await set_sheet(services, "Tor", patron_totem=None, skills=(*BRUNHILD_SKILLS, "totems:night"))
    await admin.add_condition(services, MC, "Tor", "blind")  # learned, not bonded
    await set_sheet(services, "Tor", conditions=(), patron_totem=Totem.SUN, bound_totem=Totem.NIGHT)
    await refused(
        admin.add_condition(services, MC, "Tor", "blind"),
        "This character is immune to Blind (the Night totem).",
    )


BRUNHILD_SKILLS = (
    "combat:assault",
    "athletics:fitness",
    "hunting:animal-companion",
    "combat:parry",
)


# --- Skills used outside battle -------------------------------------------------------------


async def test_commune_spends_harmony_and_asks_the_mc(services, db) -> None:
    await caverns_server(services)
    await characters.create(services, actor(ALICE), **{**KROKANI_DRUID, "advanced": "Commune"})
    await refused(skill_uses.use(services, actor(ALICE), "commune"), "Say whom Commune is for.")
    used = await skill_uses.use(services, actor(ALICE), "commune", target="the cave owl")
    assert used.lines == ["Spent 1 Harmony: now +2.", "**For the MC**: What does the cave owl say?"]
    assert (await sheet(services, "Selene")).harmony == 2


async def test_barge_smashes_doors_for_the_mc_to_narrate(services) -> None:
    await caverns_server(services)
    await make(services, "Tor", advanced="Barge")
    used = await skill_uses.use(services, actor(ALICE), "barge")
    assert used.lines == [
        "**For the MC**: The door is smashed down with a face: what lies beyond it?"
    ]


async def test_bear_and_control_fall_asleep_at_will_with_the_wake_button(services, dice) -> None:
    await caverns_server(services)
    await characters.create(services, actor(ALICE), **{**KROKANI_DRUID, "patron_totem": "bear"})
    slept = await skill_uses.use(services, actor(ALICE), "bear")
    assert slept.lines == ["Selene falls Asleep, and wakes by a Harmony roll."]
    assert (await sheet(services, "Selene")).has_condition(Condition.SLEEPING)
    await refused(skill_uses.use(services, actor(ALICE), "bear"), "You are asleep already.")
    dice.load(3, 4)  # 7 + Harmony 3: awake, and Prone
    woke = await buttons.press(services, actor(ALICE), ids(slept)["Roll to end Sleeping"])
    assert woke.lines[1] == "**Selene wakes up Prone** (/stand to get up)."
    # A learned Bear that is not bonded does not sleep at will; Control does, though immune.
    await set_sheet(
        services,
        "Selene",
        conditions=(),
        patron_totem=Totem.SUN,
        skills=(
            "nature:implement",
            "totems:patron-totem",
            "hunting:animal-companion",
            "totems:bear",
        ),
    )
    await refused(
        skill_uses.use(services, actor(ALICE), "bear"),
        "You are not bonded with Bear today, so you cannot sleep at will.",
    )
    await set_sheet(
        services,
        "Selene",
        skillsets=(Skillset.NATURE, Skillset.TOTEMS, Skillset.DREAMWEAVING),
        skills=(
            "nature:implement",
            "totems:patron-totem",
            "dreamweaving:dreambody",
            "dreamweaving:control",
        ),
    )
    await skill_uses.use(services, actor(ALICE), "control")
    assert (await sheet(services, "Selene")).has_condition(Condition.SLEEPING)


# --- The Patron Totem and Moon's dice (l. 206, 209) ----------------------------------------


async def test_the_patron_totem_works_by_itself_and_gives_two_vitae_at_a_long_rest(
    services, dice
) -> None:
    await caverns_server(services)
    await characters.create(services, actor(ALICE), **KROKANI_DRUID)
    await refused(
        skill_uses.use(services, actor(ALICE), "patron totem"),
        "Patron Totem works by itself: you are always bonded to it, and at a Long Rest you bind "
        "the second totem planned with /harmony plan, or gain +2 Vitae.",
    )
    before = await sheet(services, "Selene")
    dice.load(3, 3)
    await rests.rest_long(services, actor(ALICE))
    after = await sheet(services, "Selene")
    assert after.max_vitae == before.max_vitae + 2


async def test_character_create_rolls_a_moon_patron_and_shows_the_dice(services, dice) -> None:
    await caverns_server(services)
    dice.load(1, 2, 3)  # Fire is +3: rerolled; Water +1; Wood -1
    made = await characters.create(
        services, actor(ALICE), **{**KROKANI_DRUID, "patron_totem": "moon"}
    )
    assert made.lines[1:] == [
        "Moon: raise Fire (rerolled): d6 **1**",
        "Moon: raise Water: d6 **2**",
        "Moon: lower Wood: d6 **3**",
        "Moon's bond: +1 Water, -1 Wood",
    ]
    assert (await sheet(services, "Selene")).moon is not None


async def test_a_moon_patron_is_made_while_sheets_wait_for_approval(services, dice) -> None:
    """The bond's dice make the sheet: they are logged with the creation, not refused as a held
    character's roll (which left a server with approval on unable to make a Moon Patron)."""
    await caverns_server(services)
    await approvals.set_approval(services, MC, "on")
    dice.load(1, 2, 3)
    made = await characters.create(
        services, actor(ALICE), **{**KROKANI_DRUID, "patron_totem": "moon"}
    )
    assert "Moon's bond: +1 Water, -1 Wood" in made.lines
    assert (await sheet(services, "Selene")).moon is not None


async def test_the_builder_rolls_moon_with_the_bot_s_dice_at_create(services, dice) -> None:
    await caverns_server(services)
    reply = await builder.new(services, actor(ALICE))
    for value in ("krokani", "druid", "totems+hunting", "0", "1", "1", "2", "-1", "metal"):
        assert reply.select is not None
        reply = await buttons.press(services, actor(ALICE), reply.select.custom_id, [value])
    assert reply.select is not None
    reply = await buttons.press(services, actor(ALICE), reply.select.custom_id, ["nature:vines"])
    for label, answers in (
        ("Name", {"name": "Selene"}),
        ("Implement and totem", {"implement": "wood/wind", "patron_totem": "moon"}),
    ):
        found = next(b for b in reply.buttons if b.label == label)
        opened = await buttons.press(services, actor(ALICE), found.custom_id)
        assert opened.modal is not None
        reply = await buttons.press(services, actor(ALICE), opened.modal.custom_id, fields=answers)
    assert "Ready: press Create to make it." in reply.lines  # the preview rolled nothing
    dice.load(6, 5, 4)  # a Druid's Damage 3 cannot rise: rerolled; Wind +1; Metal -1
    create = next(b for b in reply.buttons if b.label == "Create").custom_id
    made = await buttons.press(services, actor(ALICE), create)
    assert made.announce is not None  # the channel sees the dice
    assert "Moon: raise Damage (rerolled): d6 **6**" in made.announce.lines
    assert "Moon's bond: +1 Wind, -1 Metal" in made.announce.lines
    bond = (await sheet(services, "Selene")).moon
    assert bond is not None and (bond.raised.value, bond.lowered.value) == ("wind", "metal")


async def test_a_long_rest_binding_moon_shows_its_dice(services, dice) -> None:
    await caverns_server(services)
    await characters.create(
        services, actor(ALICE), **{**KROKANI_DRUID, "advanced": "Moon", "patron_totem": "sun"}
    )
    await harmony.plan(services, actor(ALICE), totem="moon")
    dice.load(3, 3, 1, 4, 1)  # the rest; Fire rerolled, Metal +1, Fire -1
    rested = await rests.rest_long(services, actor(ALICE))
    field = next(f.value for f in rested.fields if f.name == "Selene")
    assert "bound the Moon totem" in field
    assert (
        "Moon: raise Fire (rerolled): d6 **1**\nMoon: raise Metal: d6 **4**\n"
        "Moon: lower Fire: d6 **1**\nMoon's bond: +1 Metal, -1 Fire"
    ) in field


# --- Creation: the implements' elements (l. 167, 176) -------------------------------------


async def test_a_magery_implement_never_has_wood_and_a_nature_one_must(services, db) -> None:
    await caverns_server(services)
    before = dump(db.path)
    await refused(
        characters.create(
            services,
            actor(BOB),
            name="Ilsa",
            race="krokani",
            character_class="elementalist",
            attributes="wind 0, water +1, wood +1, fire +2, metal -1",
            extra="metal",
            advanced="Ignite",
            tertiary="psionics",
            implement="fire/wood",
        ),
        "A Magery implement may never have Wood as either of its elements.",
    )
    await refused(
        characters.create(services, actor(ALICE), **{**KROKANI_DRUID, "implement": "fire/wind"}),
        "A Nature implement must have Wood as one of its elements.",
    )
    assert dump(db.path) == before


# --- The Harmony skills' benefits outside battle (l. 324-349) ------------------------------


async def picks(services, name: str, skill: HarmonySkill, allowed: int) -> None:  # type: ignore[no-untyped-def]
    """The rest's roll is done: the pick waits for its benefits."""
    await set_sheet(
        services,
        name,
        harmony_picks=(HarmonyPick(skill=skill, total=5 * allowed, allowed=allowed),),
    )


async def test_sharp_as_steel_fixes_a_broken_item_for_good(services, dice) -> None:
    await party_of_three(services)
    kit = (await sheet(services, "Brunhild")).equipment
    broken = tuple(i.model_copy(update={"broken": i.name == "Sword"}) for i in kit)
    await set_sheet(services, "Brunhild", equipment=broken)
    await picks(services, "Brunhild", HarmonySkill.SHARP_AS_STEEL, 1)
    await refused(
        harmony.benefits(services, actor(ALICE), "sharp as steel", "fix item", item="Shortbow"),
        "You carry no broken Shortbow to fix.",
    )
    await harmony.benefits(services, actor(ALICE), "sharp as steel", "fix item", item="sword")
    after = await sheet(services, "Brunhild")
    assert not after.broken_items
    # Permanent: the next rest, whatever its roll, does not break it again.
    dice.load(1, 1)
    await rests.rest_short(services, actor(ALICE))
    assert not (await sheet(services, "Brunhild")).broken_items


async def test_sharp_as_steel_fixes_only_what_you_are_proficient_with(services) -> None:
    await party_of_three(services)
    hammer = Item(name="Warhammer", kind=ItemKind.MELEE_WEAPON, broken=True)
    await set_sheet(services, "Piper", equipment=(hammer,))
    await picks(services, "Piper", HarmonySkill.SHARP_AS_STEEL, 1)
    await refused(
        harmony.benefits(
            services, actor_of("Piper"), "sharp as steel", "fix item", item="Warhammer"
        ),
        "You can only fix an item you are proficient with; the Warhammer is not.",
    )


def actor_of(name: str):  # type: ignore[no-untyped-def]
    from tests.conftest import CAROL

    return actor({"Brunhild": ALICE, "Ilsa": BOB, "Piper": CAROL}[name])


async def test_sharp_as_steel_gives_a_proficiency_and_asks_the_mc(services, dice) -> None:
    await party_of_three(services)
    hammer = STARTER_CATALOGUE["warhammer"]
    assert not (await sheet(services, "Piper")).proficient_with(hammer)
    await picks(services, "Piper", HarmonySkill.SHARP_AS_STEEL, 2)
    taken = await harmony.benefits(
        services,
        actor_of("Piper"),
        "sharp as steel",
        "proficient with item, ask the mc",
        item="Warhammer",
    )
    assert "**For the MC**: answer one question about the world." in taken.lines
    assert (await sheet(services, "Piper")).proficient_with(hammer)
    dice.load(5, 5)
    await rests.rest_short(services, actor(ALICE))  # lasts until the next rest
    assert not (await sheet(services, "Piper")).proficient_with(hammer)


async def test_burn_with_passion_gives_vitae_to_an_ally_through_a_rest(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", vitae=1)
    await harmony.plan(services, actor_of("Ilsa"), skills="burn with passion")
    dice.load(2, 2, 6, 5)  # the rest (4); then 11 + Fire 3 = 14: two benefits
    rested = await rests.rest_short(services, actor(ALICE))
    field = next(f.value for f in rested.fields if f.name == "Ilsa")
    assert "Burn with Passion: 2d6 [6, 5] + Fire 3 = **14**: 2 benefits to choose" in field
    giver = await sheet(services, "Ilsa")
    await refused(
        harmony.benefits(
            services,
            actor_of("Ilsa"),
            "burn with passion",
            "give vitae",
            ally="Brunhild",
            vitae=giver.vitae + 1,
        ),
        f"You have {giver.vitae} Vitae to give, not {giver.vitae + 1}.",
    )
    await harmony.benefits(
        services, actor_of("Ilsa"), "burn with passion", "give vitae", ally="Brunhild", vitae=1
    )
    assert (await sheet(services, "Brunhild")).vitae == 2
    assert (await sheet(services, "Ilsa")).vitae == giver.vitae - 1


async def test_flow_like_the_river_makes_you_unruffled_by_fear(services) -> None:
    await party_of_three(services)
    await picks(services, "Ilsa", HarmonySkill.FLOW_LIKE_THE_RIVER, 1)
    await harmony.benefits(services, actor_of("Ilsa"), "flow like the river", "unruffled")
    await refused(
        admin.add_condition(services, MC, "Ilsa", "fear"),
        "This character is immune to Fear (Flow Like the River).",
    )


async def test_move_like_the_wind_and_the_tallest_tree_last_until_the_next_rest(
    services, dice
) -> None:
    await party_of_three(services)
    await picks(services, "Ilsa", HarmonySkill.MOVE_LIKE_THE_WIND, 2)
    moved = await harmony.benefits(
        services, actor_of("Ilsa"), "move like the wind", "teleport, unnoticed"
    )
    assert "Move Like the Wind's benefits apply to the whole party." in moved.lines
    await picks(services, "Brunhild", HarmonySkill.STRONG_AS_THE_TALLEST_TREE, 1)
    await harmony.benefits(services, actor(ALICE), "strong as the tallest tree", "lift three times")
    assert (await sheet(services, "Brunhild")).has_benefit(HarmonyBenefit.LIFT_THREE_TIMES)
    dice.load(5, 5)
    await rests.rest_short(services, actor(ALICE))
    assert not (await sheet(services, "Ilsa")).has_benefit(HarmonyBenefit.TELEPORT)
    assert not (await sheet(services, "Brunhild")).has_benefit(HarmonyBenefit.LIFT_THREE_TIMES)


# --- A condition outside battle asks for its cure roll (the button) -----------------------


@pytest.mark.parametrize("condition", [c.value for c in Condition])
async def test_an_admin_s_condition_with_a_cure_roll_carries_its_button(
    services, condition
) -> None:
    await party_of_three(services)
    added = await admin.add_condition(services, MC, "Brunhild", condition)
    chosen = Condition(condition)
    label = f"Roll to end {chosen.label}"
    if CONDITIONS[chosen].cure is None:
        assert added.buttons == []
    else:
        assert list(ids(added)) == [label] and added.mentions == [ALICE]
        assert added.lines[1].startswith(f"<@{ALICE}> rolls to end it when it is due:")


async def test_tree_form_adds_wood_to_health_outside_battle_too(services) -> None:
    await caverns_server(services)
    await characters.create(services, actor(ALICE), **KROKANI_DRUID)  # Wood +1
    before = await sheet(services, "Selene")
    await set_sheet(services, "Selene", level=2, advanced_skills_owed=1)
    learned = await rests.learn_skill(services, actor(ALICE), "Tree Form")
    assert learned.lines[0].startswith("Selene learns Tree Form (Nature)")
    assert (await sheet(services, "Selene")).max_health == before.max_health + 1
