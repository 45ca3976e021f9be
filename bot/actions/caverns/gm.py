"""Caverns' part of the GM toolkit (bot/gm.py): every value of a sheet the MC may set, checked
by the sheet's own model with Health following Water; damage, healing, killing and reviving by
the book's Health and Vitae (l. 96-98, 298); the party's rows an undo puts back; the battle's
skip and end; what a death does to a battle; the outcomes of its rolls."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from bot.actions.caverns.adjudicate import outcomes
from bot.actions.caverns.battle.choices import hold_on
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, items, save
from bot.actions.caverns.death import after_death, set_dead_in_battle
from bot.actions.caverns.race_traits import lucidian_loss
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.gm import GmTools, SheetField
from rules.caverns.afflictions import inflict
from rules.caverns.attributes import ELEMENTS
from rules.caverns.battle.rows import Phase, end_turn, whose_turn
from rules.caverns.catalogue import find_item
from rules.caverns.conditions import parse_condition
from rules.caverns.constants import ATTRIBUTE_MAX, ATTRIBUTE_MIN
from rules.caverns.health import heal as heal_health
from rules.caverns.health import lose_health
from rules.caverns.health import revive as revived
from rules.caverns.party.experience import PartyProgress
from rules.caverns.race_traits import illusion_immunity
from rules.caverns.records import Item
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import find_skill
from rules.caverns.skills.athletics import vitality
from rules.caverns.wording import signed
from rules.dice import DiceSource
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.rests import RestPlan
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

NONE = "none"
BROKEN = "(broken)"
VISCANTI = "viscanti"  # a Viscanti's wounds outlast the next Short Rest (l. 93)
ILLUSION = "illusion"  # an illusion's harm, nothing to a Krokani (l. 84)


@dataclass(frozen=True)
class Harm:
    """What kind of harm the MC deals outside a battle: a Viscanti's lasting wounds (l. 93),
    an illusion's (nothing to a Krokani, l. 84)."""

    lasting: bool = False
    illusion: bool = False


# --- Damage, healing, death and return -----------------------------------------------------


def take_health(
    tx: Transaction, guild: Guild, found: Character, amount: int, harm: Harm, *, held: bool
) -> list[str]:
    """The MC's blow outside a battle's steps (armour already counted): a Lucidian in
    sunlight takes one less, Vitality may hold (l. 194), and a death is the book's death."""
    before = caverns_sheet(found)
    immune = illusion_immunity(before) if harm.illusion else None
    if immune is not None:
        raise PawpostError(f"This character is immune to all forms of Illusion ({immune}).")
    amount = lucidian_loss(tx, guild, found, amount)
    hurt = lose_health(before, amount, from_viscanti=harm.lasting)
    lost = before.health - hurt.health
    sheet = vitality(hurt) or hurt  # Vitality (l. 194) holds outside a battle too
    save(tx, found, sheet)
    name = safe(found.name)
    lines = [f"{name} loses {lost} Health: {hurt.health} / {hurt.max_health}."]
    if sheet is not hurt:
        lines.append(
            f"{name} would die, but Vitality holds: 1 Harmony spent "
            f"({signed(sheet.harmony)}), {sheet.health} Health left."
        )
    else:
        lines += after_death(tx, guild, found, held=held)
    return lines


def damage(
    tx: Transaction, guild: Guild, character: Character, amount: int, kind: str | None,
    dice: DiceSource, now: datetime,
) -> list[str]:  # fmt: skip
    """`/admin damage [kind]`: Health lost (armour already counted), a Viscanti's lasting or
    an illusion's; a death comes back by Vitae at once (RULINGS), `/admin kill` holds it."""
    if amount < 1:
        raise PawpostError("Take at least 1 Health.")
    harm = Harm(lasting=kind == VISCANTI, illusion=kind == ILLUSION)
    return take_health(tx, guild, character, amount, harm, held=False)


def heal(
    tx: Transaction, guild: Guild, character: Character, amount: int, kind: str | None,
    dice: DiceSource, now: datetime,
) -> list[str]:  # fmt: skip
    """`/admin heal`: Health back, up to the maximum; the dead come back by Vitae instead."""
    if amount < 1:
        raise PawpostError("Give at least 1 Health.")
    sheet = caverns_sheet(character)
    if sheet.is_dead or sheet.retired:
        raise PawpostError(
            f"{safe(character.name)} is dead or retired: /admin revive brings them back."
        )
    healed = heal_health(sheet, amount)
    save(tx, character, healed)
    return [
        f"{safe(character.name)} regains {healed.health - sheet.health} Health: "
        f"{healed.health} / {healed.max_health}."
    ]


