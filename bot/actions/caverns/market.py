"""`/market`: Ask on Market (+Fire, −1 per full 100 gp, Rare one band lower), placing an order
the party's next rests deliver and pay for; returning an unpaid delivery; the catalogue."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.caverns.common import catalogue, caverns_sheet, party_of, require_caverns, save
from bot.actions.caverns.parse import yes
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from rules.caverns.market import MARKET_RESULTS, ask_on_market, return_delivery
from rules.caverns.rolling import Band


@runs_in_database
def ask(
    services: Services,
    actor: Actor,
    item: str,
    price: int | None = None,
    rare: str | None = None,
    character: str | None = None,
) -> Reply:
    is_rare = None if rare is None else yes(rare, "Rare")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        party_of(tx, guild, found, actor.channel_id, now)
        result = ask_on_market(
            caverns_sheet(found),
            item,
            services.dice,
            price=price,
            rare=is_rare,
            catalogue=catalogue(tx, guild),
        )
        save(tx, found, result.sheet)
        entry = tx.audit.add(
            audit.entry(
                actor,
                "market",
                f"Ask on Market: {result.item} ({result.price} gp)",
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
    if result.rare:
        lines.append("Rare: the result counts one band lower.")
    lines.append(f"**{result.band.value}**: {MARKET_RESULTS[result.band]}")
    if result.band is Band.MISS:
        lines.append(
            f"The MC says whether it is to be had at {result.outrageous_price} gp, or not at all."
        )
    return Reply(
        title=f"{safe(found.name)} asks on the market for {safe(result.item)}",
        lines=lines,
        footer=f"roll #{entry}",
    )


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
    return Reply(
        lines=[f"{safe(found.name)} returns the {safe(item.strip())}: the market is open again."]
    )


@runs_in_database
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
