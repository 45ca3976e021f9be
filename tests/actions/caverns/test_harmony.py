"""Harmony skills at a rest: planned with `/harmony plan`, rolled by the rest (1 Harmony each,
down to −3, one benefit per full 5), taken with `/harmony benefits` until the next rest."""

from __future__ import annotations

import pytest

from bot.actions.caverns.party import harmony, rests
from rules.caverns.catalogue import ItemKind
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.records import Item
from rules.errors import PawpostError
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ALICE, BOB, CAROL, actor, dump


def member(reply, name: str) -> str:  # type: ignore[no-untyped-def]
    return next(field.value for field in reply.fields if field.name == name)


@pytest.mark.parametrize(
    ("skill", "user", "name", "faces", "rolled", "allowed", "chosen"),
    [
        # Brunhild: Wind +1, Water +2, Wood +2; Ilsa: Fire +3, Metal 0.
        (
            "move like the wind",
            ALICE,
            "Brunhild",
            (2, 2),
            "2d6 [2, 2] + Wind 1 = **5**",
            1,
            ["teleport"],
        ),
        (
            "flow like the river",
            ALICE,
            "Brunhild",
            (4, 4),
            "2d6 [4, 4] + Water 2 = **10**",
            2,
            ["unmovable", "unruffled"],
        ),
        (
            "strong as the tallest tree",
            ALICE,
            "Brunhild",
            (6, 6),
            "2d6 [6, 6] + Wood 2 = **14**",
            2,
            ["forceful attacks", "two free armour"],
        ),
        (
            "burn with passion",
            BOB,
            "Ilsa",
            (6, 6),
            "2d6 [6, 6] + Fire 3 = **15**",
            3,
            ["allies at least zero", "enemies at most zero"],
        ),
        ("sharp as steel", BOB, "Ilsa", (2, 1), "2d6 [2, 1] + Metal 0 = **3**", 0, []),
    ],
)
async def test_each_harmony_skill_rolls_its_attribute_for_a_benefit_per_full_5(
    services, dice, skill, user, name, faces, rolled, allowed, chosen
) -> None:
    await party_of_three(services)
    planned = await harmony.plan(services, actor(user), skill)
    assert planned.ephemeral and "(1 Harmony each, now +3)" in planned.lines[0]
    dice.load(5, 5, *faces)  # the rest's roll comes first
    reply = await rests.rest_short(services, actor(user))
    some = {0: "", 1: "1 benefit", 2: "2 benefits", 3: "3 benefits"}[allowed]
    if allowed:
        assert f"{rolled}: {some} to choose with /harmony benefits from " in member(reply, name)
    else:
        assert f"{rolled}: under 5: no benefit" in member(reply, name)
    after = await sheet(services, name)
    assert after.harmony == 3  # +3 - 1 for the skill + 1 for the rest (+2 for a Human, to +3)
    if not chosen:
        with pytest.raises(PawpostError, match="You have no Sharp as Steel roll waiting"):
            await harmony.benefits(services, actor(user), skill, "ask the mc")
        return
    taken = await harmony.benefits(services, actor(user), skill, ", ".join(chosen))
    assert taken.lines[0] == f"{name}, until the next rest:"
    left = [pick.allowed for pick in (await sheet(services, name)).harmony_picks]
    assert left == ([allowed - len(chosen)] if allowed > len(chosen) else [])  # kept to choose
    assert len(taken.lines) >= 1 + len(chosen)
    assert len((await sheet(services, name)).harmony_benefits) == len(chosen)
    dice.load(5, 5)
    await rests.rest_short(services, actor(user))
    assert (await sheet(services, name)).harmony_benefits == ()  # until the next rest


async def test_move_like_the_wind_is_for_the_whole_party(services, dice) -> None:
    await party_of_three(services)
    await harmony.plan(services, actor(ALICE), "move like the wind")
    dice.load(5, 5, 6, 6)
    await rests.rest_short(services, actor(ALICE))
    taken = await harmony.benefits(
        services, actor(ALICE), "Move Like the Wind", "ahead of schedule, unnoticed"
    )
    assert taken.lines[-1] == "Move Like the Wind's benefits apply to the whole party."


