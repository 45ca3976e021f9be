"""Ask on Market (book l. 301-306) and the orders it places; selling."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import ItemKind
from rules.caverns.conditions import Condition
from rules.caverns.party.market import (
    accept_outrageous_offer,
    ask_on_market,
    buy_back,
    orders_at_long_rest,
    orders_at_short_rest,
    price_penalty,
    return_delivery,
    sale_price,
    sell,
)
from rules.caverns.races import Race
from rules.caverns.records import Item, MarketOrder, OrderKind
from rules.caverns.rolling import Band
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Modifier
from tests.rules.caverns.characters import adjusted, afflicted, make, with_attributes


@pytest.mark.parametrize(
    ("price", "penalty"), [(0, 0), (99, 0), (100, 1), (250, 2), (1000, 10), (8000, 80)]
)
def test_minus_one_per_full_100_gp(price: int, penalty: int) -> None:
    assert price_penalty(price) == penalty


def test_the_roll_is_fire_minus_the_price() -> None:
    result = ask_on_market(with_attributes(make(), fire=2), "Longbow", ScriptedDice([4, 4]))
    assert result.roll is not None
    assert result.roll.modifiers == (
        Modifier(value=2, reason="Fire"),
        Modifier(value=-1, reason="for 150 gp"),
    )
    assert (result.roll.total, result.band, result.price) == (9, Band.WEAK, 150)


def test_a_strong_result_orders_a_delivery() -> None:
    result = ask_on_market(with_attributes(make(), fire=1), "Sword", ScriptedDice([5, 4]))
    assert result.band is Band.STRONG
    assert result.result.startswith("The merchant will deliver")
    assert result.sheet.orders == (
        MarketOrder(item="Sword", kind=ItemKind.MELEE_WEAPON, price=80, order=OrderKind.DELIVERY),
    )


def test_a_weak_result_orders_from_the_surface() -> None:
    result = ask_on_market(with_attributes(make(), fire=0), "Sword", ScriptedDice([4, 3]))
    assert result.band is Band.WEAK
    assert result.sheet.orders[0].order is OrderKind.SURFACE


def test_a_miss_orders_nothing_but_may_be_bought_at_ten_times() -> None:
    result = ask_on_market(with_attributes(make(), fire=0), "Sword", ScriptedDice([3, 3]))
    assert (result.band, result.sheet.orders, result.outrageous_price) == (Band.MISS, (), 800)
    assert result.result.startswith("It is only to be had at an outrageous price")
    taken = accept_outrageous_offer(result)
    assert taken.orders == (
        MarketOrder(item="Sword", kind=ItemKind.MELEE_WEAPON, price=800, order=OrderKind.SURFACE),
    )


def test_only_a_miss_leaves_an_outrageous_offer() -> None:
    result = ask_on_market(with_attributes(make(), fire=0), "Sword", ScriptedDice([4, 3]))
    with pytest.raises(
        PawpostError,
        match=r"^Only a 6 or lower on the Market leaves an outrageous offer to take\.$",
    ):
        accept_outrageous_offer(result)


@pytest.mark.parametrize(
    ("faces", "band"), [((5, 5), Band.WEAK), ((4, 3), Band.MISS), ((1, 1), Band.MISS)]
)
def test_a_rare_item_is_one_band_lower(faces: tuple[int, int], band: Band) -> None:
    result = ask_on_market(
        with_attributes(make(), fire=0), "Trinket", ScriptedDice(faces), price=50, rare=True
    )
    assert result.band is band


def test_the_catalogue_knows_which_items_are_rare() -> None:
    # The kraken beak spear is rare in the starter catalogue; 300 gp is -3.
    result = ask_on_market(
        with_attributes(make(), fire=3), "kraken beak spear", ScriptedDice([5, 5])
    )
    assert result.rare
    assert result.band is Band.WEAK  # 10 + 3 - 3 = 10, one step lower


def test_a_merian_never_rolls_to_buy() -> None:
    merian = make(race=Race.MERIAN)
    result = ask_on_market(merian, "Breastplate", ScriptedDice([]))
    assert (result.roll, result.band) == (None, Band.STRONG)
    rare = ask_on_market(merian, "Idol", ScriptedDice([]), price=5000, rare=True)
    assert rare.band is Band.WEAK


def test_an_item_outside_the_catalogue_needs_a_price() -> None:
    with pytest.raises(
        PawpostError, match=r'^"Idol" is not in the catalogue, so give its price\.$'
    ):
        ask_on_market(make(), "Idol", ScriptedDice([]))
    result = ask_on_market(with_attributes(make(), fire=0), "Idol", ScriptedDice([5, 5]), price=40)
    assert result.sheet.orders[0] == MarketOrder(
        item="Idol", kind=ItemKind.GEAR, price=40, order=OrderKind.DELIVERY
    )


def test_no_money_no_market() -> None:
    with pytest.raises(PawpostError, match=r"^You have no gold, so you cannot Ask on Market\.$"):
        ask_on_market(adjusted(make(), gold=0), "Sword", ScriptedDice([]))


def test_a_negative_price_is_refused() -> None:
    with pytest.raises(PawpostError, match=r"^A price cannot be negative\.$"):
        ask_on_market(make(), "Idol", ScriptedDice([]), price=-5)


def test_clumsiness_spoils_the_bargaining() -> None:
    result = ask_on_market(
        afflicted(with_attributes(make(), fire=0), Condition.CLUMSINESS),
        "Sword",
        ScriptedDice([5, 5]),
    )
    assert result.band is Band.WEAK
    assert not result.sheet.has_condition(Condition.CLUMSINESS)


# --- Orders across rests --------------------------------------------------------------------


def delivery(
    item: str = "Sword", price: int = 80, *, arrived: bool = False, unpaid: bool = False
) -> MarketOrder:
    return MarketOrder(
        item=item,
        kind=ItemKind.MELEE_WEAPON,
        price=price,
        order=OrderKind.DELIVERY,
        arrived=arrived,
        unpaid=unpaid,
    )


def test_a_delivery_arrives_at_the_short_rest_and_is_paid_at_the_long_rest() -> None:
    sheet = adjusted(make(), equipment=(), orders=(delivery(),), gold=100)
    rested, report = orders_at_short_rest(sheet)
    assert report.arrived == ("Sword",)
    assert rested.equipment == (Item(name="Sword", kind=ItemKind.MELEE_WEAPON),)
    assert rested.gold == 100
    paid, long_report = orders_at_long_rest(rested)
    assert (long_report.paid, long_report.arrived) == (("Sword",), ())
    assert (paid.gold, paid.orders) == (20, ())
    assert len(paid.equipment) == 1


def test_a_delivery_not_yet_arrived_comes_with_the_long_rest() -> None:
    sheet = adjusted(make(), equipment=(), orders=(delivery(),), gold=100)
    paid, report = orders_at_long_rest(sheet)
    assert (report.arrived, report.paid) == (("Sword",), ("Sword",))
    assert paid.carries("Sword")


def test_an_unpaid_delivery_bars_the_market_until_returned() -> None:
    sheet = adjusted(make(), equipment=(), orders=(delivery(price=500, arrived=True),), gold=100)
    sheet = adjusted(sheet, equipment=(Item(name="Sword", kind=ItemKind.MELEE_WEAPON),))
    owing, report = orders_at_long_rest(sheet)
    assert report.unpaid == ("Sword",)
    assert owing.market_barred
    assert owing.gold == 100
    with pytest.raises(
        PawpostError,
        match=r"^You never paid for the Sword; return it to the merchant before you Ask on "
        r"Market again\.$",
    ):
        ask_on_market(owing, "Axe", ScriptedDice([]))
    # A later Long Rest does not settle it: only returning the item does (l. 306).
    still, _ = orders_at_long_rest(adjusted(owing, gold=1000))
    assert still.market_barred
    returned = return_delivery(owing, "sword")
    assert not returned.market_barred
    assert not returned.carries("Sword")


def test_a_character_may_refuse_to_pay() -> None:
    sheet = adjusted(make(), orders=(delivery(arrived=True),), gold=100)
    owing, report = orders_at_long_rest(sheet, pays=False)
    assert report.unpaid == ("Sword",)
    assert owing.gold == 100


def test_returning_what_is_not_owed() -> None:
    with pytest.raises(PawpostError, match=r"^You owe the merchant nothing for a Sword\.$"):
        return_delivery(make(), "Sword")


def test_a_surface_order_is_bought_at_the_long_rest_if_affordable() -> None:
    order = MarketOrder(item="Chainmail", kind=ItemKind.ARMOUR, price=150, order=OrderKind.SURFACE)
    rich = adjusted(make(), equipment=(), orders=(order,), gold=200)
    bought, report = orders_at_long_rest(rich)
    assert report.bought == ("Chainmail",)
    assert (bought.gold, bought.equipment) == (50, (Item(name="Chainmail", kind=ItemKind.ARMOUR),))
    # A Short Rest does not bring it.
    assert orders_at_short_rest(rich)[1].arrived == ()
    poor = adjusted(rich, gold=100)
    lapsed, report = orders_at_long_rest(poor)
    assert report.lapsed == ("Chainmail",)
    assert (lapsed.gold, lapsed.orders, lapsed.equipment) == (100, (), ())


def test_orders_are_paid_in_the_order_placed() -> None:
    first = delivery(item="Axe", price=60, arrived=True)
    second = MarketOrder(item="Helmet", kind=ItemKind.ARMOUR, price=50, order=OrderKind.SURFACE)
    sheet = adjusted(make(), orders=(first, second), gold=100)
    after, report = orders_at_long_rest(sheet)
    assert (report.paid, report.lapsed, after.gold) == (("Axe",), ("Helmet",), 40)


# --- Selling --------------------------------------------------------------------------------


def test_selling_for_the_price_the_mc_names() -> None:
    sold, item = sell(make(), "Shortbow", 40)
    assert sold.gold == 140 and item.name == "Shortbow"
    assert not sold.carries("Shortbow")
    back = buy_back(sold, item, 40)
    assert back.gold == 100 and back.carries("Shortbow")
    with pytest.raises(PawpostError, match=r"^The Shortbow sold for 40 gp and only 0 gp"):
        buy_back(adjusted(sold, gold=0), item, 40)


@pytest.mark.parametrize(
    ("price", "percent", "paid"),
    [(80, 50, 40), (25, 50, 12), (1, 50, 0), (100, 75, 75), (300, 0, 0)],
)
def test_ruling_selling_pays_half_the_catalogue_price_rounded_down(
    price: int, percent: int, paid: int
) -> None:
    assert sale_price(price, percent) == paid


def test_selling_what_you_do_not_have_or_have_not_paid_for() -> None:
    with pytest.raises(PawpostError, match=r"^You do not carry a Lute\.$"):
        sell(make(), "Lute", 10)
    owing = adjusted(make(), orders=(delivery(arrived=True, unpaid=True),))
    with pytest.raises(
        PawpostError, match=r"^The Sword is not paid for; return it to the merchant instead\.$"
    ):
        sell(owing, "Sword", 10)
    with pytest.raises(PawpostError, match=r"^A price cannot be negative\.$"):
        sell(make(), "Sword", -1)


def test_the_fire_attribute_is_used() -> None:
    result = ask_on_market(with_attributes(make(), fire=-1), "Dagger", ScriptedDice([3, 3]))
    assert result.roll is not None
    assert result.roll.modifiers[0] == Modifier(value=-1, reason=Attribute.FIRE.label)