def kill(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """`/admin kill`: Health to 0. The MC's kill holds the return: the dead come back by
    Vitae at the party's next rest (or the battle's end), or by `/admin revive`."""
    sheet = caverns_sheet(character)
    if sheet.is_dead or sheet.retired:
        raise PawpostError(f"{safe(character.name)} is dead or retired already.")
    save(tx, character, sheet.model_copy(update={"health": 0}))
    return after_death(tx, guild, character, held=True)


def revive(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """`/admin revive`: back at once with full Health for one Vitae (l. 298); the MC's word
    brings back one with none left, or one that retired."""
    sheet = caverns_sheet(character)
    back = revived(sheet)
    save(tx, character, back)
    lines = set_dead_in_battle(tx, guild, character, dead=False)
    spent = sheet.vitae - back.vitae
    paid = f"marks off {spent} Vitae ({back.vitae} left)" if spent else "spends no Vitae"
    return [f"{safe(character.name)} {paid} and comes back at full Health.", *lines]


def leave_scenes(
    tx: Transaction, actor: Actor, guild: Guild, character: Character, now: datetime
) -> list[str]:
    """What a death does to a battle: the dead lie there, losing their turns, until its end
    brings them back by Vitae (l. 298)."""
    return set_dead_in_battle(tx, guild, character, dead=True)


# --- The sheet's fields --------------------------------------------------------------------


def _health_after(before: CavernsSheet, changed: CavernsSheet) -> CavernsSheet:
    """Health and Vitae follow their maximums (Water, Fire): the wounds are kept."""
    lost = before.max_health - before.health
    health = 0 if before.health == 0 else max(1, changed.max_health - lost)
    return changed.model_copy(
        update={
            "health": min(health, changed.max_health),
            "vitae": min(changed.vitae, changed.max_vitae),
            "lasting_wounds": min(changed.lasting_wounds, changed.max_health),
        }
    )


def _number(text: str, field: str) -> int:
    try:
        return int(text.strip().replace("+", ""))
    except ValueError:
        raise PawpostError(f"{field} takes a whole number; {safe(text.strip())} is not.") from None


def _checked(sheet: CavernsSheet, **changes: Any) -> CavernsSheet:
    """The sheet with the changes, checked by its model (the creation's bounds)."""
    try:
        return CavernsSheet.model_validate({**sheet.model_dump(), **changes})
    except ValidationError as error:
        detail = error.errors()[0]
        where = ".".join(str(part) for part in detail["loc"]) or "the sheet"
        raise PawpostError(f"That does not fit the sheet: {where}: {detail['msg']}.") from None


def _equipment(text: str, guild_items: Mapping[str, Any]) -> tuple[Item, ...]:
    chosen = []
    for name in items(text):
        broken = name.lower().endswith(BROKEN)
        item = find_item(name[: -len(BROKEN)] if broken else name, guild_items)
        chosen.append(Item(name=item.name, kind=item.kind, broken=broken))
    return tuple(chosen)


def _party_progress(tx: Transaction, guild: Guild, character: Character) -> PartyProgress:
    tables = caverns(tx).parties
    membership = tables.membership(character.id)
    party = None if membership is None else tables.get(guild.guild_id, membership[0])
    if party is None:
        raise PawpostError(f"{safe(character.name)} has not joined a party yet.")
    return party.progress


def _set_progress(
    tx: Transaction, guild: Guild, character: Character, progress: PartyProgress
) -> None:
    tables = caverns(tx).parties
    membership = tables.membership(character.id)
    party = None if membership is None else tables.get(guild.guild_id, membership[0])
    if party is None:
        raise PawpostError(f"{safe(character.name)} has not joined a party yet.")
    tables.save_progress(party.model_copy(update={"progress": progress}))


def fields(tx: Transaction, guild: Guild, character: Character) -> Sequence[SheetField]:
    """Every value of an adventurer the MC may set, as the sheet shows it."""
    sheet = caverns_sheet(character)
    bounds = f"{signed(ATTRIBUTE_MIN)} to {signed(ATTRIBUTE_MAX)}"
    shown = [SheetField(a.label, signed(sheet.own(a)), bounds) for a in ELEMENTS]
    progress = _party_progress(tx, guild, character)
    shown += [
        SheetField("Harmony", signed(sheet.harmony), bounds),
        SheetField("Health", str(sheet.health), f"0 to {sheet.max_health}"),
        SheetField("Vitae", str(sheet.vitae), f"0 to {sheet.max_vitae}"),
        SheetField("Level", str(sheet.level), "1 or more"),
        SheetField("Skills owed", str(sheet.advanced_skills_owed), "0 or more"),
        SheetField("Gold", str(sheet.gold), "0 or more"),
        SheetField("Rations", str(sheet.rations), "0 or more"),
        SheetField("Torches", str(sheet.torches), "0 or more"),
        SheetField(
            "Conditions",
            ", ".join(a.condition.label for a in sheet.conditions) or NONE,
            'condition names, "a, b" (none: none)',
        ),
        SheetField(
            "Equipment",
            ", ".join(i.name + (f" {BROKEN}" if i.broken else "") for i in sheet.equipment) or NONE,
            f'catalogue items, "Sword, Helmet {BROKEN}"',
        ),
        SheetField(
            "Skills",
            ", ".join(skill.name for skill in sheet.skill_list),
            "skills of the character's three skillsets",
        ),
        SheetField("Party experience", str(progress.experience), f"0 to {progress.needed - 1}"),
        SheetField("Party level", str(progress.level), "1 or more"),
    ]
    return shown


def _sheet_setter(name: str) -> Callable[[CavernsSheet, str, Mapping[str, Any]], CavernsSheet]:
    """How a field of the sheet takes a value (the party's two fields are set elsewhere)."""
    numbers = {
        "harmony": "harmony", "health": "health", "vitae": "vitae", "level": "level",
        "skills owed": "advanced_skills_owed", "gold": "gold", "rations": "rations",
        "torches": "torches",
    }  # fmt: skip
    elements = {a.label.lower(): a for a in ELEMENTS}
    if name in elements:
        attribute = elements[name]

        def element(sheet: CavernsSheet, text: str, _: Mapping[str, Any]) -> CavernsSheet:
            changed = _checked(sheet, **{attribute.value: _number(text, attribute.label)})
            return _checked(_health_after(sheet, changed))

        return element
    if name in numbers:
        key = numbers[name]
        return lambda sheet, text, _: _checked(sheet, **{key: _number(text, name.capitalize())})
    if name == "conditions":

        def conditions(sheet: CavernsSheet, text: str, _: Mapping[str, Any]) -> CavernsSheet:
            cleared = sheet.model_copy(update={"conditions": ()})
            for word in items(text):
                cleared = inflict(cleared, parse_condition(word))
            return cleared

        return conditions
    if name == "equipment":
        return lambda sheet, text, goods: _checked(
            sheet, equipment=[i.model_dump() for i in _equipment(text, goods)]
        )
    if name == "skills":

        def skills(sheet: CavernsSheet, text: str, _: Mapping[str, Any]) -> CavernsSheet:
            keys = [find_skill(word, sheet.skillsets).key for word in items(text)]
            return _checked(_health_after(sheet, _checked(sheet, skills=keys)))

        return skills
    raise KeyError(name)


def set_field(
    tx: Transaction, guild: Guild, character: Character, field: str, value: str, now: datetime
) -> list[str]:
    """Set one field, checked by the sheet's model; Health and Vitae follow their maximums;
    the party's experience and level are the party's. Returns what changed beyond it."""
    name = " ".join(field.lower().split())
    if name in ("party experience", "party level"):
        progress = _party_progress(tx, guild, character)
        number = _number(value, field)
        key = "experience" if name == "party experience" else "level"
        changed = PartyProgress.model_validate({**progress.model_dump(), key: number})
        if changed.experience >= changed.needed:
            raise PawpostError(
                f"Experience {changed.experience} would reach level {changed.level}'s "
                f"{changed.needed}: the party levels up at a Long Rest's answers."
            )
        _set_progress(tx, guild, character, changed)
        return ["The whole party shares it."]
    before = caverns_sheet(character)
    try:
        setter = _sheet_setter(name)
    except KeyError:
        raise PawpostError(
            f"{safe(field.strip())} is not a field of a Caverns sheet; /admin sheet show lists "
            "them."
        ) from None
    after = setter(before, value, caverns(tx).catalogue.of(guild.guild_id))
    save(tx, character, after)
    lines = []
    if (after.health, after.max_health) != (before.health, before.max_health) and name != "health":
        lines.append(f"Health {after.health} / {after.max_health}.")
    if (after.vitae, after.max_vitae) != (before.vitae, before.max_vitae) and name != "vitae":
        lines.append(f"Vitae {after.vitae} / {after.max_vitae}.")
    if after.is_dead and not before.is_dead:
        lines += after_death(tx, guild, character, held=True)
    return lines


# --- The party's rows an undo puts back ----------------------------------------------------


def snapshot(tx: Transaction, character: Character) -> dict[str, Any]:
    """Caverns' rows of a character beyond its sheet: its party (and the party's level and
    experience, which a sheet set may change) and its plan for the next rest."""
    tables = caverns(tx)
    membership = tables.parties.membership(character.id)
    party = None if membership is None else tables.parties.get(character.guild_id, membership[0])
    return {
        "party": None if membership is None else [membership[0], membership[1]],
        "progress": None if party is None else party.progress.model_dump(),
        "plan": tables.rests.plan(character.id).model_dump(mode="json"),
    }


def restore(tx: Transaction, character: Character, saved: dict[str, Any]) -> None:
    """Put back what `snapshot` kept."""
    tables = caverns(tx)
    if saved.get("party") is not None:
        party_id, pinned = saved["party"]
        tables.parties.join(character.guild_id, character.id, int(party_id), pinned=bool(pinned))
        party = tables.parties.get(character.guild_id, int(party_id))
        if party is not None and saved.get("progress") is not None:
            progress = PartyProgress.model_validate(saved["progress"])
            tables.parties.save_progress(party.model_copy(update={"progress": progress}))
    plan = RestPlan.model_validate(saved.get("plan") or {})
    tables.rests.save_plan(character.guild_id, character.id, plan, datetime.now(UTC))


# --- The battle's turns --------------------------------------------------------------------


def _scene(tx: Transaction, guild: Guild, combat_id: int) -> Scene:
    """The battle under its row lock."""
    combat = caverns(tx).battles.get(guild.guild_id, combat_id, lock=True)
    if combat is None or combat.status != "active":
        raise PawpostError("That battle is over or gone.")
    return Scene(tx, guild, combat, combat.state.version)


def skip_turn(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    combat_id: int,
    character_id: int | None,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    """Pass the turn the battle waits for (or, when named, only that character's), as
    `/battle skip` does: the choices waiting lapse with it."""
    scene = _scene(tx, guild, combat_id)
    state = scene.state
    if state.phase not in (Phase.PLAYER, Phase.ENEMY):
        raise PawpostError("No turn is waiting.")
    if character_id is not None:
        fighter = state.of_character(character_id)
        if fighter is None or state.phase is not Phase.PLAYER or state.current != fighter.id:
            raise PawpostError(f"It is not that character's turn: {whose_turn(state)}")
    hold_on(scene, actor, now, force=True)  # the MC moves on past any choice waiting
    scene.say(f"The MC skips the turn: {whose_turn(state)}")
    scene.state = end_turn(scene.state)
    return scene.commit(actor, "skip", "A turn is skipped", now)


def end_scene(
    tx: Transaction, actor: Actor, guild: Guild, combat_id: int, reason: str, now: datetime
) -> Reply:
    """End the battle as `/battle end` does: the dead come back by Vitae, or retire."""
    # the battle's verbs build on gm's parts
    from bot.actions.caverns.battle.rows import close_battle

    scene = _scene(tx, guild, combat_id)
    scene.say(f"The MC ends the battle: {safe(reason)}" if reason else "The MC ends the battle.")
    close_battle(scene)
    return scene.commit(actor, "end", "The battle ends", now)


CAVERNS_GM = GmTools(
    fields=fields,
    set_field=set_field,
    damage=damage,
    heal=heal,
    kill=kill,
    revive=revive,
    snapshot=snapshot,
    restore=restore,
    skip_turn=skip_turn,
    end_scene=end_scene,
    leave_scenes=leave_scenes,
    outcomes=outcomes,
    damage_kinds=(VISCANTI, ILLUSION),
)
