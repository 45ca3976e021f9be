"""Caverns' sheet builder: selects for the race, the class, its skillsets, each attribute's
value, the extra +1 and the Advanced skill (one shown at a time, a button for each), and forms
for the name, the equipment and the implement or totem. Create goes through `/character
create`'s own validation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from itertools import product

from bot.actions import audit
from bot.actions.builder import Builder, Choices, Form, FormField, Pick
from bot.actions.builder.editing import name_clash, store
from bot.actions.caverns.characters import add_character, new_character, new_sheet
from bot.actions.caverns.common import catalogue
from bot.actions.caverns.moon import moon_lines
from bot.actions.caverns.sheet import sheet_lines
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import MAX_NAME_LENGTH, clean_name
from bot.actions.reply import Reply, ReplyField
from rules.caverns.attributes import ELEMENTS, Attribute, format_attributes
from rules.caverns.catalogue import STARTING_KIT
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import CLASSES, CharacterClass
from rules.caverns.constants import (
    ATTRIBUTE_ARRAY,
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    EXTRA_BONUS,
    MOON_SHIFT,
    RACE_BONUS,
)
from rules.caverns.races import RACES, Race
from rules.caverns.records import MoonBond
from rules.caverns.sheet import CavernsSheet, creation_problems, moon_values
from rules.caverns.skills import SKILLS, Totem, advanced_skills, basic_skill
from rules.caverns.starting_equipment import default_equipment
from rules.caverns.wording import signed
from rules.dice import DiceSource
from rules.errors import PawpostError
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild, GuildSettings

NAME = Form(
    label="Name",
    title="Your adventurer",
    fields=(FormField("name", "Name", max_length=MAX_NAME_LENGTH),),
)
EQUIPMENT = Form(
    label="Equipment",
    title="Weapons and equipment",
    fields=(
        FormField(
            "weapons",
            "Warriors, Monks: weapons you are proficient with",
            required=False,
            placeholder="Sword, Axe, Shortbow",
        ),
        FormField(
            "equipment",
            "Your class's equipment (empty: the standard)",
            required=False,
            max_length=200,
            placeholder="Sword, Buckler, Shortbow, Leather jerkin, Helmet",
        ),
        FormField(
            "race_item",
            "Kephera: a Monk weapon; Illithoid: a poison",
            required=False,
            max_length=40,
        ),
    ),
)
IMPLEMENT = Form(
    label="Implement and totem",
    title="Implement, Sick Beat and totem",
    fields=(
        FormField(
            "implement",
            "Implement: element rolled / element foes subtract",
            required=False,
            max_length=20,
            placeholder="fire/metal",
        ),
        FormField(
            "sick_beat",
            "Bards: three Sick Beat conditions",
            required=False,
            max_length=60,
            placeholder="ablaze, bound, confused",
        ),
        FormField("patron_totem", "Totems: your Patron Totem", required=False, max_length=10),
    ),
)
VALUES = sorted(set(ATTRIBUTE_ARRAY), reverse=True)


def _races(settings: GuildSettings) -> list[tuple[str, str]]:
    return [(f"{row.name} (+{row.attribute.label})", race.value) for race, row in RACES.items()]


def _classes(settings: GuildSettings) -> list[tuple[str, str]]:
    return [(c.label, c.value) for c in CharacterClass]


def _race_gives(value: str) -> str:
    """A race's trait, as its select shows it."""
    return next(row.trait for race, row in RACES.items() if race.value == value)


def _class_gives(value: str) -> str:
    """A class's damage, Health and Vitae, as its select shows them."""
    row = CLASSES[CharacterClass(value)]
    return f"Damage {row.damage}; Health {row.health_base} + Water; Vitae {row.vitae_base} + Fire"


def _class(choices: Choices) -> CharacterClass | None:
    value = choices.get("class")
    return None if value is None else CharacterClass(value)


