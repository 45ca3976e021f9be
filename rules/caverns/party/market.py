"""Ask on Market (book l. 301-306): the +Fire roll, −1 per 100 gp, Rare one band lower, the
orders it places and how they are delivered, paid for and returned; and selling."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import STARTER_CATALOGUE, CatalogueItem, ItemKind, item_key
from rules.caverns.constants import (
    MARKET_PRICE_STEP,
    MARKET_PRICE_STEP_PENALTY,
    MAX_RATIONS_CARRIED,
    MAX_TORCHES_CARRIED,
    OUTRAGEOUS_PRICE_FACTOR,
    RARE_BAND_STEPS,
    SALE_PERCENT,
)
from rules.caverns.moves import Move, refuse_if_unable
from rules.caverns.races import Race
from rules.caverns.records import Item, MarketOrder, OrderKind
from rules.caverns.rolling import Band, band_of, roll_attribute
from rules.caverns.sheet import CavernsSheet
from rules.caverns.wording import counted
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

PERCENT = 100

MARKET_RESULTS: Mapping[Band, str] = {
    Band.STRONG: (
        "The merchant will deliver: the item arrives at your next Short Rest, and you pay at "
        "your next Long Rest."
    ),
    Band.WEAK: (
        "It is for sale back on the surface at a fair price: you can buy it at your next Long "
        "Rest if you still have the money."
    ),
    Band.MISS: "It is only to be had at an outrageous price (ten times normal), or not at all.",
}


# Supplies a rest spends (l. 103, 312, 319): bought, they go to the sheet's counters.
SUPPLIES: Mapping[str, str] = {"ration": "rations", "torch": "torches"}


class Carrying(BaseModel):
    """The most rations and torches a character carries (RULINGS, config)."""

    model_config = ConfigDict(frozen=True)

    rations: int = MAX_RATIONS_CARRIED
    torches: int = MAX_TORCHES_CARRIED

    def most(self, counter: str) -> int:
        return self.rations if counter == "rations" else self.torches


BOOK_CARRYING = Carrying()  # RULINGS' defaults, where a server set none


def price_penalty(price: int) -> int:
    """−1 for every full 100 gp of the base price (l. 302; RULINGS: "full")."""
    return (price // MARKET_PRICE_STEP) * MARKET_PRICE_STEP_PENALTY


class MarketResult(BaseModel):
    """The roll (None for a Merian, who never needs to roll to buy, l. 87: a 10+ by RULINGS),
    the band after a Rare item's step down, and the sheet with the order placed (10+ and
    7-9; a 6- waits for the MC's offer at ten times the price)."""

    model_config = ConfigDict(frozen=True)

    item: str
    kind: ItemKind
    price: int
    rare: bool
    roll: Roll | None
    band: Band
    sheet: CavernsSheet
    quantity: int = 1

    @property
    def shown(self) -> str:
        return self.item if self.quantity == 1 else f"{self.item} ×{self.quantity}"

    @property
    def result(self) -> str:
        return MARKET_RESULTS[self.band]

    @property
    def outrageous_price(self) -> int:
        return self.price * OUTRAGEOUS_PRICE_FACTOR


def ask_on_market(
    sheet: CavernsSheet,
    item: str,
    dice: DiceSource,
    *,
    price: int | None = None,
    rare: bool | None = None,
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
    fated_die: int | None = None,
    quantity: int = 1,
) -> MarketResult:
    """Roll +Fire for an item, −1 per full 100 gp of its base price. An item of the server's
    catalogue takes its price and rarity from there unless given; any other item needs a
    price. Refused without money (l. 302: "If you have money") or while an unpaid delivery
    bars the market (l. 306). Rations and torches may come several at once: the price is
    then theirs together."""
    refuse_if_unable(sheet, Move.ROLL)
    listed = catalogue.get(item_key(item))
    if quantity < 1:
        raise PawpostError("Buy at least one.")
    if quantity > 1 and item_key(item) not in SUPPLIES:
        raise PawpostError("Only rations and torches are bought several at a time.")
    if price is None:
        if listed is None:
            raise PawpostError(f'"{item.strip()}" is not in the catalogue, so give its price.')
        price = listed.price
    if price < 0:
        raise PawpostError("A price cannot be negative.")
    price *= quantity
    is_rare = rare if rare is not None else bool(listed and listed.rare)
    name = listed.name if listed is not None else item.strip()
    kind = listed.kind if listed is not None else ItemKind.GEAR
    owed = next((order for order in sheet.orders if order.unpaid), None)
    if owed is not None:
        raise PawpostError(
            f"You never paid for the {owed.item}; return it to the merchant before you Ask on "
            "Market again."
        )
    if sheet.gold <= 0:
        raise PawpostError("You have no gold, so you cannot Ask on Market.")
    roll: Roll | None = None
    if sheet.race is Race.MERIAN:
        band = Band.STRONG
    else:
        penalty = price_penalty(price)
        rolled = roll_attribute(
            sheet,
            Attribute.FIRE,
            dice,
            label=f"Ask on Market: {name}",
            modifiers=[Modifier(value=-penalty, reason=f"for {price} gp")] if penalty else [],
            fated_die=fated_die,
        )
        sheet, roll = rolled.sheet, rolled.roll
        band = band_of(roll.total)
    for _ in range(RARE_BAND_STEPS if is_rare else 0):
        band = band.one_step_lower
    if band is not Band.MISS:
        order = MarketOrder(
            item=name,
            kind=kind,
            price=price,
            order=OrderKind.DELIVERY if band is Band.STRONG else OrderKind.SURFACE,
            quantity=quantity,
        )
        sheet = sheet.model_copy(update={"orders": (*sheet.orders, order)})
    return MarketResult(
        item=name,
        kind=kind,
        price=price,
        rare=is_rare,
        roll=roll,
        band=band,
        sheet=sheet,
        quantity=quantity,
    )


