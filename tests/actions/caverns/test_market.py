"""Ask on Market through `/market`: −1 per full 100 gp, Rare one band lower, the Merian's
10+, a delivery at the next Short Rest paid at the next Long Rest, and the bar after an unpaid
delivery, lifted by returning it; and the server's own catalogue."""

from __future__ import annotations

import pytest

from bot.actions.caverns import admin, characters
from bot.actions.caverns.party import market, rests
from rules.caverns.party.market import MARKET_RESULTS
from rules.caverns.records import OrderKind
from rules.caverns.rolling import Band
from rules.errors import PawpostError
from tests.actions.caverns.helpers import PIPER, party_of_three, sheet
from tests.conftest import ADMIN, ALICE, CAROL, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.mark.parametrize(
    ("price", "rare", "faces", "rolled", "band"),
    [
        (50, None, (3, 4), "2d6 [3, 4] + Fire 3 = **10**", "10+"),
        (99, None, (2, 2), "2d6 [2, 2] + Fire 3 = **7**", "7-9"),  # 99 gp: no full 100
        (100, None, (3, 4), "2d6 [3, 4] + Fire 3 − 1 for 100 gp = **9**", "7-9"),
        (250, None, (3, 4), "2d6 [3, 4] + Fire 3 − 2 for 250 gp = **8**", "7-9"),
        (250, None, (1, 2), "2d6 [1, 2] + Fire 3 − 2 for 250 gp = **4**", "6-"),
        (50, "yes", (5, 5), "2d6 [5, 5] + Fire 3 = **13**", "7-9"),  # Rare: one band lower
        (50, "yes", (3, 1), "2d6 [3, 1] + Fire 3 = **7**", "6-"),
    ],
)
async def test_the_market_s_arithmetic(services, dice, price, rare, faces, rolled, band) -> None:
    await party_of_three(services)
    dice.load(*faces)
    # The harp is not in the catalogue: the MC names its price, asking for Piper.
    reply = await market.ask(
        services, ADMIN_ACTOR, "Golden harp", price=price, rare=rare, character="Piper"
    )
    assert reply.lines[0] == rolled
    assert f"**{band}**" in "\n".join(reply.lines)
    orders = (await sheet(services, "Piper")).orders
    expected = {"10+": [OrderKind.DELIVERY], "7-9": [OrderKind.SURFACE], "6-": []}[band]
    assert [order.order for order in orders] == expected
    if band == "6-":
        assert reply.lines[-1] == (
            f"The MC says whether it is to be had at {price * 10} gp, or not at all."
        )


async def test_a_catalogue_item_takes_its_price_and_a_merian_never_rolls(services, dice) -> None:
    await party_of_three(services)
    dice.load(1, 1)  # the Chainmail is 150 gp: -1
    reply = await market.ask(services, actor(CAROL), "chainmail")
    assert reply.lines[0] == "2d6 [1, 1] + Fire 3 − 1 for 150 gp = **4**"
    with pytest.raises(PawpostError, match="^The Golden harp is not in the server's catalogue"):
        await market.ask(services, actor(CAROL), "Golden harp")
    await characters.create(
        services, actor(ALICE), **{**PIPER, "name": "Nerys", "race": "merian", "extra": "fire"}
    )
    reply = await market.ask(services, actor(ALICE), "Kraken beak spear", character="Nerys")
    assert reply.lines[0] == "A Merian never needs to roll to buy: it counts as a 10+."
    assert reply.lines[1] == "Rare: the result counts one band lower, so the 10+ becomes 7-9."
    assert reply.lines[2].startswith("**7-9**")


