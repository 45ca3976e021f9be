"""What `/admin adjudicate` changes on a Caverns roll outside a battle, beyond the log: a
Flee's end of Fear, a market order, a cure roll's condition, a rest's Health, Harmony, Vitae,
rations and repairs. What cannot be told apart afterwards is said, with the command to use.
Reached through `Ruleset.adjudicate`; the outcomes offered are `outcomes`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from bot.actions.caverns.common import caverns_sheet, party_members, save
from bot.actions.formatting import safe
from rules.caverns.afflictions import inflict, wake, without
from rules.caverns.catalogue import ItemKind, item_key
from rules.caverns.conditions import Condition, parse_condition
from rules.caverns.constants import (
    ELFEN_LONG_REST_HARMONY,
    HUMAN_SHORT_REST_HARMONY,
    LONG_REST_HARMONY,
    LONG_REST_WEAK_VITAE,
    SHORT_REST_HARMONY,
    SHORT_REST_RATIONS,
)
from rules.caverns.health import restore_health
from rules.caverns.party.harmony import gain_harmony, set_harmony
from rules.caverns.races import Race
from rules.caverns.records import MarketOrder, OrderKind
from rules.caverns.rolling import Band
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.settings import CavernsSettings
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild

BANDS = tuple(band.value for band in Band)
OUTCOMES: dict[str, tuple[str, ...]] = {
    "move": ("success", "failure"),
    "flee": BANDS,
    "advance": BANDS,
    "market": BANDS,
    "rest": BANDS,
    "battle": ("hit, safe", "hit", "miss, safe", "miss"),
    "cure": ("cured", "not cured"),
}
_MARKET = re.compile(
    r"^Ask on Market: (?P<item>.+?)(?: ×(?P<quantity>\d+))? \((?P<price>\d+) gp\)$"
)
_CURE = re.compile(r"^cure roll against (?P<condition>.+)$")
_REST = re.compile(r"^(?P<kind>Short|Long) Rest for (?P<party>.+)$")
NARRATED = {
    "move": "A move's result is the MC's to tell; nothing else on the sheet follows from it.",
    "advance": "Outside a battle an Advance moves nobody on the sheet; the MC tells it.",
    "battle": "Health lost in a fight outside a battle is the MC's to take or give back "
    "(/admin damage, /admin heal).",
}


def outcomes(entry: AuditEntry) -> Sequence[str]:
    """What an adjudication of this logged roll may say it was."""
    return OUTCOMES.get(entry.action, ())


def adjudicate(
    tx: Transaction, guild: Guild, original: AuditEntry, outcome: str, now: datetime
) -> tuple[str, list[str]] | None:
    """Apply what the roll's new outcome changes (from the latest word on it)."""
    offered = OUTCOMES.get(original.action)
    if offered is None:
        return None
    new = " ".join(outcome.lower().split())
    if new not in offered:
        raise PawpostError(f"That roll's outcome is one of: {', '.join(offered)}.")
    latest = tx.audit.latest_override(guild.guild_id, original.id)
    old = (latest.outcome if latest is not None else original.outcome) or ""
    if new == old:
        return new, ["That is the outcome already: nothing else changes."]
    if original.action in NARRATED:
        return new, [NARRATED[original.action]]
    if original.action == "rest":
        return new, _rest(tx, guild, original, Band(old), Band(new))
    found = _character(tx, guild, original)
    if original.action == "flee":
        return new, _flee(tx, found, Band(old), Band(new))
    if original.action == "market":
        return new, _market(tx, found, original, Band(old), Band(new))
    return new, _cure(tx, found, original, cured=new == "cured")


def _character(tx: Transaction, guild: Guild, original: AuditEntry) -> Character:
    found = (
        None
        if original.character_id is None
        else tx.characters.by_id(guild.guild_id, original.character_id)
    )
    if found is None:
        raise PawpostError("The adventurer of that roll is no longer in this server.")
    return found


