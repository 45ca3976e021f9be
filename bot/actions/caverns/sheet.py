"""A Caverns adventurer's sheet as players want to read it, with its party."""

from __future__ import annotations

from bot.actions.caverns.common import caverns_sheet, party_label
from bot.actions.caverns.melding import land_lines
from bot.actions.formatting import safe
from bot.actions.reply import ReplyField
from rules.caverns.attributes import ELEMENTS, Attribute
from rules.caverns.battle.poisons import describe, describe_envenoming
from rules.caverns.conditions import CONDITIONS
from rules.caverns.constants import MOON_SHIFT
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.races import Race
from rules.caverns.sheet import CavernsSheet
from rules.caverns.wording import counted, signed
from storage.caverns import caverns
from storage.caverns.parties import Party
from storage.models import Character
from storage.repositories import Transaction


def _attributes(sheet: CavernsSheet) -> str:
    shown = [f"**{a.label}** {signed(sheet.attribute(a))}" for a in ELEMENTS]
    return " · ".join([*shown, f"**Harmony** {signed(sheet.attribute(Attribute.HARMONY))}"])


def _skills(sheet: CavernsSheet) -> str:
    lines = []
    for skillset, skills in sheet.skills_by_skillset().items():
        names = ", ".join(f"{s.name} ({s.kind.value})" for s in skills)
        lines.append(f"**{skillset.label}**: {names}")
    if sheet.sick_beat:
        lines.append("Sick Beat: " + ", ".join(c.label for c in sheet.sick_beat))
    if sheet.patron_totem is not None:
        bound = f", bound today: {sheet.bound_totem.label}" if sheet.bound_totem else ""
        lines.append(f"Patron Totem: {sheet.patron_totem.label}{bound}")
    if sheet.moon is not None:
        moon = sheet.moon
        lines.append(
            f"Moon's bond: +{MOON_SHIFT} {moon.raised.label}, -{MOON_SHIFT} {moon.lowered.label}"
        )
    if sheet.advanced_skills_owed:
        lines.append(f"**{sheet.advanced_skills_owed} Advanced skill(s) to pick**: /level skill")
    return "\n".join(lines)


def _named(key: str) -> str:
    """A catalogue key as the catalogue names it ("kraken beak spear": "Kraken beak spear")."""
    return safe(key[:1].upper() + key[1:])


def _proficiencies(sheet: CavernsSheet) -> str:
    """The class's list, then what the player and the race chose (l. 102, 108, 76, 83), and
    Sharp as Steel's item until the next rest (l. 347)."""
    lines = [sheet.class_row.proficiency_text]
    chosen = [key for key in sheet.weapon_proficiencies if key != sheet.race_weapon]
    if chosen:
        lines.append("Weapons chosen: " + ", ".join(_named(key) for key in chosen))
    if sheet.race_weapon is not None:
        lines.append(f"{sheet.race_row.name}'s Monk weapon: {_named(sheet.race_weapon)}")
    if sheet.race is Race.DWARF:
        lines.append("Dwarf: all axes")
    steel = [
        record.detail
        for record in sheet.harmony_benefits
        if record.benefit is HarmonyBenefit.PROFICIENT_WITH_ITEM
    ]
    if steel:
        lines.append("Sharp as Steel, until the next rest: " + ", ".join(map(_named, steel)))
    return "\n".join(lines)


def _equipment(sheet: CavernsSheet) -> str:
    names = [item.name + (" (broken)" if item.broken else "") for item in sheet.equipment]
    armour = f"Armour: {sheet.intact_armour} intact of {len(sheet.armour)}"
    if sheet.bonus_armour:
        armour += f", +{sheet.bonus_armour} from race"
        if sheet.bonus_armour_spent:
            armour += f" ({sheet.intact_bonus_armour} unbroken)"
    if sheet.heavily_armoured:
        armour += " (heavily armoured: Damage −1)"
    text = ", ".join(safe(name) for name in names) or "nothing"
    if sheet.implement is not None:
        text += (
            f"\nImplement: rolls {sheet.implement.rolls.label}, foes subtract "
            f"{sheet.implement.foes_subtract.label}"
        )
    return f"{text}\n{armour}"