def _skillsets(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
    """The class's secondary and tertiary choices, as pairs."""
    chosen = _class(choices)
    if chosen is None:
        return []
    row = CLASSES[chosen]
    return [
        (f"{second.label} + {third.label}", f"{second.value}+{third.value}")
        for second, third in product(row.secondary, row.tertiary)
    ]


def _values(settings: GuildSettings) -> list[tuple[str, str]]:
    return [(signed(value), str(value)) for value in VALUES]


def _values_left(attribute: Attribute) -> Callable[[GuildSettings, Choices], list[tuple[str, str]]]:
    """The array's values the other four attributes have not taken (l. 72): +2 once only. An
    attribute already given a value the others leave it may take any value instead: one held
    by another attribute is taken from it (the builder drops the other's, no longer left to
    it), so values can be swapped (a sheet reopened to change has all five given)."""

    def offered(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
        left = list(ATTRIBUTE_ARRAY)
        for other in ELEMENTS:
            taken = choices.get(other.value)
            if other is not attribute and taken is not None and int(taken) in left:
                left.remove(int(taken))
        own = choices.get(attribute.value)
        if own is not None and int(own) in left:
            left = list(VALUES)
        return [(signed(value), str(value)) for value in VALUES if value in left]

    return offered


def _elements(settings: GuildSettings) -> list[tuple[str, str]]:
    return [(a.label, a.value) for a in ELEMENTS]


def _extras(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
    """The extra +1 goes to an attribute the race did not raise (l. 94)."""
    race = choices.get("race")
    own = None if race is None else RACES[Race(race)].attribute
    return [(a.label, a.value) for a in ELEMENTS if a is not own]


def _advanced(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
    chosen = _class(choices)
    if chosen is None:
        return []
    row = CLASSES[chosen]
    second, _, third = str(choices.get("skillsets") or "").partition("+")
    sets = [
        row.primary,
        *(s for s in (*row.secondary, *row.tertiary) if s.value in (second, third)),
    ]
    return [
        (skill.label, skill.key) for skillset in sets for skill in advanced_skills(skillset, chosen)
    ][:25]


def _attributes(choices: Choices) -> dict[Attribute, int] | None:
    if any(choices.get(a.value) is None for a in ELEMENTS):
        return None
    return {a: int(choices[a.value]) for a in ELEMENTS}


def _title(choices: Choices) -> str:
    name = choices.get("name")
    return f"A new adventurer: {safe(str(name))}" if name else "A new Caverns adventurer"


def _lines(settings: GuildSettings, choices: Choices) -> list[str]:
    given = ", ".join(
        f"{a.label} {signed(int(choices[a.value]))}" for a in ELEMENTS if a.value in choices
    )
    wanted = ", ".join(signed(v) for v in ATTRIBUTE_ARRAY)
    lines = [
        f"Give the five attributes {wanted} in some order; your race adds +1 to its own and "
        "the extra +1 goes to another. Harmony starts at +3.",
        f"So far: {given or 'none'}.",
    ]
    race = choices.get("race")
    if race is not None:
        row = RACES[Race(race)]
        lines.append(f"**{row.name}** (+1 {row.attribute.label}): {row.trait}")
    chosen = _class(choices)
    if chosen is not None:
        kind = CLASSES[chosen]
        lines.append(
            f"**{chosen.label}**: Damage {kind.damage}, Health {kind.health_base} + Water, "
            f"Vitae {kind.vitae_base} + Fire. Proficiencies: {kind.proficiency_text} "
            f"Equipment: {kind.equipment_text}"
        )
    advanced = choices.get("advanced")
    if advanced is not None and advanced in SKILLS:
        skill = SKILLS[str(advanced)]
        lines.append(f"**{skill.name}**: {skill.text}")
    lines.append("Press a button to choose what its select shows.")
    return lines


def _text(choices: Choices, key: str) -> str | None:
    value = choices.get(key)
    return None if value is None else str(value)


def _new(choices: Choices) -> NewCharacter:
    attributes = _attributes(choices)
    pair = str(choices.get("skillsets", "+")).split("+")
    return new_character(
        race=str(choices.get("race", "")),
        character_class=str(choices.get("class", "")),
        attributes=format_attributes(attributes or {}),
        extra=str(choices.get("extra", "")),
        advanced=str(choices.get("advanced", "")),
        secondary=pair[0] or None,
        tertiary=pair[1] or None,
        weapons=_text(choices, "weapons"),
        equipment=_text(choices, "equipment"),
        implement=_text(choices, "implement"),
        sick_beat=_text(choices, "sick_beat"),
        patron_totem=_text(choices, "patron_totem"),
        race_item=_text(choices, "race_item"),
    )


def _missing(choices: Choices) -> list[str]:
    missing = []
    for key, what in (
        ("race", "Choose a race."),
        ("class", "Choose a class."),
        ("skillsets", "Choose your class's skillsets."),
    ):
        if choices.get(key) is None:
            missing.append(what)
    if _attributes(choices) is None:
        missing.append("Give each of the five attributes a value.")
    for key, what in (
        ("extra", "Choose the attribute your extra +1 goes to."),
        ("advanced", "Choose your Advanced skill."),
        ("name", "Give your adventurer a name with Name."),
    ):
        if choices.get(key) is None:
            missing.append(what)
    return missing


def _preview(tx: Transaction, guild: Guild, choices: Choices) -> list[ReplyField]:
    """The sheet as `/character show` will show it, once the choices make one (a name aside)."""
    if _missing({"name": "", **choices}):
        return []
    try:
        sheet, _rolls = new_sheet(tx, guild, _new(choices), None)
    except PawpostError:
        return []
    return sheet_lines(sheet)


def _problems(tx: Transaction, actor: Actor, guild: Guild, choices: Choices) -> list[str]:
    """What is missing, else everything `/character create` would refuse, all at once
    (nothing: ready)."""
    missing = _missing(choices)
    if missing:
        return missing
    try:
        name = clean_name(str(choices["name"]))
        new = _new(choices)
    except PawpostError as error:
        return [error.message]
    problems = creation_problems(new, catalogue=catalogue(tx, guild))
    clash = name_clash(tx, guild.guild_id, name, choices)
    if clash is not None:
        problems.append(clash)
    return problems


def _create(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    choices: Choices,
    now: datetime,
    dice: DiceSource,
) -> Reply:
    """Create: the same sheet as `/character create`, a Moon Patron's dice rolled now; the
    channel sees the new adventurer join the party, as with `/character create`."""
    name = clean_name(str(choices.get("name", "")))
    sheet, rolls = new_sheet(tx, guild, _new(choices), dice)
    made = add_character(tx, actor, guild, name, sheet, now, rolls)
    return Reply(
        title=made.title,
        lines=[f"{safe(name)} is made: the channel sees {safe(name)} join the party."],
        announce=made,
    )


def _base_attributes(sheet: CavernsSheet) -> tuple[dict[Attribute, int], Attribute] | None:
    """The array's values as given and the extra +1's attribute, from the sheet's final values
    (less the race's +1 and the extra +1). Where two readings fit, both make the same sheet."""
    own = RACES[sheet.race].attribute
    final = {a: int(getattr(sheet, a.value)) for a in ELEMENTS}
    for extra in ELEMENTS:
        if extra is own:
            continue
        base = {
            a: v - RACE_BONUS * (a is own) - EXTRA_BONUS * (a is extra) for a, v in final.items()
        }
        if sorted(base.values()) == sorted(ATTRIBUTE_ARRAY):
            return base, extra
    return None


def _choices_of(tx: Transaction, guild: Guild, character: Character) -> Choices:
    """An adventurer's sheet as the builder's choices. The class's standard weapons and
    equipment are left empty (the standard); a Moon bond rolled at creation is not a choice:
    `_replace` keeps it."""
    sheet = character.sheet
    assert isinstance(sheet, CavernsSheet)
    row = CLASSES[sheet.character_class]
    shop = catalogue(tx, guild)
    choices: Choices = {
        "name": character.name,
        "race": sheet.race.value,
        "class": sheet.character_class.value,
        "skillsets": f"{sheet.skillsets[1].value}+{sheet.skillsets[2].value}",
    }
    given = _base_attributes(sheet)
    if given is not None:
        base, extra = given
        choices.update({a.value: str(v) for a, v in base.items()}, extra=extra.value)
    basic = {basic_skill(skillset).key for skillset in sheet.skillsets}
    advanced = [key for key in sheet.skills if key not in basic]
    if advanced:
        choices["advanced"] = advanced[0]

    def named(key: str) -> str:
        return shop[key].name if key in shop else key

    weapons = [named(k) for k in sheet.weapon_proficiencies if k != sheet.race_weapon]
    if row.weapon_choices and tuple(weapons) != row.default_weapons:
        choices["weapons"] = ", ".join(weapons)
    poison = sheet.race is Race.ILLITHOID and len(sheet.equipment) > len(STARTING_KIT)
    end = len(sheet.equipment) - poison
    chosen = [item.name for item in sheet.equipment[len(STARTING_KIT) : end]]
    try:
        standard = default_equipment(sheet.character_class, weapons_keys(sheet), shop)
    except PawpostError:
        standard = ()
    if [n.lower() for n in chosen] != [n.lower() for n in standard]:
        choices["equipment"] = ", ".join(chosen)
    if sheet.race_weapon is not None:
        choices["race_item"] = named(sheet.race_weapon)
    elif poison:
        choices["race_item"] = sheet.equipment[-1].name
    if sheet.implement is not None:
        implement = sheet.implement
        choices["implement"] = f"{implement.rolls.value}/{implement.foes_subtract.value}"
    if sheet.sick_beat:
        choices["sick_beat"] = ", ".join(c.value for c in sheet.sick_beat)
    if sheet.patron_totem is not None:
        choices["patron_totem"] = sheet.patron_totem.value
    return choices


def weapons_keys(sheet: CavernsSheet) -> list[str]:
    """The weapons chosen at creation (catalogue keys), the race's own aside."""
    return [key for key in sheet.weapon_proficiencies if key != sheet.race_weapon]


def _bond_fits(sheet: CavernsSheet, bond: MoonBond) -> bool:
    """Whether a bond rolled before still keeps every aspect within the limits (book l. 208)."""
    values = moon_values(
        {a: int(getattr(sheet, a.value)) for a in ELEMENTS}, CLASSES[sheet.character_class].damage
    )
    return all(
        ATTRIBUTE_MIN <= value + MOON_SHIFT * bond.shift(aspect) <= ATTRIBUTE_MAX
        for aspect, value in values.items()
    )


def _replace(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    choices: Choices,
    character: Character,
    now: datetime,
    dice: DiceSource,
) -> Reply:
    """The changed sheet, checked as `/character create` checks it, in place of the
    turned-down one; a Moon bond rolled before is kept while it still fits (rolled once only,
    not again at each change), else rolled now."""
    old = character.sheet
    assert isinstance(old, CavernsSheet)
    name = clean_name(str(choices.get("name", "")))
    new = _new(choices)
    sheet, rolls = new_sheet(tx, guild, new, None)
    lines: list[str] = []
    if sheet.patron_totem is Totem.MOON:
        if old.moon is not None and _bond_fits(sheet, old.moon):
            bonded = sheet.model_copy(update={"moon": old.moon})
            sheet = bonded.model_copy(
                update={"health": bonded.max_health, "vitae": bonded.max_vitae}
            )
            lines.append(
                f"The Moon bond rolled before is kept: +{MOON_SHIFT} {old.moon.raised.label}, "
                f"-{MOON_SHIFT} {old.moon.lowered.label}."
            )
        else:
            sheet, rolls = new_sheet(tx, guild, new, dice)
            lines += moon_lines(rolls, sheet.moon)
            # logged with its dice, but not as the held character's roll (which a sheet
            # waiting for approval may not make): this is its sheet being made
            tx.audit.add(
                audit.entry(
                    actor, "character", f"rolled {name}'s Moon bond again", now, rolls=rolls
                )
            )
    store(tx, character, name, sheet, None)
    return Reply(lines=lines)


CAVERNS_BUILDER = Builder(
    steps=(
        Pick("race", "Your race", _races, label="Race", describe=_race_gives),
        Pick("class", "Your class", _classes, label="Class", describe=_class_gives),
        Pick(
            "skillsets",
            "Secondary + tertiary skillsets",
            lambda s: [],
            label="Skillsets",
            offered=_skillsets,
        ),
        *(
            Pick(a.value, f"{a.label}'s value", _values, label=a.label, offered=_values_left(a))
            for a in ELEMENTS
        ),
        Pick("extra", "The extra +1", _elements, label="Extra +1", offered=_extras),
        Pick(
            "advanced",
            "Your Advanced skill",
            lambda s: [],
            label="Advanced skill",
            offered=_advanced,
        ),
        NAME,
        EQUIPMENT,
        IMPLEMENT,
    ),
    title=_title,
    start=lambda settings: {},
    lines=_lines,
    preview=_preview,
    problems=_problems,
    create=_create,
    choices_of=_choices_of,
    replace=_replace,
)