async def test_burn_with_passion_gives_vitae_to_an_ally(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Piper", vitae=2)
    await harmony.plan(services, actor(BOB), "burn with passion")
    dice.load(5, 5, 1, 1)  # 2 + Fire 3 = 5: one benefit
    await rests.rest_short(services, actor(BOB))
    with pytest.raises(PawpostError, match="is not another member of your party"):
        await harmony.benefits(
            services, actor(BOB), "burn with passion", "give vitae", ally="Ilsa", vitae=1
        )
    await harmony.benefits(
        services, actor(BOB), "burn with passion", "give vitae", ally="Piper", vitae=3
    )
    assert (await sheet(services, "Ilsa")).vitae == 3
    assert (await sheet(services, "Piper")).vitae == 5


async def test_sharp_as_steel_fixes_a_broken_item_and_asks_the_mc(services, dice) -> None:
    await party_of_three(services)
    kit = (await sheet(services, "Brunhild")).equipment
    await set_sheet(
        services,
        "Brunhild",
        equipment=(*kit[:-1], Item(name="Helmet", kind=ItemKind.ARMOUR, broken=True)),
    )
    await harmony.plan(services, actor(ALICE), "sharp as steel, flow like the river")
    dice.load(1, 2, 5, 5, 3, 3)  # a 6- Short Rest; Sharp as Steel 10 + Metal 0; Flow 6 + 2
    reply = await rests.rest_short(services, actor(ALICE))
    assert "Sharp as Steel: 2d6 [5, 5] + Metal 0 = **10**: 2 benefits" in member(reply, "Brunhild")
    assert (await sheet(services, "Brunhild")).harmony == 1  # two skills; a 6- gives none back
    taken = await harmony.benefits(
        services, actor(ALICE), "sharp as steel", "fix item, ask the mc", item="helmet"
    )
    assert taken.lines[-1] == "**For the MC**: answer one question about the world."
    after = await sheet(services, "Brunhild")
    assert not after.broken_items
    assert [r.benefit for r in after.harmony_benefits] == [HarmonyBenefit.ASK_THE_MC]


async def test_harmony_skills_need_harmony_above_0_and_stop_at_minus_3(services, db, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Piper", harmony=0)
    before = dump(db.path)
    with pytest.raises(
        PawpostError, match=r"^Harmony skills need Harmony above 0 at the rest; you have \+0\.$"
    ):
        await harmony.plan(services, actor(CAROL), "sharp as steel")
    await set_sheet(services, "Piper", harmony=1)
    with pytest.raises(PawpostError, match="at most 4 Harmony skills"):
        await harmony.plan(
            services,
            actor(CAROL),
            "sharp as steel, burn with passion, move like the wind, flow like the river, "
            "strong as the tallest tree",
        )
    with pytest.raises(PawpostError, match="once a rest"):
        await harmony.plan(services, actor(CAROL), "sharp as steel, sharp as steel")
    await set_sheet(services, "Piper", harmony=1)
    await harmony.plan(services, actor(CAROL), "sharp as steel")
    await set_sheet(services, "Piper", harmony=0)  # lost before the rest: the plan is set aside
    dice.load(5, 5)
    reply = await rests.rest_short(services, actor(CAROL))
    assert (
        f"<@{CAROL}>: Piper's Harmony skills are set aside: Harmony +0 is not above 0. Plan "
        "again for the next rest." in reply.lines
    )
    assert dump(db.path) != before


async def _druid_with_a_patron_totem(services, advanced: str) -> None:  # type: ignore[no-untyped-def]
    """Moss, Alice's human druid with the Sun as Patron Totem and `advanced` learned."""
    from bot.actions.caverns import characters

    await characters.create(
        services,
        actor(ALICE),
        name="Moss",
        race="human",
        character_class="druid",
        attributes="wind +2, water +1, wood +1, fire 0, metal -1",
        extra="water",
        tertiary="hunting",
        advanced=advanced,
        implement="wood/wind",
        patron_totem="sun",
    )


async def test_a_patron_totem_binds_a_second_totem_or_takes_2_vitae(services, dice) -> None:
    await party_of_three(services)
    await _druid_with_a_patron_totem(services, advanced="Crow")
    with pytest.raises(PawpostError, match="cannot bind the Lion totem"):
        await harmony.plan(services, actor(ALICE), totem="lion", character="Moss")
    await harmony.plan(services, actor(ALICE), totem="crow", character="Moss")
    dice.load(4, 4)
    reply = await rests.rest_long(services, actor(ALICE), character="Moss")
    assert "bound the Crow totem" in member(reply, "Moss")
    dice.load(4, 4)
    await rests.rest_long(services, actor(ALICE), character="Moss")  # no plan: +2 Vitae
    moss = await sheet(services, "Moss")
    assert moss.bound_totem is None and moss.max_vitae == 3 + 2


async def test_d3_a_stale_harmony_plan_is_set_aside_and_the_party_rests(services, dice) -> None:
    from bot.actions.caverns import characters, skill_uses
    from tests.conftest import ADMIN

    await party_of_three(services)
    await characters.create(
        services,
        actor(ADMIN + 1),
        name="Gwen",
        race="human",
        character_class="guardian",
        attributes="wind +2, water +1, wood +1, fire 0, metal -1",
        extra="fire",
        tertiary="divination",
        advanced="Scry",
        implement="water/fire",
    )
    every = (
        "move like the wind, flow like the river, strong as the tallest tree, burn with "
        "passion, sharp as steel"
    )
    await harmony.plan(services, actor(ADMIN + 1), every)  # +3: five skills take it to -2
    await harmony.plan(services, actor(ALICE), "strong as the tallest tree")
    for _ in range(2):
        await skill_uses.use(services, actor(ADMIN + 1), "Scry", target="the goblin king")
    assert (await sheet(services, "Gwen")).harmony == 1
    dice.load(5, 5, 3, 3)  # the Short Rest, Brunhild's Strong as the Tallest Tree
    rested = await rests.rest_short(services, actor(ALICE))
    assert rested.lines[3] == (
        f"<@{ADMIN + 1}>: Gwen's Harmony skills are set aside: with +1 Harmony Gwen can use at "
        "most 4, since Harmony stops at -3. Plan again for the next rest."
    )
    assert ADMIN + 1 in rested.mentions
    assert "Strong as the Tallest Tree: 2d6 [3, 3] + Wood 2 = **8**" in member(rested, "Brunhild")
    gwen = await sheet(services, "Gwen")
    assert gwen.harmony == 3 and gwen.harmony_picks == ()  # +1, then the Human's +2
    dice.load(4, 4)
    long = await rests.rest_long(services, actor(ADMIN, admin=True), character="Brunhild")
    assert not any("set aside" in line for line in long.lines)  # the plan was for one rest


async def test_s3_3_harmony_benefits_are_picked_by_their_words_a_few_at_a_time(
    services, dice, db
) -> None:
    from rules.caverns.party.harmony_skills import benefit_suggestions

    await party_of_three(services)
    await harmony.plan(services, actor(ALICE), "strong as the tallest tree, flow like the river")
    dice.load(5, 5, 6, 6, 1, 1)  # the rest; the Tree 12 + Wood 2 = 14; Flow 2 + Water 2 = 4
    rested = await rests.rest_short(services, actor(ALICE))
    brunhild = member(rested, "Brunhild")
    assert (
        "Strong as the Tallest Tree: 2d6 [6, 6] + Wood 2 = **14**: 2 benefits to choose with "
        "/harmony benefits from forceful attacks, lift three times or two free armour"
    ) in brunhild
    assert "Flow Like the River: 2d6 [1, 1] + Water 2 = **4**: under 5: no benefit" in brunhild
    before = dump(db.path)
    with pytest.raises(PawpostError) as wrong:
        await harmony.benefits(
            services, actor(ALICE), "Strong as the Tallest Tree", "forceful, fly"
        )
    assert wrong.value.message == (
        '"fly" is not a benefit of Strong as the Tallest Tree; choose "forceful attacks", '
        '"lift three times", "two free armour".'
    )
    with pytest.raises(PawpostError, match="^You have no Flow Like the River roll waiting"):
        await harmony.benefits(services, actor(ALICE), "Flow Like the River", "unruffled")
    assert dump(db.path) == before
    taken = await harmony.benefits(services, actor(ALICE), "tree", "forceful")
    assert taken.lines[-1] == (
        "1 more to choose from forceful attacks, lift three times or two free armour, until the "
        "next rest."
    )
    with pytest.raises(PawpostError, match="^Choose different benefits"):
        await harmony.benefits(services, actor(ALICE), "tree", "forceful")
    await harmony.benefits(services, actor(ALICE), "tree", "armour")
    after = await sheet(services, "Brunhild")
    assert after.harmony_picks == ()
    assert [r.benefit for r in after.harmony_benefits] == [
        HarmonyBenefit.FORCEFUL_ATTACKS,
        HarmonyBenefit.TWO_FREE_ARMOUR,
    ]
    assert benefit_suggestions("forceful attacks, two")[0] == (
        "forceful attacks, two free armour",
        "forceful attacks, two free armour",
    )


async def test_s3_3_fixing_an_item_is_said_to_last(services, dice) -> None:
    kit_sheet = None
    await party_of_three(services)
    kit_sheet = await sheet(services, "Brunhild")
    await set_sheet(
        services,
        "Brunhild",
        equipment=(
            *kit_sheet.equipment[:-1],
            Item(name="Helmet", kind=ItemKind.ARMOUR, broken=True),
        ),
    )
    await harmony.plan(services, actor(ALICE), "sharp as steel")
    dice.load(5, 5, 3, 2)  # 5 + Metal 0: one benefit
    await rests.rest_short(services, actor(ALICE))
    fixed = await harmony.benefits(services, actor(ALICE), "sharp as steel", "fix", item="helmet")
    assert fixed.lines == ["Brunhild: the item is fixed for good."]


async def test_a_moon_bound_at_a_rest_is_in_its_character_s_log(services, dice) -> None:
    from bot.actions import log

    await party_of_three(services)
    await _druid_with_a_patron_totem(services, advanced="Moon")
    await harmony.plan(services, actor(ALICE), totem="moon", character="Moss")
    dice.load(4, 4, 3, 4)  # the rest's 2d6; the Moon raises its 3rd face, lowers its 4th
    await rests.rest_long(services, actor(ALICE), character="Moss")
    logged = "\n".join((await log.recent(services, actor(ALICE), "Moss")).lines)
    assert "Moss's Moon bond rolled at the Long Rest\n  d6 **3**; d6 **4**" in logged