def _flee(tx: Transaction, found: Character, old: Band, new: Band) -> list[str]:
    """A successful Flee ends Fear (l. 361)."""
    sheet = caverns_sheet(found)
    name = safe(found.name)
    if new is not Band.MISS and old is Band.MISS and sheet.has_condition(Condition.FEAR):
        save(tx, found, without(sheet, Condition.FEAR))
        return [f"{name} fled after all: no longer Afraid."]
    if new is Band.MISS and old is not Band.MISS:
        return [f"If that Flee ended {name}'s Fear, the MC puts it back (/admin condition add)."]
    return ["Nothing else on the sheet follows."]


def _market(
    tx: Transaction, found: Character, original: AuditEntry, old: Band, new: Band
) -> list[str]:
    """The order follows the band (l. 303-305): a delivery on a 10+, a surface order on a
    7-9, none on a 6-; an order already settled is left to the MC."""
    match = _MARKET.match(original.summary)
    if match is None:
        raise PawpostError("That market roll names no item the bot can find.")
    item, price = match["item"], int(match["price"])
    quantity = int(match["quantity"] or 1)
    sheet = caverns_sheet(found)
    name = safe(found.name)
    placed = [
        o
        for o in sheet.orders
        if o.item == item and o.price == price and not o.arrived and not o.unpaid
    ]
    if old is not Band.MISS and not placed:
        return [
            f"{name}'s order for the {safe(item)} is settled already: the MC sets the gold and "
            "the equipment (/admin sheet set)."
        ]
    orders = list(sheet.orders)
    if placed:
        orders.remove(placed[-1])
    if new is not Band.MISS:
        kind = placed[-1].kind if placed else _kind_of(tx, found, item)
        orders.append(
            MarketOrder(
                item=item,
                kind=kind,
                price=price,
                quantity=quantity,
                order=OrderKind.DELIVERY if new is Band.STRONG else OrderKind.SURFACE,
            )
        )
    save(tx, found, sheet.model_copy(update={"orders": tuple(orders)}))
    said = {
        Band.STRONG: "delivered at the next Short Rest, paid at the next Long Rest",
        Band.WEAK: "bought on the surface at the next Long Rest, if the gold is there",
        Band.MISS: "not to be had: the order is gone",
    }
    return [f"{name}'s {safe(item)}: {said[new]}."]


def _kind_of(tx: Transaction, found: Character, item: str) -> ItemKind:
    listed = caverns(tx).catalogue.of(found.guild_id).get(item_key(item))
    return listed.kind if listed is not None else ItemKind.GEAR


def _cure(tx: Transaction, found: Character, original: AuditEntry, *, cured: bool) -> list[str]:
    """The condition ends, or comes back (l. 350-367)."""
    match = _CURE.match(original.summary)
    if match is None:
        raise PawpostError("That cure roll names no condition the bot can find.")
    condition = parse_condition(match["condition"])
    sheet = caverns_sheet(found)
    name = safe(found.name)
    if cured:
        if not sheet.has_condition(condition):
            return [f"{name} is not {condition.state} now: nothing else changes."]
        after = wake(sheet) if condition is Condition.SLEEPING else without(sheet, condition)
        save(tx, found, after)
        return [f"{name} is no longer {condition.state}."]
    if sheet.has_condition(condition):
        return [f"{name} is {condition.state} still: nothing else changes."]
    save(tx, found, inflict(sheet, condition))
    return [f"{name} is {condition.state} again."]


# --- Rests -----------------------------------------------------------------------------------


def _short_gain(sheet: CavernsSheet, band: Band) -> int:
    """The Harmony a Short Rest's band gives (l. 311-313; a Human 2, l. 80)."""
    if band is Band.MISS:
        return 0
    return HUMAN_SHORT_REST_HARMONY if sheet.race is Race.HUMAN else SHORT_REST_HARMONY


