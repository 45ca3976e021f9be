"""`/market`: Ask on Market (+Fire, −1 per full 100 gp, Rare one band lower), placing an order
the party's next rests deliver and pay for; returning an unpaid delivery; the catalogue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.caverns.common import (
    catalogue,
    caverns_sheet,
    hand_fated_die,
    party_of,
    require_caverns,
    save,
)
from bot.actions.caverns.parse import yes
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, require_admin
from bot.actions.reply import Button, Reply, Style
from rules.caverns.catalogue import CatalogueItem, item_key
from rules.caverns.constants import SALE_PERCENT
from rules.caverns.moves import Move, refuse_if_unable
from rules.caverns.party.market import (
    MARKET_RESULTS,
    ask_on_market,
    buy_back,
    return_delivery,
    sale_price,
    sell,
    take_offer,
    withhold_payment,
)
from rules.caverns.races import Race
from rules.caverns.records import Item
from rules.caverns.rolling import Band
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.settings import CavernsSettings

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "caverns-offer"
SALE_AREA = "caverns-sale"


@runs_in_database
def ask(
    services: Services,
    actor: Actor,
    item: str,
    price: int | None = None,
    rare: str | None = None,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
    quantity: int = 1,
) -> Reply:
    is_rare = None if rare is None else yes(rare, "Rare")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        party_of(tx, guild, found, actor, now)
        goods = catalogue(tx, guild)
        if not actor.admin_in(guild.settings):
            only_the_mc_prices(goods, item, price, is_rare)
        if fated_die is not None and caverns_sheet(found).race is Race.MERIAN:
            raise PawpostError("A Merian never rolls to buy, so a fated die would be wasted.")
        fated = hand_fated_die(tx, actor, guild, found, fated_die, fated_from)
        result = ask_on_market(
            caverns_sheet(found),
            item,
            services.dice,
            price=price,
            rare=is_rare,
            catalogue=goods,
            fated_die=fated,
            quantity=quantity,
        )
        save(tx, found, result.sheet)
        offer_id = (
            caverns(tx).offers.add(
                guild.guild_id, found.id, result.item, result.kind, result.outrageous_price, now
            )
            if result.band is Band.MISS
            else None
        )
        entry = tx.audit.add(
            audit.entry(
                actor,
                "market",
                f"Ask on Market: {result.shown} ({result.price} gp)",
                now,
                character=found,
                rolls=[] if result.roll is None else [result.roll],
                outcome=result.band.value,
            )
        )
    lines = (
        [describe_roll(result.roll)]
        if result.roll is not None
        else ["A Merian never needs to roll to buy: it counts as a 10+."]
    )
    if result.rare and result.roll is None:
        lines.append(
            f"Rare: the result counts one band lower, so the 10+ becomes {result.band.value}."
        )
    elif result.rare:
        lines.append("Rare: the result counts one band lower.")
    lines.append(f"**{result.band.value}**: {MARKET_RESULTS[result.band]}")
    buttons = []
    if offer_id is not None:
        lines.append(
            f"The MC says whether it is to be had at {result.outrageous_price} gp, or not at all."
        )
        buttons.append(
            Button(
                label=f"MC: offer it at {result.outrageous_price} gp",
                custom_id=f"pawpost:{AREA}:{offer_id}:offer",
            )
        )
    return Reply(
        title=f"{safe(found.name)} asks on the market for {safe(result.shown)}",
        lines=lines,
        buttons=buttons,
        footer=f"roll #{entry}",
    )


def only_the_mc_prices(
    goods: Mapping[str, CatalogueItem], item: str, price: int | None, rare: bool | None
) -> None:
    """Base prices are the catalogue's (l. 302): a player asks for a catalogue item at its own
    price and rarity; only the MC names another, or the price of an item not listed."""
    listed = goods.get(item_key(item))
    if listed is None:
        raise PawpostError(
            f"The {safe(item.strip())} is not in the server's catalogue: the MC adds it with "
            "/admin item add (or names its price), then ask again."
        )
    if price is not None or rare is not None:
        rarity = "rare" if listed.rare else "not rare"
        raise PawpostError(
            f"Only the MC sets a price or rarity: the {safe(listed.name)} costs {listed.price} gp "
            f"and is {rarity} (/catalogue)."
        )


@runs_in_database
def offer(services: Services, actor: Actor, offer_id: int) -> Reply:
    """The MC (an admin) offers a 6-'s item at ten times its price; its player may take it."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        offers = caverns(tx).offers
        found = offers.get(guild.guild_id, offer_id)
        if found is None:
            raise PawpostError("That offer does not exist in this server.")
        if not offers.mark_offered(offer_id, now):
            raise PawpostError("That item was offered already.")
        buyer = tx.characters.by_id(guild.guild_id, found.character_id)
        if buyer is None:
            raise PawpostError("The character who asked for it was deleted.")
        tx.audit.add(
            audit.entry(
                actor, "market", f"offered {found.item} at {found.price} gp", now, character=buyer
            )
        )
    return Reply(
        lines=[
            f"The {safe(found.item)} is to be had at {found.price} gp. <@{buyer.owner_id}>, "
            f"{safe(buyer.name)} may take it: it is bought at the next Long Rest if the gold is "
            "there then."
        ],
        buttons=[
            Button(
                label=f"Take it at {found.price} gp",
                custom_id=f"pawpost:{AREA}:{offer_id}:take",
                style=Style.primary,
            )
        ],
        mentions=[buyer.owner_id],
    )