async def test_d2_a_player_cannot_set_a_catalogue_item_s_price_or_rarity(
    services, dice, db
) -> None:
    await party_of_three(services)
    before = dump(db.path)
    with pytest.raises(PawpostError) as priced:
        await market.ask(services, actor(CAROL), "Kraken beak spear", price=0, rare="no")
    assert priced.value.message == (
        "Only the MC sets a price or rarity: the Kraken beak spear costs 300 gp and is rare "
        "(/catalogue)."
    )
    with pytest.raises(PawpostError, match="^Only the MC sets a price"):
        await market.ask(services, actor(CAROL), "Escozul", price=0)
    with pytest.raises(PawpostError, match="^The Golden harp is not in the server's catalogue"):
        await market.ask(services, actor(CAROL), "Golden harp", price=0)
    assert dump(db.path) == before
    # The book's arithmetic then: 4 + 4 + Fire 3 - 3 = 8, one band lower for Rare: 6-.
    dice.load(4, 4, 4, 3)
    spear = await market.ask(services, actor(CAROL), "Kraken beak spear")
    assert spear.lines[:3] == [
        "2d6 [4, 4] + Fire 3 − 3 for 300 gp = **8**",
        "Rare: the result counts one band lower.",
        "**6-**: " + MARKET_RESULTS[Band.MISS],
    ]
    escozul = await market.ask(services, actor(CAROL), "Escozul")  # 7 + 3 - 80
    assert escozul.lines[0] == "2d6 [4, 3] + Fire 3 − 80 for 8000 gp = **-70**"
    assert (await sheet(services, "Piper")).orders == ()
    # The MC may still name another price, for whichever character asks.
    dice.load(4, 4)
    told = await market.ask(
        services, ADMIN_ACTOR, "Kraken beak spear", price=0, rare="no", character="Piper"
    )
    assert told.lines[0] == "2d6 [4, 4] + Fire 3 = **11**"


async def test_a_delivery_arrives_at_the_short_rest_and_is_paid_at_the_long(services, dice) -> None:
    await party_of_three(services)
    dice.load(3, 4)
    await market.ask(services, actor(CAROL), "Helmet")
    before = await sheet(services, "Piper")
    assert not before.carries("Helmet") and before.gold == 200
    dice.load(5, 5)
    short = await rests.rest_short(services, actor(CAROL))
    piper = next(field for field in short.fields if field.name == "Piper")
    assert "delivered: Helmet" in piper.value
    after = await sheet(services, "Piper")
    assert after.carries("Helmet") and after.gold == 200 and after.orders[0].arrived
    dice.load(5, 5)
    long = await rests.rest_long(services, actor(CAROL))
    assert "paid for: Helmet" in next(f.value for f in long.fields if f.name == "Piper")
    paid = await sheet(services, "Piper")
    assert paid.gold == 150 and paid.orders == () and paid.carries("Helmet")


async def test_an_unpaid_delivery_bars_the_market_until_returned(services, dice) -> None:
    await party_of_three(services)
    dice.load(6, 6)  # 12 + Fire 3 - 5 = 10: delivered, but 500 gp is more than Piper has
    await market.ask(services, ADMIN_ACTOR, "Golden harp", price=500, character="Piper")
    dice.load(5, 5, 5, 5)
    await rests.rest_short(services, actor(CAROL))
    long = await rests.rest_long(services, actor(CAROL))
    assert "**did not pay for** (no Ask on Market until it is returned): Golden harp" in next(
        f.value for f in long.fields if f.name == "Piper"
    )
    with pytest.raises(PawpostError) as barred:
        await market.ask(services, actor(CAROL), "Helmet")
    assert barred.value.message == (
        "You never paid for the Golden harp; return it to the merchant before you Ask on "
        "Market again."
    )
    reply = await market.give_back(services, actor(CAROL), "golden harp")
    assert reply.lines == ["Piper returns the golden harp: the market is open again."]
    piper = await sheet(services, "Piper")
    assert not piper.carries("Golden harp") and piper.gold == 200
    dice.load(3, 4)
    assert (await market.ask(services, actor(CAROL), "Helmet")).lines[1].startswith("**10+**")


