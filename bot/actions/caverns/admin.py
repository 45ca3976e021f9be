"""The MC's tools (the server's admins): grouping a party, what a character can carry,
conditions, and the server's own item catalogue."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from bot.actions import audit
from bot.actions.caverns.common import caverns_sheet, items, party_label, require_caverns, save
from bot.actions.caverns.conditions import cure_button
from bot.actions.caverns.parse import yes
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import named, require_admin
from bot.actions.reply import Reply, ReplyField
from rules.caverns.afflictions import cure, inflict
from rules.caverns.catalogue import (
    CatalogueItem,
    Flourish,
    ItemKind,
    Range,
    Special,
    Trait,
    item_key,
)
from rules.caverns.conditions import CONDITIONS, parse_condition
from rules.caverns.race_traits import illusion_immunity
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.settings import CavernsSettings
from storage.settings import GuildSettings

E = TypeVar("E", bound=StrEnum)
MOST_CARRIED = 99
MOST_PERCENT = 100
MOST_HANDS = 2  # book l. 370: characters have two hands


def settings_field(settings: GuildSettings) -> ReplyField:
    limits = CavernsSettings.of(settings)
    return ReplyField(
        name="Caverns and Cloiers",
        value=f"a character carries at most {limits.max_rations} rations and "
        f"{limits.max_torches} torches (a Long Rest restocks up to these); the market pays "
        f"{limits.sale_percent}% of an item's catalogue price",
    )


@runs_in_database
def carrying(services: Services, actor: Actor, rations: int, torches: int) -> Reply:
    """`/config carrying`: the most rations and torches a character can carry."""
    for value, what in ((rations, "rations"), (torches, "torches")):
        if not 0 <= value <= MOST_CARRIED:
            raise PawpostError(f"The most {what} carried is 0 to {MOST_CARRIED}; you gave {value}.")
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_caverns(guild)
        limits = CavernsSettings.of(guild.settings).model_copy(
            update={"max_rations": rations, "max_torches": torches}
        )
        limits.store_in(guild.settings)
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(
                actor, "config", f"carrying {rations} rations, {torches} torches", services.clock()
            )
        )
    return Reply(
        lines=[f"A Long Rest now restocks up to {rations} rations and {torches} torches each."]
    )


@runs_in_database
def selling(services: Services, actor: Actor, percent: int) -> Reply:
    """`/config selling`: what the market pays for an item sold, of its catalogue price."""
    if not 0 <= percent <= MOST_PERCENT:
        raise PawpostError(f"A sale pays 0 to {MOST_PERCENT}% of the price; you gave {percent}.")
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_caverns(guild)
        limits = CavernsSettings.of(guild.settings).model_copy(update={"sale_percent": percent})
        limits.store_in(guild.settings)
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"selling at {percent}%", services.clock()))
    return Reply(lines=[f"The market now pays {percent}% of an item's catalogue price."])


@runs_in_database
def set_party(services: Services, actor: Actor, character: str, party: str) -> Reply:
    """`/admin party set`: put a character in a named party (it stays there wherever it
    plays); the party "channel" sends it back to the party of the channel it plays in."""
    name = " ".join(party.split())
    if not name or len(name) > 32:
        raise PawpostError("A party's name is 1 to 32 characters.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        found = named(tx, guild.guild_id, character)
        caverns_sheet(found)
        tables = caverns(tx).parties
        if name.lower() == "channel":
            chosen = tables.of_channel(guild.guild_id, actor.channel_id, now)
            tables.join(guild.guild_id, found.id, chosen.id, pinned=False)
        else:
            if name.startswith("#"):
                raise PawpostError(
                    "A named party cannot start with #, which channels' parties use."
                )
            chosen = tables.named(guild.guild_id, name, now)
            tables.join(guild.guild_id, found.id, chosen.id, pinned=True)
        tx.audit.add(
            audit.entry(actor, "party", f"{found.name} → {chosen.name}", now, character=found)
        )
    return Reply(lines=[f"{safe(found.name)} is now in {party_label(chosen)}."])


@runs_in_database
def add_condition(
    services: Services,
    actor: Actor,
    character: str,
    condition: str,
    difficulty: int | None = None,
    flourish: str | None = None,
    note: str | None = None,
    illusion: str | None = None,
) -> Reply:
    """`/admin condition add`: the MC puts a condition on a character (immunities refuse, and
    a Krokani's against an illusion's, l. 84)."""
    chosen = parse_condition(condition)
    from_flourish = yes(flourish, "Flourish")
    illusory = yes(illusion, "Illusion")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        found = named(tx, guild.guild_id, character)
        immune = illusion_immunity(caverns_sheet(found)) if illusory else None
        if immune is not None:
            raise PawpostError(f"This character is immune to all forms of Illusion ({immune}).")
        sheet = inflict(
            caverns_sheet(found),
            chosen,
            from_flourish=from_flourish,
            difficulty=difficulty,
            note=(note or "").strip()[:100],
        )
        save(tx, found, sheet)
        tx.audit.add(audit.entry(actor, "condition", f"{chosen.label} added", now, character=found))
    rule = CONDITIONS[chosen]
    lines = [f"{safe(found.name)} is {chosen.state}: {rule.effect}."]
    buttons = []
    if rule.cure is not None:
        lines.append(
            f"<@{found.owner_id}> rolls to end it when it is due: "
            f"{rule.cure.attribute.label} against {difficulty or rule.cure.difficulty}."
        )
        buttons.append(cure_button(found.id, sheet, chosen))
    return Reply(lines=lines, buttons=buttons, mentions=[found.owner_id])


@runs_in_database
def remove_condition(services: Services, actor: Actor, character: str, condition: str) -> Reply:
    chosen = parse_condition(condition)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        found = named(tx, guild.guild_id, character)
        save(tx, found, cure(caverns_sheet(found), chosen))
        tx.audit.add(
            audit.entry(actor, "condition", f"{chosen.label} removed", now, character=found)
        )
    return Reply(lines=[f"{safe(found.name)} is no longer {chosen.state}."])


def _one(kind: type[E], text: str, what: str) -> E:
    try:
        return kind(text.strip().lower())
    except ValueError:
        names = ", ".join(member.value for member in kind)
        raise PawpostError(f"{safe(text.strip()[:40])} is not {what}; choose {names}.") from None


@runs_in_database
def add_item(
    services: Services,
    actor: Actor,
    name: str,
    kind: str,
    price: int,
    rare: str | None = None,
    hands: int | None = None,
    range: str | None = None,
    flourish: str | None = None,
    traits: str | None = None,
    blocks: str | None = None,
) -> Reply:
    """`/admin item add`: an item of the server's catalogue (replacing one of that name);
    `blocks`: the afflictions a piece of armour may be expended against (l. 385)."""
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > 40:
        raise PawpostError("An item's name is 1 to 40 characters.")
    item_kind = _one(ItemKind, kind, "a kind of item")
    item_range = None if range is None else _one(Range, range, "a range")
    flourishes: list[Flourish] = []
    for word in items(flourish):
        key = word.lower()
        flourishes.append(Special(key) if key in set(Special) else parse_condition(word))
    item_traits = tuple(_one(Trait, word, "a weapon trait") for word in items(traits))
    blocked = tuple(parse_condition(word) for word in items(blocks))
    if blocked and item_kind is not ItemKind.ARMOUR:
        raise PawpostError("Only armour is expended to block an affliction.")
    if price < 0:
        raise PawpostError("A price cannot be negative.")
    if hands is not None and not 1 <= hands <= MOST_HANDS:
        raise PawpostError(f"An item takes 1 or {MOST_HANDS} hands.")
    item = CatalogueItem(
        name=cleaned,
        kind=item_kind,
        price=price,
        rare=yes(rare, "Rare"),
        hands=hands,
        range=item_range,
        flourishes=tuple(flourishes),
        traits=item_traits,
        blocks=blocked,
    )
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        caverns(tx).catalogue.put(guild.guild_id, item)
        tx.audit.add(audit.entry(actor, "catalogue", f"added {item.name}", services.clock()))
    return Reply(lines=[f"The server's catalogue now sells the {safe(item.name)} for {price} gp."])


@runs_in_database
def remove_item(services: Services, actor: Actor, name: str) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        tables = caverns(tx).catalogue
        if item_key(name) not in tables.of(guild.guild_id):
            raise PawpostError(f"The server's catalogue has no {safe(name.strip())}.")
        tables.remove(guild.guild_id, name)
        tx.audit.add(audit.entry(actor, "catalogue", f"removed {name.strip()}", services.clock()))
    return Reply(lines=[f"The {safe(name.strip())} is no longer in the server's catalogue."])