@runs_in_database
def take(services: Services, actor: Actor, offer_id: int) -> Reply:
    """The player takes the MC's offer: a surface order at the outrageous price."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        offers = caverns(tx).offers
        found = offers.get(guild.guild_id, offer_id)
        if found is None or found.offered_at is None:
            raise PawpostError("The MC has not offered that item.")
        buyer = tx.characters.by_id(guild.guild_id, found.character_id)
        if buyer is None:
            raise PawpostError("The character who asked for it was deleted.")
        if buyer.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"Only {safe(buyer.name)}'s player can take that offer.")
        if not offers.mark_taken(offer_id, now):
            raise PawpostError("That offer was taken already.")
        save(tx, buyer, take_offer(caverns_sheet(buyer), found.item, found.kind, found.price))
        tx.audit.add(
            audit.entry(
                actor, "market", f"took {found.item} at {found.price} gp", now, character=buyer
            )
        )
    return Reply(
        lines=[
            f"{safe(buyer.name)} takes the {safe(found.item)} at {found.price} gp: it is bought at "
            "the next Long Rest if the gold is there then."
        ]
    )


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "offer":
        return await offer(services, actor, press.id)
    return await take(services, actor, press.id)


OFFER_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, "offer"): _button,
    (AREA, "take"): _button,
}


@runs_in_database
def give_back(services: Services, actor: Actor, item: str, character: str | None = None) -> Reply:
    """Return an unpaid delivery to the merchant, which lifts the market's bar (l. 306)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = return_delivery(caverns_sheet(found), item)
        save(tx, found, sheet)
        tx.audit.add(audit.entry(actor, "market", f"returned {item.strip()}", now, character=found))
    owed = [order.shown for order in sheet.orders if order.unpaid]
    if owed:
        still = " and the ".join(safe(name) for name in owed)
        verb = "is" if len(owed) == 1 else "are"
        after = f"the market stays barred until the {still} {verb} returned too."
    else:
        after = "the market is open again."
    return Reply(lines=[f"{safe(found.name)} returns the {safe(item.strip())}: {after}"])


@runs_in_database
def withhold(
    services: Services,
    actor: Actor,
    pay: str,
    character: str | None = None,
    item: str | None = None,
) -> Reply:
    """`/pay-deliveries`: whether the character pays for its deliveries (or the one `item`)
    at the next Long Rest; one it will not pay for bars the market until returned (l. 306:
    "can't (or won't)")."""
    withheld = not yes(pay, "Pay")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        if item is not None and item.strip():
            save(tx, found, withhold_payment(caverns_sheet(found), item, withheld))
            tx.audit.add(
                audit.entry(
                    actor, "market", f"pays for {item.strip()}: {pay}", now, character=found
                )
            )
            will = "will not pay" if withheld else "pays"
            return Reply(
                lines=[
                    f"At the next Long Rest {safe(found.name)} {will} for the "
                    f"{safe(item.strip())}"
                    + (": the market is barred until it is returned." if withheld else ".")
                ],
                ephemeral=True,
            )
        rests = caverns(tx).rests
        plan = rests.plan(found.id).model_copy(update={"withhold": withheld})
        rests.save_plan(guild.guild_id, found.id, plan, now)
    if withheld:
        line = (
            f"At the next Long Rest {safe(found.name)} will not pay for its deliveries: the "
            "market is barred until each is returned."
        )
    else:
        line = f"At the next Long Rest {safe(found.name)} pays for its deliveries."
    return Reply(lines=[line], ephemeral=True)