async def test_admins_edit_the_server_s_own_catalogue(services, db, dice) -> None:
    await party_of_three(services)
    reply = await admin.add_item(
        services,
        ADMIN_ACTOR,
        "Golden harp",
        "musical instrument",
        400,
        rare="yes",
        hands=2,
        range="ranged",
        flourish="entrancement",
    )
    assert reply.lines == ["The server's catalogue now sells the Golden harp for 400 gp."]
    dice.load(6, 6)  # 12 + 3 - 4 = 11, one band lower for Rare
    asked = await market.ask(services, actor(CAROL), "golden harp")
    assert asked.lines[:2] == [
        "2d6 [6, 6] + Fire 3 − 4 for 400 gp = **11**",
        "Rare: the result counts one band lower.",
    ]
    shown = await market.list_items(services, actor(CAROL))
    assert (
        "**Golden harp**: musical instrument, 400 gp, rare, 2-handed, ranged, entrancement"
        in shown.lines
    )
    await admin.remove_item(services, ADMIN_ACTOR, "Helmet")
    assert not any(
        "**Helmet**" in line for line in (await market.list_items(services, actor(CAROL))).lines
    )
    with pytest.raises(PawpostError, match="^The Helmet is not in the server's catalogue"):
        await market.ask(services, actor(CAROL), "Helmet")
    before = dump(db.path)
    for bad in (
        lambda: admin.add_item(services, actor(CAROL), "Lyre", "musical instrument", 10),
        lambda: admin.add_item(services, ADMIN_ACTOR, "Lyre", "banjo", 10),
        lambda: admin.remove_item(services, ADMIN_ACTOR, "Lyre"),
    ):
        with pytest.raises(PawpostError):
            await bad()
    assert dump(db.path) == before


async def test_after_a_6_the_mc_may_offer_it_at_ten_times_and_the_player_take_it(
    services, dice, db
) -> None:
    from bot.actions import buttons
    from tests.actions.caverns.helpers import ids
    from tests.conftest import BOB

    await party_of_three(services)
    await set_gold(services, "Piper", 900)
    dice.load(1, 1)  # 2 + Fire 3 = 5
    asked = await market.ask(services, actor(CAROL), "Helmet")
    offer = ids(asked)["MC: offer it at 500 gp"]
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Only an admin"):
        await buttons.press(services, actor(CAROL), offer)
    with pytest.raises(PawpostError, match=r"^The MC has not offered that item\.$"):
        await buttons.press(services, actor(CAROL), offer.replace(":offer", ":take"))
    assert dump(db.path) == before
    offered = await buttons.press(services, ADMIN_ACTOR, offer)
    assert offered.mentions == [CAROL]
    with pytest.raises(PawpostError, match="offered already"):
        await buttons.press(services, ADMIN_ACTOR, offer)
    take = ids(offered)["Take it at 500 gp"]
    with pytest.raises(PawpostError, match="^Only Piper's player can take that offer"):
        await buttons.press(services, actor(BOB), take)
    taken = await buttons.press(services, actor(CAROL), take)
    assert taken.lines == [
        "Piper takes the Helmet at 500 gp: it is bought at the next Long Rest if the gold is "
        "there then."
    ]
    with pytest.raises(PawpostError, match="taken already"):
        await buttons.press(services, actor(CAROL), take)
    dice.load(4, 4)
    await rests.rest_long(services, actor(CAROL))
    piper = await sheet(services, "Piper")
    assert piper.gold == 400 and piper.carries("Helmet") and piper.orders == ()


async def set_gold(services, name: str, gold: int) -> None:  # type: ignore[no-untyped-def]
    from tests.actions.caverns.helpers import set_sheet

    await set_sheet(services, name, gold=gold)