def _conditions(sheet: CavernsSheet) -> str:
    shown = []
    for active in sheet.conditions:
        rule = CONDITIONS[active.condition]
        text = active.condition.label
        if rule.cure is not None:
            difficulty = active.difficulty or rule.cure.difficulty
            text += f" (cure: {rule.cure.attribute.label} {difficulty}"
            if rule.rolls_to_cure:
                text += f", roll {active.rolls} of {rule.rolls_to_cure}"
            text += ")"
        if active.from_flourish:
            text += ", until the next Short Rest"
        if active.note:
            text += f": {safe(active.note)}"
        shown.append(text)
    return "; ".join(shown) or "none"


def _orders(sheet: CavernsSheet) -> str:
    shown = []
    for order in sheet.orders:
        state = (
            "UNPAID: return it to Ask on Market again"
            if order.unpaid
            else ("arrived, pay at the Long Rest" if order.arrived else order.order.value)
        )
        if order.withheld:
            state += ", will not be paid"
        shown.append(f"{safe(order.shown)} {order.price} gp ({state})")
    return "; ".join(shown)


def _rest_effects(sheet: CavernsSheet) -> str:
    lines = [
        record.benefit.value.replace("-", " ")
        + (f" ({safe(record.detail)})" if record.detail else "")
        + (f" ({record.uses} left)" if record.benefit is HarmonyBenefit.TWO_FREE_ARMOUR else "")
        for record in sheet.harmony_benefits
    ]
    lines += [
        f"{pick.skill.label}: {pick.allowed} to choose with /harmony benefits"
        for pick in sheet.harmony_picks
        if pick.allowed
    ]
    if sheet.fated_dice:
        lines.append("Twist Fate's dice: " + ", ".join(map(str, sheet.fated_dice)))
    return "; ".join(lines)


def sheet_lines(sheet: CavernsSheet, party: Party | None = None) -> list[ReplyField]:
    """The sheet's fields, for `/character show` and the builder's preview."""
    race = sheet.race_row
    fields = [
        ReplyField(name="Attributes", value=_attributes(sheet)),
        ReplyField(name="Race", value=f"{race.name}: {race.trait}"),
        ReplyField(
            name="Class", value=f"{sheet.character_class.label}, level {sheet.level}", inline=True
        ),
        ReplyField(name="Damage", value=str(sheet.damage), inline=True),
        ReplyField(name="Health", value=f"{sheet.health} / {sheet.max_health}", inline=True),
        ReplyField(name="Vitae", value=f"{sheet.vitae} / {sheet.max_vitae}", inline=True),
        ReplyField(name="Skills", value=_skills(sheet)),
        ReplyField(name="Proficiencies", value=_proficiencies(sheet)),
        ReplyField(name="Equipment", value=_equipment(sheet)),
        ReplyField(
            name="Supplies",
            value=f"{sheet.gold} gold · {counted(sheet.rations, 'ration')} · "
            f"{counted(sheet.torches, 'torch', 'torches')}",
        ),
        ReplyField(name="Conditions", value=_conditions(sheet)),
    ]
    if sheet.orders:
        fields.append(ReplyField(name="Market orders", value=_orders(sheet)))
    poisons = [describe(sheet.poisoning), describe_envenoming(sheet.envenomed)]
    if any(poisons):
        fields.append(ReplyField(name="Poison", value="; ".join(p for p in poisons if p)))
    effects = _rest_effects(sheet)
    if effects:
        fields.append(ReplyField(name="Until the next rest", value=effects))
    land = land_lines(sheet)
    if land:
        fields.append(ReplyField(name="The land", value="\n".join(land)))
    if party is not None:
        progress = party.progress
        fields.append(
            ReplyField(
                name="Party",
                value=f"{party_label(party)}: level {progress.level}, experience "
                f"{progress.experience} of {progress.needed}",
            )
        )
    if sheet.retired:
        fields.append(ReplyField(name="Retired", value="Out of Vitae: no longer adventures."))
    return fields


def sheet_fields(tx: Transaction, character: Character) -> list[ReplyField]:
    tables = caverns(tx).parties
    membership = tables.membership(character.id)
    party = None if membership is None else tables.get(character.guild_id, membership[0])
    return sheet_lines(caverns_sheet(character), party)