def accept_outrageous_offer(result: MarketResult) -> CavernsSheet:
    """After a 6-, when the MC says the item is to be had at ten times the price and the
    player takes it: bought on the surface at the next Long Rest like a 7-9, if the money
    is there then."""
    if result.band is not Band.MISS:
        raise PawpostError("Only a 6 or lower on the Market leaves an outrageous offer to take.")
    return take_offer(result.sheet, result.item, result.kind, result.outrageous_price)


def take_offer(sheet: CavernsSheet, item: str, kind: ItemKind, price: int) -> CavernsSheet:
    """An offer taken: a surface order at the price offered, bought at the next Long Rest."""
    order = MarketOrder(item=item, kind=kind, price=price, order=OrderKind.SURFACE)
    return sheet.model_copy(update={"orders": (*sheet.orders, order)})


class OrderReport(BaseModel):
    """What a rest did to a character's orders, by item name."""

    model_config = ConfigDict(frozen=True)

    arrived: tuple[str, ...] = ()
    paid: tuple[str, ...] = ()
    bought: tuple[str, ...] = ()
    lapsed: tuple[str, ...] = ()  # surface orders the character could no longer afford
    unpaid: tuple[str, ...] = ()
    left_behind: tuple[str, ...] = ()  # supplies beyond what can be carried


def _with_item(
    sheet: CavernsSheet, order: MarketOrder, carrying: Carrying, left: list[str]
) -> tuple[CavernsSheet, MarketOrder | None]:
    """The item carried: equipment, or rations and torches on their counters, up to what the
    character can carry. The rest is left behind (and said): the merchant keeps it, so the
    order shrinks to what was taken, at its share of the price, and is gone if nothing was."""
    counter = SUPPLIES.get(item_key(order.item))
    if counter is None:
        item = Item(name=order.item, kind=order.kind)
        return sheet.model_copy(update={"equipment": (*sheet.equipment, item)}), order
    held = int(getattr(sheet, counter))
    taken = min(max(0, carrying.most(counter) - held), order.quantity)
    sheet = sheet.model_copy(update={counter: held + taken})
    if taken == order.quantity:
        return sheet, order
    one = next(key for key, name in SUPPLIES.items() if name == counter)
    left.append(f"{counted(order.quantity - taken, one, counter)} (no room: the merchant keeps it)")
    if not taken:
        return sheet, None
    price = order.price * taken // order.quantity
    return sheet, order.model_copy(update={"quantity": taken, "price": price})


def orders_at_short_rest(
    sheet: CavernsSheet, carrying: Carrying = BOOK_CARRYING
) -> tuple[CavernsSheet, OrderReport]:
    """Deliveries arrive at the next Short Rest (l. 303)."""
    arrived: list[str] = []
    left: list[str] = []
    orders: list[MarketOrder] = []
    for order in sheet.orders:
        if order.order is OrderKind.DELIVERY and not order.arrived:
            arrived.append(order.shown)
            sheet, taken = _with_item(sheet, order, carrying, left)
            if taken is None:
                continue
            order = taken.model_copy(update={"arrived": True})
        orders.append(order)
    report = OrderReport(arrived=tuple(arrived), left_behind=tuple(left))
    return sheet.model_copy(update={"orders": tuple(orders)}), report