def _rest(tx: Transaction, guild: Guild, original: AuditEntry, old: Band, new: Band) -> list[str]:
    match = _REST.match(original.summary)
    party = None if match is None else caverns(tx).parties.by_name(guild.guild_id, match["party"])
    if match is None or party is None:
        raise PawpostError("The party of that rest is no longer in this server.")
    members = [m for m in party_members(tx, guild, party) if not caverns_sheet(m).retired]
    short = match["kind"] == "Short"
    carried = CavernsSettings.of(guild.settings).max_rations
    lines: list[str] = []
    for member in members:
        sheet = caverns_sheet(member)
        changed = _short_rest(sheet, old, new, carried) if short else _long_rest(sheet, old, new)
        save(tx, member, changed)
        lines.append(_said(member.name, sheet, changed))
    if short and (old is Band.STRONG) != (new is Band.STRONG):
        lines.append("The party's torch: the MC gives or takes it (/admin sheet set).")
    if short and new is Band.MISS:
        lines.append(
            "Health the 10+ or 7-9 healed beyond Water stays: the MC takes it (/admin damage)."
        )
    if not short and old is Band.STRONG:
        lines.append(
            "Vitae and repairs the 10+ gave stay: the MC takes them back (/admin sheet set)."
        )
    return lines


def _short_rest(sheet: CavernsSheet, old: Band, new: Band, carried: int) -> CavernsSheet:
    """A Short Rest's band changed: its Harmony, its Health (all of it on a 10+ or 7-9), and
    the ration each member ate (a 10+ costs none)."""
    delta = _short_gain(sheet, new) - _short_gain(sheet, old)
    sheet = gain_harmony(sheet, delta) if delta > 0 else set_harmony(sheet, sheet.harmony + delta)
    if new is not Band.MISS and old is Band.MISS:
        sheet = restore_health(sheet, short_rest=True)
    if old is Band.STRONG and new is not Band.STRONG and sheet.rations >= SHORT_REST_RATIONS:
        sheet = sheet.model_copy(update={"rations": sheet.rations - SHORT_REST_RATIONS})
    elif new is Band.STRONG and old is not Band.STRONG:
        rations = min(carried, sheet.rations + SHORT_REST_RATIONS)
        sheet = sheet.model_copy(update={"rations": max(sheet.rations, rations)})
    return sheet


def _long_rest(sheet: CavernsSheet, old: Band, new: Band) -> CavernsSheet:
    """A Long Rest's band changed: Vitae (all, one, or none) and Harmony (reset on a 7-9 or
    6-, kept or risen to the reset on a 10+, RULINGS); a 10+ repairs."""
    reset = ELFEN_LONG_REST_HARMONY if sheet.race is Race.ELFEN else LONG_REST_HARMONY
    if new is Band.STRONG:
        fixed = tuple(item.model_copy(update={"broken": False}) for item in sheet.equipment)
        return sheet.model_copy(
            update={
                "vitae": sheet.max_vitae,
                "equipment": fixed,
                "bonus_armour_spent": 0,
                "harmony": max(sheet.harmony, reset),
            }
        )
    sheet = set_harmony(sheet, reset)
    if new is Band.WEAK and old is Band.MISS:
        return sheet.model_copy(
            update={"vitae": min(sheet.max_vitae, sheet.vitae + LONG_REST_WEAK_VITAE)}
        )
    if new is Band.MISS and old is Band.WEAK:
        return sheet.model_copy(update={"vitae": max(0, sheet.vitae - LONG_REST_WEAK_VITAE)})
    return sheet


def _said(name: str, before: CavernsSheet, after: CavernsSheet) -> str:
    parts = []
    for label, was, now in (
        ("Health", before.health, after.health),
        ("Harmony", before.harmony, after.harmony),
        ("Vitae", before.vitae, after.vitae),
        ("rations", before.rations, after.rations),
    ):
        if was != now:
            parts.append(f"{label} {was} → {now}")
    if len(after.broken_items) < len(before.broken_items):
        parts.append("broken items repaired")
    return f"{safe(name)}: " + (", ".join(parts) or "nothing changes")
