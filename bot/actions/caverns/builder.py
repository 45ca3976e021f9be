"""Caverns' sheet builder: selects for the race, the class, its skillsets, each attribute's
value, the extra +1 and the Advanced skill (one shown at a time, a button for each), and forms
for the name, the equipment and the implement or totem. Create goes through `/character
create`'s own validation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from itertools import product

from bot.actions.builder import Builder, Choices, Form, FormField, Pick
from bot.actions.caverns.characters import add_character, new_character, new_sheet
from bot.actions.caverns.common import catalogue
from bot.actions.caverns.sheet import sheet_lines
from bot.actions.characters import name_taken
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import MAX_NAME_LENGTH, clean_name
from bot.actions.reply import Reply, ReplyField
from rules.caverns.attributes import ELEMENTS, Attribute, format_attributes
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import CLASSES, CharacterClass
from rules.caverns.constants import ATTRIBUTE_ARRAY
from rules.caverns.races import RACES, Race
from rules.caverns.sheet import creation_problems
from rules.caverns.skills import SKILLS, advanced_skills
from rules.caverns.wording import signed
from rules.dice import DiceSource
from rules.errors import PawpostError
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
    """The array's values the other four attributes have not taken (l. 72): +2 once only."""

    def offered(settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
        left = list(ATTRIBUTE_ARRAY)
        for other in ELEMENTS:
            taken = choices.get(other.value)
            if other is not attribute and taken is not None and int(taken) in left:
                left.remove(int(taken))
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
    if tx.characters.by_name(guild.guild_id, name) is not None:
        problems.append(name_taken(name).message)
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
)