@runs_in_database(read_only=True)
def list_items(services: Services, actor: Actor) -> Reply:
    """The server's catalogue: name, kind, price, rarity, hands, range and traits."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = catalogue(tx, guild)
    lines = []
    for item in sorted(found.values(), key=lambda i: (i.kind.value, i.name)):
        parts = [item.kind.value, f"{item.price} gp"]
        if item.rare:
            parts.append("rare")
        if item.hands:
            parts.append(f"{item.hands}-handed")
        if item.range:
            parts.append(item.range.value)
        parts += [f.value for f in item.flourishes] + [t.value for t in item.traits]
        lines.append(f"**{safe(item.name)}**: " + ", ".join(parts))
    return Reply(
        title="The server's catalogue",
        lines=[
            "The book's weapon and armour tables are missing: this is the server's own "
            "catalogue (Pawpost's starter list, as the admins edited it).",
            *lines,
        ],
        ephemeral=True,
    )


@runs_in_database
def sell_item(
    services: Services,
    actor: Actor,
    item: str,
    price: int | None = None,
    character: str | None = None,
) -> Reply:
    """`/sell`: a carried item sold at the market for half its catalogue price (RULINGS,
    config), or the price the MC names; the MC may refuse the sale with its button."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        refuse_if_unable(caverns_sheet(found), Move.ROLL)
        admin = actor.admin_in(guild.settings)
        if price is not None and not admin:
            raise PawpostError("Only the MC names a price; a sale is at the market's own.")
        listed = catalogue(tx, guild).get(item_key(item))
        percent = CavernsSettings.of(guild.settings).sale_percent
        if price is not None:
            how = "the MC's price"
        elif listed is None:
            raise PawpostError(
                f"The {safe(item.strip())} has no price in the server's catalogue: the MC "
                "names what it fetches (/sell with price)."
            )
        else:
            price = sale_price(listed.price, percent)
            share = "half" if percent == SALE_PERCENT else f"{percent}%"
            how = f"{share} of its catalogue price of {listed.price} gp"
        sold, carried = sell(caverns_sheet(found), item, price)
        save(tx, found, sold)
        sale_id = caverns(tx).sales.add(
            guild.guild_id, found.id, carried.name, carried.kind, carried.broken, price, now
        )
        tx.audit.add(
            audit.entry(
                actor, "market", f"sold {carried.name} for {price} gp", now, character=found
            )
        )
    return Reply(
        title=f"{safe(found.name)} sells the {safe(carried.name)}",
        lines=[
            f"{safe(found.name)} sells the {safe(carried.name)} for {price} gp ({how}): "
            f"{sold.gold} gold now.",
            "The MC may refuse the sale: the item comes back for the gold.",
        ],
        buttons=[
            Button(label="MC: refuse the sale", custom_id=f"pawpost:{SALE_AREA}:{sale_id}:refuse")
        ],
    )


@runs_in_database
def refuse_sale(services: Services, actor: Actor, sale_id: int) -> Reply:
    """The MC refuses a sale (once): the item goes back to its seller, the gold to the market."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        sales = caverns(tx).sales
        found = sales.get(guild.guild_id, sale_id)
        if found is None:
            raise PawpostError("That sale does not exist in this server.")
        seller = tx.characters.by_id(guild.guild_id, found.character_id)
        if seller is None:
            raise PawpostError("The character who sold it was deleted.")
        if not sales.mark_refused(sale_id, now):
            raise PawpostError("That sale was refused already.")
        item = Item(name=found.item, kind=found.kind, broken=found.broken)
        save(tx, seller, buy_back(caverns_sheet(seller), item, found.price))
        tx.audit.add(
            audit.entry(actor, "market", f"refused the sale of {found.item}", now, character=seller)
        )
    return Reply(
        lines=[
            f"The MC refuses the sale: {safe(seller.name)} has the {safe(found.item)} back and "
            f"gives back {found.price} gp."
        ],
        mentions=[seller.owner_id],
    )


async def _sale_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await refuse_sale(services, actor, press.id)


SALE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {(SALE_AREA, "refuse"): _sale_button}