async def test_a_player_who_will_not_pay_is_barred_until_the_item_goes_back(services, dice) -> None:
    from bot.actions.caverns.party import harmony

    await party_of_three(services)
    dice.load(3, 4)
    await market.ask(services, actor(CAROL), "Helmet")
    said = await market.withhold(services, actor(CAROL), "no")
    assert said.ephemeral and "will not pay for its deliveries" in said.lines[0]
    await harmony.plan(services, actor(CAROL), "sharp as steel")  # the refusal is kept
    dice.load(5, 5, 1, 1, 5, 5)  # Short Rest, Sharp as Steel, Long Rest
    await rests.rest_short(services, actor(CAROL))
    long = await rests.rest_long(services, actor(CAROL))
    assert "**did not pay for**" in next(f.value for f in long.fields if f.name == "Piper")
    piper = await sheet(services, "Piper")
    assert piper.gold == 200 and piper.market_barred
    await market.give_back(services, actor(CAROL), "Helmet")
    dice.load(3, 4)
    await market.ask(services, actor(CAROL), "Helmet")
    await market.withhold(services, actor(CAROL), "no")
    await market.withhold(services, actor(CAROL), "yes")  # changed its mind
    dice.load(5, 5, 5, 5)
    await rests.rest_short(services, actor(CAROL))
    await rests.rest_long(services, actor(CAROL))
    assert (await sheet(services, "Piper")).gold == 150


async def test_d11_rations_and_torches_bought_go_to_the_supplies(services, dice, db) -> None:
    await party_of_three(services)
    dice.load(6, 6)
    asked = await market.ask(services, actor(CAROL), "Ration", quantity=5)
    assert asked.title == "Piper asks on the market for Ration ×5"
    with pytest.raises(PawpostError, match="^Only rations and torches are bought several"):
        await market.ask(services, actor(CAROL), "Helmet", quantity=2)
    dice.load(3, 4)  # the Short Rest, a 7-9: a ration eaten, then the delivery
    rested = await rests.rest_short(services, actor(CAROL))
    piper = next(f.value for f in rested.fields if f.name == "Piper")
    assert "delivered: Ration ×5" in piper
    assert "left behind: 4 rations (no room: the merchant keeps it)" in piper  # 9 + 5 > 10
    after = await sheet(services, "Piper")
    assert after.rations == 10 and not after.carries("Ration")
    dice.load(6, 6)
    await market.ask(services, actor(CAROL), "Torch", quantity=2)
    await admin.carrying(services, ADMIN_ACTOR, 10, 5)
    dice.load(5, 5)
    await rests.rest_short(services, actor(CAROL))
    assert (await sheet(services, "Piper")).torches == 5
    dice.load(5, 5)
    await rests.rest_long(services, actor(CAROL))
    assert (await sheet(services, "Piper")).gold == 200 - 2 - 2  # the one ration taken, 2 torches


async def test_d11_supplies_left_behind_are_neither_owed_nor_taken_back(services, dice) -> None:
    await party_of_three(services)  # Piper carries 10 rations, the most she may
    dice.load(6, 6)
    await market.ask(services, actor(CAROL), "Ration")
    await market.withhold(services, actor(CAROL), "no")
    dice.load(5, 5)  # a Short Rest's 10+ eats no ration: no room for the one delivered
    rested = await rests.rest_short(services, actor(CAROL))
    piper = next(f.value for f in rested.fields if f.name == "Piper")
    assert "left behind: 1 ration (no room: the merchant keeps it)" in piper
    after = await sheet(services, "Piper")
    assert after.rations == 10 and not after.orders
    dice.load(5, 5)
    await rests.rest_long(services, actor(CAROL))
    after = await sheet(services, "Piper")
    assert (after.gold, after.rations, after.orders) == (200, 10, ())
    with pytest.raises(PawpostError, match="^You owe the merchant nothing for a Ration"):
        await market.give_back(services, actor(CAROL), "Ration")
    dice.load(6, 6)  # nothing unpaid bars the market
    assert "10+" in "\n".join((await market.ask(services, actor(CAROL), "Helmet")).lines)