def orders_at_long_rest(
    sheet: CavernsSheet, *, pays: bool = True, carrying: Carrying = BOOK_CARRYING
) -> tuple[CavernsSheet, OrderReport]:
    """At the next Long Rest, in the order they were placed: a delivery that has not yet come
    arrives now (the merchant catches up with a party in the open), then is paid for, or,
    if the character cannot or will not pay, stays unpaid and bars the market (l. 306);
    a surface order is bought if the gold is there, and lapses otherwise (l. 304)."""
    report: dict[str, list[str]] = {"arrived": [], "paid": [], "bought": [], "lapsed": []}
    left: list[str] = []
    kept: list[MarketOrder] = []
    for order in sheet.orders:
        if order.unpaid:
            kept.append(order)
            continue
        if order.order is OrderKind.DELIVERY:
            if not order.arrived:
                report["arrived"].append(order.shown)
                sheet, taken = _with_item(sheet, order, carrying, left)
                if taken is None:
                    continue
                order = taken
            if pays and not order.withheld and sheet.gold >= order.price:
                sheet = sheet.model_copy(update={"gold": sheet.gold - order.price})
                report["paid"].append(order.shown)
            else:
                update = {"arrived": True, "unpaid": True, "withheld": False}
                kept.append(order.model_copy(update=update))
        elif sheet.gold >= order.price:
            sheet, taken = _with_item(sheet, order, carrying, left)
            if taken is not None:
                sheet = sheet.model_copy(update={"gold": sheet.gold - taken.price})
                report["bought"].append(taken.shown)
        else:
            report["lapsed"].append(order.shown)
    unpaid = tuple(order.shown for order in kept if order.unpaid)
    return sheet.model_copy(update={"orders": tuple(kept)}), OrderReport(
        arrived=tuple(report["arrived"]),
        paid=tuple(report["paid"]),
        bought=tuple(report["bought"]),
        lapsed=tuple(report["lapsed"]),
        unpaid=unpaid,
        left_behind=tuple(left),
    )


def _drop_item(sheet: CavernsSheet, name: str) -> CavernsSheet:
    wanted = item_key(name)
    for index, item in enumerate(sheet.equipment):
        if item_key(item.name) == wanted:
            equipment = (*sheet.equipment[:index], *sheet.equipment[index + 1 :])
            return sheet.model_copy(update={"equipment": equipment})
    raise PawpostError(f"You do not carry a {name.strip()}.")


def return_delivery(sheet: CavernsSheet, item: str) -> CavernsSheet:
    """Give an unpaid delivery back to the merchant, which lifts the market's bar (l. 306)
    once no other unpaid delivery is left. Rations and torches go back from their counters
    (as many as are left of them)."""
    order = next((o for o in sheet.orders if o.unpaid and item_key(o.item) == item_key(item)), None)
    if order is None:
        raise PawpostError(f"You owe the merchant nothing for a {item.strip()}.")
    counter = SUPPLIES.get(item_key(order.item))
    if counter is None:
        sheet = _drop_item(sheet, order.item)
    else:
        held = int(getattr(sheet, counter))
        sheet = sheet.model_copy(update={counter: max(0, held - order.quantity)})
    orders = tuple(o for o in sheet.orders if o is not order)
    return sheet.model_copy(update={"orders": orders})


def withhold_payment(sheet: CavernsSheet, item: str, withheld: bool) -> CavernsSheet:
    """Whether the character pays for one delivery at the next Long Rest (l. 306: "can't (or
    won't) pay"); the others are paid as usual."""
    wanted = item_key(item)
    found = [
        o for o in sheet.orders if o.order is OrderKind.DELIVERY and not o.unpaid
        and item_key(o.item) == wanted
    ]  # fmt: skip
    if not found:
        raise PawpostError(f"You are owed no delivery of a {item.strip()} to pay for.")
    orders = tuple(
        o.model_copy(update={"withheld": withheld}) if o is found[0] else o for o in sheet.orders
    )
    return sheet.model_copy(update={"orders": orders})


def sale_price(price: int, percent: int = SALE_PERCENT) -> int:
    """What the market pays for an item (RULINGS: half its catalogue price, config), rounded
    down."""
    return price * percent // PERCENT


def sell(sheet: CavernsSheet, item: str, price: int) -> tuple[CavernsSheet, Item]:
    """Sell a carried item for `price` (the book has no selling rule: RULINGS, half the
    catalogue price unless the MC names another); the sheet after, and the item sold."""
    if price < 0:
        raise PawpostError("A price cannot be negative.")
    if any(o.unpaid and item_key(o.item) == item_key(item) for o in sheet.orders):
        raise PawpostError(
            f"The {item.strip()} is not paid for; return it to the merchant instead."
        )
    if item_key(item) in SUPPLIES:
        raise PawpostError("Rations and torches are not sold back; a Long Rest restocks them.")
    carried = next((i for i in sheet.equipment if item_key(i.name) == item_key(item)), None)
    if carried is None:
        raise PawpostError(f"You do not carry a {item.strip()}.")
    sold = _drop_item(sheet, item)
    return sold.model_copy(update={"gold": sold.gold + price}), carried


def buy_back(sheet: CavernsSheet, item: Item, price: int) -> CavernsSheet:
    """The MC refuses a sale: the item comes back for the gold it brought."""
    if sheet.gold < price:
        raise PawpostError(
            f"The {item.name} sold for {price} gp and only {sheet.gold} gp are left to give back."
        )
    return sheet.model_copy(
        update={"gold": sheet.gold - price, "equipment": (*sheet.equipment, item)}
    )
