"""Every skill of chapters 6-9 (book l. 155-279): Basic or Advanced, by skillset, with the
class an a/b skill belongs to and the Harmony a use costs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.classes import CharacterClass
from rules.caverns.constants import SKILL_HARMONY_COST
from rules.caverns.skillsets import Skillset
from rules.caverns.wording import joined
from rules.errors import PawpostError


class SkillKind(StrEnum):
    """Book l. 100, 280: every skillset has one Basic skill and several Advanced ones."""

    BASIC = "basic"
    ADVANCED = "advanced"


class Skill(BaseModel):
    """One skill as the book prints it. `number` is its place in the list ("basic", "1",
    "4a"); `only` is the one class an a/b skill belongs to (l. 101, 171-183); `harmony_cost`
    is what a use costs where the text says "spend one Harmony" (the checklist's reading);
    `variable_harmony` where the player chooses how much (Retribution, Forcefield)."""

    model_config = ConfigDict(frozen=True)

    skillset: Skillset
    number: str
    name: str
    line: int
    text: str
    only: CharacterClass | None = None
    harmony_cost: int = 0
    variable_harmony: bool = False

    @property
    def kind(self) -> SkillKind:
        return SkillKind.BASIC if self.number == "basic" else SkillKind.ADVANCED

    @property
    def key(self) -> str:
        """How a sheet stores the skill: "magery:implement" (names repeat across skillsets)."""
        return skill_key(self.skillset, self.name)

    @property
    def label(self) -> str:
        """ "Implement (Magery)"."""
        return f"{self.name} ({self.skillset.label})"


class Totem(StrEnum):
    """The eight totems (l. 207-214); each learned totem is an Advanced skill (RULINGS)."""

    SUN = "sun"
    MOON = "moon"
    NIGHT = "night"
    LAKE = "lake"
    CROW = "crow"
    STAG = "stag"
    BEAR = "bear"
    LION = "lion"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def skill_key(self) -> str:
        return skill_key(Skillset.TOTEMS, self.value)


def skill_key(skillset: Skillset, name: str) -> str:
    slug = "-".join(name.lower().replace("'", "").split())
    return f"{skillset.value}:{slug}"


def _skill(
    skillset: Skillset,
    number: str,
    name: str,
    line: int,
    text: str,
    *,
    only: CharacterClass | None = None,
    harmony: int = 0,
    variable_harmony: bool = False,
) -> Skill:
    return Skill(
        skillset=skillset,
        number=number,
        name=name,
        line=line,
        text=text,
        only=only,
        harmony_cost=harmony,
        variable_harmony=variable_harmony,
    )


# Book l. 155-279, in the book's order. The text is the book's own, typos included ("mo
# modifiers", "Spend on Harmony"). The overview (l. 100) calls the Magery Basic "Blast" and
# the Illusions Basic "Reflection"; the chapters' names win (RULINGS): Implement, Illusions.
SKILL_LIST: tuple[Skill, ...] = (
    _skill(
        Skillset.COMBAT,
        "basic",
        "Assault",
        155,
        (
            "Spend one Harmony before attacking to apply a Flourish to your next attack. If you "
            "roll doubles, apply two Flourishes (total)."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.COMBAT,
        "1",
        "Parry",
        156,
        (
            "Whenever an opponent is damaged by your counter attack, reduce the damage you take "
            "(if any) by one."
        ),
    ),
    _skill(
        Skillset.COMBAT,
        "2",
        "Riposte",
        157,
        (
            "Whenever an opponent attacks you and does no damage, you may apply a Flourish to "
            "your counter attack (if any)."
        ),
    ),
    _skill(
        Skillset.COMBAT,
        "3",
        "Disengage",
        158,
        "Gain a free point of Armour when fleeing.",
    ),
    _skill(
        Skillset.COMBAT,
        "4",
        "Cleave",
        159,
        "Add Area as a Flourish to your weapon attacks.",
    ),
    _skill(
        Skillset.COMBAT,
        "5",
        "Crush",
        160,
        "Add Broken Limb as a Flourish to your weapon attacks.",
    ),
    _skill(
        Skillset.COMBAT,
        "6",
        "Lunge",
        161,
        "Spend one Harmony before attacking to add Reach to a melee weapon attack.",
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.COMBAT,
        "7",
        "Sunder",
        162,
        "Add Destructive as a Flourish to your weapon attacks.",
    ),
    _skill(
        Skillset.COMBAT,
        "8",
        "Nerve Pinch",
        163,
        (
            "Spend one Harmony before attacking to add Sleeping as a Flourish to a melee weapon "
            "attack."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.COMBAT,
        "9",
        "Gripping",
        164,
        "You are immune to being Disarmed.",
    ),
    _skill(
        Skillset.COMBAT,
        "10",
        "Kata",
        165,
        (
            "Your hands and other assorted body parts count as weapons for the purposes of this "
            "skillset and have the Bound and Disarm Flourishes automatically."
        ),
    ),
    _skill(
        Skillset.MAGERY,
        "basic",
        "Implement",
        167,
        (
            "You gain an Implement. Unlike other Implements, you may never select Wood as "
            "either of its elements. See Chapter 12: Equipment for details."
        ),
    ),
    _skill(
        Skillset.MAGERY,
        "1",
        "Ignite",
        168,
        "Add Ablaze as a Flourish to all attacks.",
    ),
    _skill(
        Skillset.MAGERY,
        "2",
        "Fear",
        169,
        "Add Fear as a Flourish to all attacks.",
    ),
    _skill(
        Skillset.MAGERY,
        "3",
        "Scry",
        170,
        "Spend one Harmony to locate one creature you can name.",
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.MAGERY,
        "4a",
        "Greater Implement",
        171,
        (
            "Your Implement improves and becomes Ranged. Furthermore, you may spend one point "
            "of Harmony to apply the Forceful Flourish to one of your attacks, regardless of "
            "whether you rolled doubles or otherwise have access to it."
        ),
        only=CharacterClass.ELEMENTALIST,
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.MAGERY,
        "5a",
        "Melding",
        172,
        (
            "Whenever you rest, you may choose to meld with the land, removing any prior melds. "
            "While at a site you've melded, all of your Magery attacks are Ranged, gain the "
            "Confused Flourish and do two extra Damage."
        ),
        only=CharacterClass.ELEMENTALIST,
    ),
    _skill(
        Skillset.MAGERY,
        "4b",
        "Summonings",
        173,
        (
            "You gain an Entourage consisting of one or more cosmic entities and/or floating "
            "crystal gems."
        ),
        only=CharacterClass.GUARDIAN,
    ),
    _skill(
        Skillset.MAGERY,
        "5b",
        "Beguiling",
        174,
        (
            "Spend one Harmony to cause an enemy to be Entranced with you; this does not "
            "require any action."
        ),
        only=CharacterClass.GUARDIAN,
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.NATURE,
        "basic",
        "Implement",
        176,
        (
            "You gain an Implement. Unlike other Implements, Wood must be one of its elements. "
            "See Chapter 12: Equipment for details."
        ),
    ),
    _skill(
        Skillset.NATURE,
        "1",
        "Vines",
        177,
        "Add Bound as a Flourish to all attacks.",
    ),
    _skill(
        Skillset.NATURE,
        "2",
        "Pathtwist",
        178,
        "Add Entrancement as a Flourish to all attacks.",
    ),
    _skill(
        Skillset.NATURE,
        "3",
        "Commune",
        179,
        "Spend on Harmony to speak with an animal you can see.",
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.NATURE,
        "4a",
        "Tree Form",
        180,
        (
            "All of your attacks are Reach range at minimum, you gain Forceful as a Flourish on "
            "all attacks, and you gain additional Health equal to your Wood."
        ),
        only=CharacterClass.DRUID,
    ),
    _skill(
        Skillset.NATURE,
        "5a",
        "Melding",
        181,
        (
            "Whenever you rest, you may choose to meld with the land, removing any prior melds. "
            "While at a site you've melded, all of your Nature attacks are Ranged, gain the "
            "Fatigue Flourish and do two extra Damage."
        ),
        only=CharacterClass.DRUID,
    ),
    _skill(
        Skillset.NATURE,
        "4b",
        "Fae Allies",
        182,
        "You gain an Entourage consisting of about a dozen or so loyal fae allies.",
        only=CharacterClass.WICCAN,
    ),
    _skill(
        Skillset.NATURE,
        "5b",
        "Mushroom Circle",
        183,
        (
            "Whenever you rest, you may choose to create a mushroom circle, removing any prior "
            "mushroom circles. All of your allies may take a handful of spores with them which "
            "(if snorted) will transport them back to the mushroom circle. In combat, this may "
            "be used to Flee from any Row by rolling Wood."
        ),
        only=CharacterClass.WICCAN,
    ),
    _skill(
        Skillset.MUSIC,
        "basic",
        "Sick Beat",
        185,
        (
            "You gain an Instrument. This functions exactly like an Implement, save it may be "
            "used at Range and inflicts no damage. Instead, choose three of the following "
            "conditions: Ablaze, Bound, Confused, Disloyalty, Fatigue or Sickness. Inflict one "
            "of your three chosen afflictions for each point of damage you would normally "
            "inflict."
        ),
    ),
    _skill(
        Skillset.MUSIC,
        "1",
        "Fugue",
        186,
        (
            "As an action, you may cure each of your allies of any one affliction from the "
            "above list which you did not select."
        ),
    ),
    _skill(
        Skillset.MUSIC,
        "2",
        "Captive Audience",
        187,
        "Add Entrancement and Fear as Flourishes to all of your musical attacks.",
    ),
    _skill(
        Skillset.MUSIC,
        "3",
        "Refrain",
        188,
        (
            "Whenever an enemy ends one of your Sick Beat conditions, you may spend one Harmony "
            "to inflict them with it again."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.MUSIC,
        "4",
        "Encore",
        189,
        "Whenever an enemy dies, gain one extra damage on your next musical attack.",
    ),
    _skill(
        Skillset.MUSIC,
        "5",
        "Discordant Chords",
        190,
        (
            "Every time an enemy successfully rolls to resist or end one of your Sick Beat "
            "conditions, they lose one health."
        ),
    ),
    _skill(
        Skillset.ATHLETICS,
        "basic",
        "Fitness",
        193,
        (
            "All conditions affecting you which would normally be cured after multiple rolls "
            "(Confused, Disloyalty, Fatigue, Sickness, etc.) are automatically cured on the "
            "first successful roll."
        ),
    ),
    _skill(
        Skillset.ATHLETICS,
        "1",
        "Vitality",
        194,
        (
            "Whenever you would normally die, you may spend a point of Harmony to survive with "
            "one Health instead."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.ATHLETICS,
        "2",
        "Adrenaline",
        195,
        "You are immune to the Aeon and Fatigue conditions.",
    ),
    _skill(
        Skillset.ATHLETICS,
        "3",
        "Barge",
        196,
        (
            "You may add Forceful as a Flourish to any attack. Also, you may smash down doors "
            "with your face."
        ),
    ),
    _skill(
        Skillset.ATHLETICS,
        "4",
        "Transmute",
        197,
        "You may spend one Vitae to restore your health to full.",
    ),
    _skill(
        Skillset.ATHLETICS,
        "5",
        "Immunity",
        198,
        "Whenever you're exposed to a poison, roll Water; on a 4+ you shrug it off.",
    ),
    _skill(
        Skillset.ACROBATICS,
        "basic",
        "Dodge",
        200,
        (
            "Whenever you're not wearing armour, all enemies in melee range take a -2 on all "
            "rolls to attack you."
        ),
    ),
    _skill(
        Skillset.ACROBATICS,
        "1",
        "Contortion",
        200,
        "You are immune to being to Bound or Prone.",
    ),
    _skill(
        Skillset.ACROBATICS,
        "2",
        "Dexterity",
        201,
        "You are immune to Clumsiness and to being Disarmed.",
    ),
    _skill(
        Skillset.ACROBATICS,
        "3",
        "Backflip",
        202,
        "You may declare that you are fleeing after making a melee attack.",
    ),
    _skill(
        Skillset.ACROBATICS,
        "4",
        "Handstand",
        203,
        (
            "You may spend one point of Harmony to double the bonus from Dodge until you next "
            "attack someone."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.ACROBATICS,
        "5",
        "Scissorflip",
        204,
        "You may spend one point of Harmony to make all opponents within Melee range fall prone.",
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.TOTEMS,
        "basic",
        "Patron Totem",
        206,
        (
            "Choose one totem below to become your Patron Totem. You are always bonded to your "
            "Patron totem. During a Long Rest, you may choose to bind a second Totem OR to gain "
            "+2 Vitae if you choose not to bind a second totem."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "1",
        "Sun",
        207,
        (
            "Add Ablaze as a Flourish to all attacks. You glow brightly with the light of "
            "Father Sun. You are immune to Fatigue."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "2",
        "Moon",
        208,
        (
            "When you bond with Moon, roll two dice. Gain +1 to the attribute indicated by the "
            "first die and -1 to the attribute indicated by the second die. 1=Fire, 2=Water, "
            "3=Wood, 4=Metal, 5=Wind, 6=Damage. This cannot bring you above +3 or below -3 in "
            "anything; reroll any result that would do so."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "3",
        "Night",
        209,
        (
            "Add Blind as a Flourish to all attacks and Concealable as a trait to all weapons. "
            "You are immune to being Blinded."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "4",
        "Lake",
        210,
        (
            "You begin each battle shrouded in mist and can neither attack or be attacked by "
            "anyone outside of Melee range. As an action, you may cast off this protection to "
            "afflict all of your enemies with Paranoia."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "5",
        "Crow",
        211,
        (
            "Whenever an opponent dies, regain three Health. If you are already full on health, "
            "gain +1 Damage until you next rest."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "6",
        "Stag",
        212,
        (
            "You may sacrifice one Health to allow all of your allies to regain one Health. If "
            "this kills you, all of your allies gain +1 Damage for the rest of the battle."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "7",
        "Bear",
        213,
        (
            "You recover one health on each turn you spend Asleep or Fatigued. When either of "
            "these conditions end, gain +3 on all rolls for the next three rounds. You may fall "
            "Asleep (but not wake up) at will."
        ),
    ),
    _skill(
        Skillset.TOTEMS,
        "8",
        "Lion",
        214,
        (
            "If you Do Battle on your turn, you regain one Health. If you don't, all of your "
            "allies gain one extra damage until your next turn."
        ),
    ),
    _skill(
        Skillset.RITUALS,
        "basic",
        "Rubeus",
        216,
        "You are immune to Pacifism and to Entrancement.",
    ),
    _skill(
        Skillset.RITUALS,
        "1",
        "Draconis",
        217,
        (
            "Magical dragon scales protect you like a single piece of magical bonus Armour. It "
            "is replaced at the start of each battle."
        ),
    ),
    _skill(
        Skillset.RITUALS,
        "2",
        "Time Curse",
        218,
        (
            "Roll 2d6 with mo modifiers. On an 8+, afflict one enemy with Aeon. On a 7 or "
            "lower, afflict one enemy with Fatigue."
        ),
    ),
    _skill(
        Skillset.RITUALS,
        "3",
        "Twist Fate",
        219,
        (
            "Spend one Harmony to roll two dice. Whenever a character would roll for something, "
            "you may instead give them one of their dice: their roll is doubles of whatever is "
            "on that die. You must use both dice before your next short rest, or they are "
            "wasted."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.RITUALS,
        "4",
        "Defection",
        220,
        (
            "Roll 2d6 with mo modifiers. On an 8+, afflict one enemy with Pacifism. On a 7 or "
            "lower, afflict one enemy with Disloyalty."
        ),
    ),
    _skill(
        Skillset.RITUALS,
        "5",
        "Revivify",
        221,
        "Spend on Harmony to prevent a dead ally from losing Vitae on resurrection.",
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.HEALING,
        "basic",
        "Empathy",
        224,
        (
            "As your action, choose any number of conditions on any one creature in melee "
            "range. All of the chosen afflictions are transfered from them to you."
        ),
    ),
    _skill(
        Skillset.HEALING,
        "1",
        "Anesthesia",
        225,
        (
            "As an action, cause a character within melee range to become Fatigued. For the "
            "duration of this Fatigue, the can lose no more than one Health from any source of "
            "damage."
        ),
    ),
    _skill(
        Skillset.HEALING,
        "2",
        "Immunize",
        226,
        (
            "Choose one Condition; all of your allies become immune to this condition. You may "
            "which which condition your allies are immune for free at the end of each of your "
            "turns."
        ),
    ),
    _skill(
        Skillset.HEALING,
        "3",
        "Curing",
        227,
        (
            "As an action, cure up to three conditions on yourself or any other creature within "
            "melee range."
        ),
    ),
    _skill(
        Skillset.HEALING,
        "4",
        "Farheal",
        228,
        "All Healing abilities may be used at any range rather than just from Melee range.",
    ),
    _skill(
        Skillset.HEALING,
        "5",
        "Bedevil",
        229,
        "You may use Empathy in reverse, transferring conditions from yourself to others.",
    ),
    _skill(
        Skillset.DIVINATION,
        "basic",
        "Ill Omen",
        231,
        (
            "A target enemy gains a condition based on their lowest attribute: Fire=Ablaze, "
            "Metal=Disarmed, Wood=Broken Limb, Water=Pacifism, Wind=Paranoia."
        ),
    ),
    _skill(
        Skillset.DIVINATION,
        "1",
        "Retribution",
        232,
        (
            "Whenever you take damage, you may spend up to three Harmony. For each Harmony "
            "spent, your attacker takes damage equal to the damage you originally suffered."
        ),
        variable_harmony=True,
    ),
    _skill(
        Skillset.DIVINATION,
        "2",
        "Doom",
        233,
        "Add Paranoia as a Flourish to all attacks.",
    ),
    _skill(
        Skillset.DIVINATION,
        "3",
        "Death Prophesy",
        234,
        (
            "Choose two creatures who are enemies of each other. Each time one damages the "
            "other, they lose three extra Health. All other sources of damage can take away at "
            "most one Health from these two creatures. This lasts until either creature goes "
            "one turn without attempting to harm the other."
        ),
    ),
    _skill(
        Skillset.DIVINATION,
        "4",
        "Good Omen",
        235,
        (
            "Your allies become immune to one condition based on their highest attribute, as "
            "per the list from Ill Omen."
        ),
    ),
    _skill(
        Skillset.DIVINATION,
        "5",
        "Reversal",
        236,
        (
            "Spend one Harmony. Until your next Long Rest, a target creature treats their "
            "lowest attribute as a +3 and their highest attribute as a -3 instead of the normal "
            "values."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.DREAMWEAVING,
        "basic",
        "Dreambody",
        238,
        (
            "While Asleep, you may move and act with your Dream Body instead of your actual "
            "body. Most attacks cannot harm you as a Dream Body."
        ),
    ),
    _skill(
        Skillset.DREAMWEAVING,
        "1",
        "Slumber",
        239,
        (
            "Add Fatigue as a flourish to all attacks. If one of your enemies loses an action "
            "to Fatigue, they become Asleep instead."
        ),
    ),
    _skill(
        Skillset.DREAMWEAVING,
        "2",
        "Control",
        240,
        (
            "You are immune to Fatigue and will only fall Asleep if you want to. You can sleep "
            "standing up and falling asleep does not make your Prone"
        ),
    ),
    _skill(
        Skillset.DREAMWEAVING,
        "3",
        "Sweet Dreams",
        241,
        "Whenever an ally ends their turn Asleep, they cure one condition of your choice.",
    ),
    _skill(
        Skillset.DREAMWEAVING,
        "4",
        "Possess",
        242,
        (
            "Spend one Harmony and pick one character who is Asleep. They take one action of "
            "your choice of which they are capable."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.DREAMWEAVING,
        "5",
        "Eternal Sleep",
        243,
        (
            "Spend one Harmony and choose one character. They cannot be woken up through damage "
            "or the actions of others, and the Harmony check for them to wake themselves up is "
            "10."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.MYSTICISM,
        "basic",
        "Mystic Chant",
        245,
        (
            "On every turn that you neither move nor take damage, you may chant a prayer or "
            "mantra. For every consecutive turn that you've been chanting, your bonus on any "
            "given roll counts as one higher. The bonus for a chant is capped at 7 turns; "
            "chanting longer than this sustains the chant but does not increase the benefits."
        ),
    ),
    _skill(
        Skillset.MYSTICISM,
        "1",
        "Balance",
        246,
        (
            "You may end your chant to automatically replace any roll with a number equal to "
            "twice the number of turns you've been chanting. This counts as doubles for "
            "Flourishes and other such effects."
        ),
    ),
    _skill(
        Skillset.MYSTICISM,
        "2",
        "Sanctity",
        247,
        "Add Pacifism as a Flourish to all attacks.",
    ),
    _skill(
        Skillset.MYSTICISM,
        "3",
        "Perfection",
        248,
        "Start each battle three turns into your mystic chant.",
    ),
    _skill(
        Skillset.MYSTICISM,
        "4",
        "Meditation",
        249,
        "While prone, treat your chant as having lasted twice as long as it actually has.",
    ),
    _skill(
        Skillset.MYSTICISM,
        "5",
        "Concentration",
        250,
        "Whenever your chant would normally end, you may spend one Harmony to continue.",
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.ILLUSIONS,
        "basic",
        "Illusions",
        253,
        (
            "At the end of each of your turns, add an Illusion to one Row of your choice. For "
            "each Illusion in a Row, you and your allies gain +1 on all rolls to Advance to or "
            "Flee from that Row."
        ),
    ),
    _skill(
        Skillset.ILLUSIONS,
        "1",
        "Reflection",
        254,
        (
            "Whenever an ally is attacked while in the same row as an Illusion, they may expend "
            "the Illusion as if it were Armour."
        ),
    ),
    _skill(
        Skillset.ILLUSIONS,
        "2",
        "Illusory Wall",
        255,
        (
            "For each Illusion in a Row, your enemies take -1 on all rolls to Advance to or "
            "Flee from that Row."
        ),
    ),
    _skill(
        Skillset.ILLUSIONS,
        "3",
        "Starburst",
        256,
        (
            "As an Action, you may expend one Illusion to cause one enemy in the same row to "
            "become Blind."
        ),
    ),
    _skill(
        Skillset.ILLUSIONS,
        "4",
        "Programmed",
        257,
        (
            "Whenever an enemy enters a Row with an Illusion, you may expend the Illusion to "
            "cause the enemy to become Confused."
        ),
    ),
    _skill(
        Skillset.ILLUSIONS,
        "5",
        "Phantasmagora",
        258,
        (
            "Spend one Harmony and remove all Illusions. Each enemy takes one damage for each "
            "Illusion formerly in its Row."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.PSIONICS,
        "basic",
        "Second Sight",
        260,
        "You are immune to Blindness.",
    ),
    _skill(
        Skillset.PSIONICS,
        "1",
        "Psi Armour",
        261,
        "Your armour reduces all damage by one more than usual.",
    ),
    _skill(
        Skillset.PSIONICS,
        "2",
        "Blood Boil",
        262,
        (
            "At the end of your turn, you may lose any amount of Health to cure an equal number "
            "of Conditions."
        ),
    ),
    _skill(
        Skillset.PSIONICS,
        "3",
        "Dominate",
        263,
        "As an action, make one enemy take an action of your choice.",
    ),
    _skill(
        Skillset.PSIONICS,
        "4",
        "Forcefield",
        264,
        "You may spend Harmony as if it were Armour.",
        variable_harmony=True,
    ),
    _skill(
        Skillset.PSIONICS,
        "5",
        "Mind Crush",
        265,
        (
            "If an enemy has less Health remaining than you have Harmony, you may kill it as an "
            "action."
        ),
    ),
    _skill(
        Skillset.STEALTH,
        "basic",
        "Infiltrate",
        267,
        (
            "You may Advance into the enemy rows. Whenever a character in the enemy row takes "
            "damage, they lose twice as much Health and are ejected back to their own Front "
            "Row."
        ),
    ),
    _skill(
        Skillset.STEALTH,
        "1",
        "Truss",
        268,
        (
            "When you successfully attack an enemy while Infiltrated, you may drag them back "
            "with you to your Front Row."
        ),
    ),
    _skill(
        Skillset.STEALTH,
        "2",
        "Waylay",
        269,
        "Attacks made while Infiltrated are made at +2 damage.",
    ),
    _skill(
        Skillset.STEALTH,
        "3",
        "Masquerade",
        270,
        (
            "If you kill an enemy while Infiltrated, you may take their place and impersonate "
            "them. That creature's allies are unable to attack you until the end of your next "
            "turn."
        ),
    ),
    _skill(
        Skillset.STEALTH,
        "4",
        "Blowgun",
        271,
        "Afflict any three enemies with any one poison as an action.",
    ),
    _skill(
        Skillset.STEALTH,
        "5",
        "Veil",
        272,
        (
            "Spend one Harmony to instantly move to any Row. This requires neither an action or "
            "a roll."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
    _skill(
        Skillset.HUNTING,
        "basic",
        "Animal Companion",
        274,
        "You gain an Entourage - an animal companion of your choice.",
    ),
    _skill(
        Skillset.HUNTING,
        "1",
        "Ambush",
        275,
        "After your first turn in combat, skip the enemy turn.",
    ),
    _skill(
        Skillset.HUNTING,
        "2",
        "Harry",
        276,
        (
            "You may send your companion to harry a specific foe. That enemy becomes Bound, but "
            "you lose your Entourage until that enemy becomes un-Bound. This does not require "
            "an action."
        ),
    ),
    _skill(
        Skillset.HUNTING,
        "3",
        "Make Camp",
        277,
        "Your party takes a +3 bonus on all rolls to Rest.",
    ),
    _skill(
        Skillset.HUNTING,
        "4",
        "Smudge",
        278,
        (
            "As an action, pick one Row. At the end of your next turn, every enemy still in "
            "that row takes seven Damage."
        ),
    ),
    _skill(
        Skillset.HUNTING,
        "5",
        "Trapper",
        279,
        (
            "At the start of each battle, you may spend one Harmony to pick one of the "
            "following conditions: Bound, Broken Limb or Prone. The first enemy to Advance is "
            "afflicted with that condition. Then, choose a second condition. The first enemy to "
            "Flee is afflicted with that condition. Add the final condition as a Flourish to "
            "all of your attacks for the rest of the battle."
        ),
        harmony=SKILL_HARMONY_COST,
    ),
)

SKILLS: Mapping[str, Skill] = {skill.key: skill for skill in SKILL_LIST}


def skills_in(skillset: Skillset) -> tuple[Skill, ...]:
    """The skillset's skills in the book's order, its Basic first."""
    return tuple(skill for skill in SKILL_LIST if skill.skillset is skillset)


def basic_skill(skillset: Skillset) -> Skill:
    """The one Basic skill a skillset gives everyone who has it."""
    return next(skill for skill in skills_in(skillset) if skill.kind is SkillKind.BASIC)


def advanced_skills(skillset: Skillset, character_class: CharacterClass) -> tuple[Skill, ...]:
    """The Advanced skills of a skillset that a class may take (a/b skills only for theirs)."""
    return tuple(
        skill
        for skill in skills_in(skillset)
        if skill.kind is SkillKind.ADVANCED and skill.only in (None, character_class)
    )


def find_skill(name: str, skillsets: Iterable[Skillset] | None = None) -> Skill:
    """A skill by name (any case) or key ("nature:melding"), among the given skillsets (all
    of them when None). A name two of the skillsets share must be given as a key."""
    wanted = name.strip().lower()
    pool = tuple(Skillset) if skillsets is None else tuple(skillsets)
    if wanted in SKILLS and SKILLS[wanted].skillset in pool:
        return SKILLS[wanted]
    found = [
        skill for skill in SKILL_LIST if skill.skillset in pool and skill.name.lower() == wanted
    ]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        keys = [skill.key for skill in found]
        raise PawpostError(
            f"{found[0].name} is in more than one skillset; say {joined(keys, 'or')}."
        )
    if any(skill.name.lower() == wanted or skill.key == wanted for skill in SKILL_LIST):
        skillset_names = [skillset.label for skillset in pool]
        raise PawpostError(f"{name.strip()} is not a skill of {joined(skillset_names)}.")
    raise PawpostError(f'"{name.strip()}" is not a skill of Caverns and Cloiers.')