async def test_d12_returning_one_delivery_says_another_still_bars_the_market(
    services, dice
) -> None:
    await party_of_three(services)
    dice.load(6, 6, 6, 6)
    await market.ask(services, actor(CAROL), "Breastplate")
    await market.ask(services, actor(CAROL), "Crossbow")
    await market.withhold(services, actor(CAROL), "no")
    dice.load(5, 5)
    await rests.rest_long(services, actor(CAROL))
    returned = await market.give_back(services, actor(CAROL), "Crossbow")
    assert returned.lines == [
        "Piper returns the Crossbow: the market stays barred until the Breastplate is returned too."
    ]
    with pytest.raises(PawpostError, match="^You never paid for the Breastplate"):
        await market.ask(services, actor(CAROL), "Sling")
    again = await market.give_back(services, actor(CAROL), "breastplate")
    assert again.lines == ["Piper returns the breastplate: the market is open again."]


async def test_s3_7_a_player_withholds_payment_for_one_delivery_only(services, dice, db) -> None:
    await party_of_three(services)
    dice.load(6, 6, 6, 6)
    await market.ask(services, actor(CAROL), "Breastplate")
    await market.ask(services, actor(CAROL), "Helmet")
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^You are owed no delivery of a Sword to pay for\.$"):
        await market.withhold(services, actor(CAROL), "no", item="Sword")
    assert dump(db.path) == before
    said = await market.withhold(services, actor(CAROL), "no", item="breastplate")
    assert said.lines == [
        "At the next Long Rest Piper will not pay for the breastplate: the market is barred "
        "until it is returned."
    ]
    dice.load(5, 5)
    long = await rests.rest_long(services, actor(CAROL))
    piper = next(f.value for f in long.fields if f.name == "Piper")
    assert "paid for: Helmet" in piper
    assert "**did not pay for** (no Ask on Market until it is returned): Breastplate" in piper
    assert (await sheet(services, "Piper")).gold == 150


async def test_d13_a_character_sells_at_half_the_catalogue_price_and_the_mc_may_refuse(
    services, dice, db
) -> None:
    from bot.actions import buttons
    from tests.actions.caverns.helpers import ids

    await party_of_three(services)
    before = dump(db.path)
    for bad, message in (
        (lambda: market.sell_item(services, actor(CAROL), "Sword"), "^You do not carry a Sword"),
        (lambda: market.sell_item(services, actor(CAROL), "Lute", price=500), "^Only the MC"),
        (lambda: market.sell_item(services, actor(CAROL), "Ration"), "^Rations and torches"),
    ):
        with pytest.raises(PawpostError, match=message):
            await bad()
    assert dump(db.path) == before
    sold = await market.sell_item(services, actor(CAROL), "lute")  # 100 gp in the catalogue
    assert sold.lines[0] == (
        "Piper sells the Lute for 50 gp (half of its catalogue price of 100 gp): 250 gold now."
    )
    piper = await sheet(services, "Piper")
    assert piper.gold == 250 and not piper.carries("Lute")
    refuse = ids(sold)["MC: refuse the sale"]
    with pytest.raises(PawpostError, match="^Only an admin"):
        await buttons.press(services, actor(CAROL), refuse)
    refused = await buttons.press(services, ADMIN_ACTOR, refuse)
    assert refused.lines == [
        "The MC refuses the sale: Piper has the Lute back and gives back 50 gp."
    ]
    with pytest.raises(PawpostError, match="refused already"):
        await buttons.press(services, ADMIN_ACTOR, refuse)
    piper = await sheet(services, "Piper")
    assert piper.gold == 200 and piper.carries("Lute")
    await admin.selling(services, ADMIN_ACTOR, 75)
    sold = await market.sell_item(services, actor(CAROL), "Backpack")  # 5 gp: 3 (rounded down)
    assert sold.lines[0].startswith("Piper sells the Backpack for 3 gp (75% of its catalogue")
    told = await market.sell_item(services, ADMIN_ACTOR, "Lute", price=120, character="Piper")
    assert told.lines[0].startswith("Piper sells the Lute for 120 gp (the MC's price)")
