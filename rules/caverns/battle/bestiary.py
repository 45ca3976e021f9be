"""The bestiary (book l. 428-607) as templates the MC adds by name: each creature's numbers
and its special, as printed. Battle (part 2) decides what the specials do."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import Flourish, Range, Special
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from rules.nearest import did_you_mean

# Book l. 429: NPCs have no Vitae or Harmony listed; they count as 0 of each.
NPC_VITAE = 0
NPC_HARMONY = 0
HYFAE_HEALTH_EACH = 3  # book l. 600: "three per Hyfae present"


class Section(StrEnum):
    TUNNEL_ANIMALS = "tunnel animals"
    AQUATIC_ANIMALS = "aquatic animals"
    MORTALS = "mortals"
    ODDITIES = "oddities"


class CreatureSpecial(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    line: int
    text: str


class Creature(BaseModel):
    """One entry. `health` is None for the Hyfae, whose colony pools its Health (l. 600);
    `health_offsets` holds the Zombie's attributes, which follow its current Health (l. 568).
    The bestiary prints attributes as Wi, Wo, Wa, Fi, Me."""

    model_config = ConfigDict(frozen=True)

    name: str
    line: int
    section: Section
    description: str
    health: int | None = Field(ge=0)
    damage: int = Field(ge=0)
    damage_note: str = ""
    flourish: Flourish | None = None
    range: Range = Range.MELEE
    armour: int = Field(ge=0)
    attributes: Mapping[Attribute, int] = {}
    health_offsets: Mapping[Attribute, int] = {}
    specials: tuple[CreatureSpecial, ...] = ()

    def attributes_at(self, health: int) -> dict[Attribute, int]:
        """The attributes at a given Health: fixed, or the Zombie's "H-5" and so on."""
        if self.health_offsets:
            return {attribute: health + offset for attribute, offset in self.health_offsets.items()}
        return dict(self.attributes)


def _special(name: str, line: int, text: str) -> CreatureSpecial:
    return CreatureSpecial(name=name, line=line, text=text)


# Transcribed from the book; "Mantakaya" (l. 505) is the book's spelling of Mantakya.
CREATURES: tuple[Creature, ...] = (
    Creature(
        name="Urchin",
        line=431,
        section=Section.TUNNEL_ANIMALS,
        description="A small ball of spines, chittering nervously.",
        health=1,
        damage=1,
        armour=0,
        attributes={
            Attribute.WIND: -2,
            Attribute.WOOD: 3,
            Attribute.WATER: -1,
            Attribute.FIRE: -2,
            Attribute.METAL: -2,
        },
        specials=(
            _special(
                "Spines",
                437,
                (
                    "The Land Urchin does 1 extra Damage on all retaliatory attacks against melee "
                    "attackers."
                ),
            ),
        ),
    ),
    Creature(
        name="Cave Fisher",
        line=438,
        section=Section.TUNNEL_ANIMALS,
        description="The great hunter of the deep, luring in prey with a single glowing orb.",
        health=3,
        damage=3,
        damage_note="Flourish = Broken Limb",
        flourish=Condition.BROKEN_LIMB,
        armour=6,
        attributes={
            Attribute.WIND: 1,
            Attribute.WOOD: 3,
            Attribute.WATER: 3,
            Attribute.FIRE: 0,
            Attribute.METAL: 3,
        },
        specials=(
            _special(
                "Lure",
                444,
                (
                    "On the Cave Fisher's first turn in battle, it picks three enemies; these "
                    "become Entranced."
                ),
            ),
        ),
    ),
    Creature(
        name="Mantekarr",
        line=445,
        section=Section.TUNNEL_ANIMALS,
        description="The predatory Mantekarr, here to grab you and carry you away.",
        health=8,
        damage=2,
        damage_note="Flourish = Bound",
        flourish=Condition.BOUND,
        armour=4,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Drag",
                451,
                (
                    "If a creature becomes Bound by a Mantekarr, it will immediately Flee to the "
                    "back row (if possible), dragging its bound prey with it. Creatures in the "
                    "enemy rows take double damage from all attacks, but are returned to their "
                    "Front Row if harmed."
                ),
            ),
        ),
    ),
    Creature(
        name="Centipede",
        line=452,
        section=Section.TUNNEL_ANIMALS,
        description="A simple beast, driven by hunger upon a hundred clattering legs.",
        health=5,
        damage=1,
        damage_note="Flourish = Prone",
        flourish=Condition.PRONE,
        armour=0,
        attributes={
            Attribute.WIND: 1,
            Attribute.WOOD: 1,
            Attribute.WATER: 1,
            Attribute.FIRE: 1,
            Attribute.METAL: 1,
        },
        specials=(
            _special("Climb", 458, "The Centipede can cling to walls or even to the cavern roof."),
        ),
    ),
    Creature(
        name="Spidion",
        line=459,
        section=Section.TUNNEL_ANIMALS,
        description=(
            "Not entirely unlike a cross between a spider and a lion, if such a cross were "
            "adorned with ten thousand teeming larvae."
        ),
        health=10,
        damage=3,
        damage_note="Giant Stinger, Reach",
        range=Range.REACH,
        armour=0,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Eggsac",
                465,
                (
                    "Wherever there is a Spidion, there are also eggs. The eggsack has 3 health "
                    "and 3 armour; anyone attacking it will automatically earn the full ire of "
                    "the Spidion."
                ),
            ),
        ),
    ),
    Creature(
        name="Solifugid",
        line=466,
        section=Section.TUNNEL_ANIMALS,
        description="A ten-legged beast covered in pricky hairs.",
        health=3,
        damage=1,
        damage_note="Flourish = Bound",
        flourish=Condition.BOUND,
        armour=0,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Web",
                472,
                (
                    "Any creature suffering retaliatory damage from a Solifugid is Bound in its "
                    "numerous webs."
                ),
            ),
        ),
    ),
    Creature(
        name="Inferno Beetle",
        line=473,
        section=Section.TUNNEL_ANIMALS,
        description="A giant obsidian beetle which breathes fire. Yes, really.",
        health=3,
        damage=2,
        damage_note="Reach, Flourish = Ablaze",
        flourish=Condition.ABLAZE,
        range=Range.REACH,
        armour=4,
        attributes={
            Attribute.WIND: 1,
            Attribute.WOOD: 2,
            Attribute.WATER: 1,
            Attribute.FIRE: 2,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Extra Crispy",
                479,
                "If a creature dies while Ablaze, the Inferno Beetle gains +2 Health.",
            ),
        ),
    ),
    Creature(
        name="Rockeater",
        line=480,
        section=Section.TUNNEL_ANIMALS,
        description="It eats rocks. What exactly were you expecting?",
        health=4,
        damage=1,
        damage_note="Flourish = Destructive",
        flourish=Special.DESTRUCTIVE,
        armour=2,
        attributes={
            Attribute.WIND: -2,
            Attribute.WOOD: 1,
            Attribute.WATER: -1,
            Attribute.FIRE: 1,
            Attribute.METAL: 2,
        },
        specials=(
            _special(
                "Burrower",
                486,
                (
                    "The Rockeater may use Metal to flee, and may do so from any row at a -3 "
                    "penalty by burrowing into the ground."
                ),
            ),
        ),
    ),
    Creature(
        name="Kraken",
        line=488,
        section=Section.AQUATIC_ANIMALS,
        description="Rather like an octopus, but larger. The Kephera make spears from their beaks.",
        health=12,
        damage=2,
        damage_note="Flourish = Bound",
        flourish=Condition.BOUND,
        armour=0,
        attributes={
            Attribute.WIND: 2,
            Attribute.WOOD: 2,
            Attribute.WATER: 2,
            Attribute.FIRE: 2,
            Attribute.METAL: 2,
        },
        specials=(
            _special(
                "Drowner",
                494,
                (
                    "Any creature who becomes Bound while fighting a Kraken immediately begins to "
                    "Drown and loses 2 health per turn. This cannot be prevented with armour."
                ),
            ),
        ),
    ),
    Creature(
        name="Albino Eel",
        line=495,
        section=Section.AQUATIC_ANIMALS,
        description="A limbless albino beast, crackling with electricity.",
        health=3,
        damage=1,
        damage_note="Flourish = Sensitivity",
        flourish=Condition.SENSITIVITY,
        armour=0,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 2,
            Attribute.WATER: 3,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Electrical",
                501,
                (
                    "The first creature to attack a given Albino Eel is automatically shocked for "
                    "2 damage."
                ),
            ),
        ),
    ),
    Creature(
        name="Adorath",
        line=502,
        section=Section.AQUATIC_ANIMALS,
        description=(
            "A three-eyed beast with venomous, barbed tentacles rivaled only by its psionic might."
        ),
        health=3,
        damage=3,
        damage_note="Ranged OR Poisoned with Mantakaya",
        armour=0,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
    ),
    Creature(
        name="Villager",
        line=531,
        section=Section.MORTALS,
        description="An ordinary mortal, trying to live their life in peace.",
        health=3,
        damage=1,
        damage_note="farming tools",
        armour=0,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 0,
            Attribute.WATER: 1,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Loyal",
                537,
                (
                    "When any member of a village is attacked, the city or commune defending the "
                    "village will come to defend. Roll 2d6; the first die represents how many "
                    "turns the players have before defenders arrive, and the second represents "
                    "how many defenders there are. Each defender is a 7th level example of a "
                    "random class."
                ),
            ),
        ),
    ),
    Creature(
        name="Village Leader",
        line=538,
        section=Section.MORTALS,
        description="The leader of an entire village, on the surface or below.",
        health=10,
        damage=2,
        damage_note="Any; see below",
        armour=3,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 1,
            Attribute.WATER: 1,
            Attribute.FIRE: 2,
            Attribute.METAL: 2,
        },
        specials=(
            _special("Loyal", 544, "As per Villager, but double each number rolled."),
            _special(
                "Guards, Guards!",
                545,
                (
                    "The Village Leader always has 1d6 Guards (see below) and the Entourage trait "
                    "for as long as at least one of these guards live."
                ),
            ),
            _special(
                "High Class",
                546,
                (
                    "Choose one Class (Warrior, Druid, etc.); the Village Leader is a 3rd level "
                    "example of that class, and their Guards each have Basic Primary Skill from "
                    "that class (ie. Assault, Implement, Sick Beat). The guards are otherwise "
                    "identical to ordinary Villagers."
                ),
            ),
        ),
    ),
    Creature(
        name="Brigand",
        line=547,
        section=Section.MORTALS,
        description='"Your money or your life!"',
        health=4,
        damage=2,
        damage_note="Dagger, Whip, Spear, Sling or Giant Net",
        armour=1,
        attributes={
            Attribute.WIND: 1,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 1,
        },
        specials=(
            _special(
                "Yield",
                553,
                (
                    "At any point, the party may surrender to a group of brigands, giving up all "
                    "of their gold and one Vitae each."
                ),
            ),
            _special(
                "Ambush",
                554,
                (
                    "Being attacked by brigands imposes a penalty to fleeing equal to the number "
                    "of surviving brigands."
                ),
            ),
            _special(
                "Cowardly",
                555,
                (
                    "Brigands take a -1 penalty to each roll for each allied brigand who's been "
                    "injured and -2 for each allied brigand killed. If the penalty exceeds the "
                    "number of surviving brigands, they will attempt to flee."
                ),
            ),
        ),
    ),
    Creature(
        name="Assassin",
        line=556,
        section=Section.MORTALS,
        description="A paid murderer, dressed all in black. How cliche!",
        health=3,
        damage=3,
        damage_note="Two daggers, each with a different poison",
        armour=1,
        attributes={
            Attribute.WIND: 2,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 2,
        },
        specials=(
            _special(
                "Sneaky",
                562,
                (
                    "The assassin's presence is not announced until their first turn. They may "
                    "begin in any row (allied or enemy) and make a single attack, as per "
                    "Infiltrate in Stealth."
                ),
            ),
        ),
    ),
    Creature(
        name="Zombie",
        line=563,
        section=Section.MORTALS,
        description="A shambling abomination, moaning for living flesh.",
        health=3,
        damage=2,
        damage_note="Teeth",
        armour=0,
        health_offsets={
            Attribute.WIND: -5,
            Attribute.WOOD: -2,
            Attribute.WATER: -3,
            Attribute.FIRE: -3,
            Attribute.METAL: -3,
        },
        specials=(
            _special(
                "Brain Eater",
                569,
                (
                    "The zombie gains one Health every time it does any damage (to a maximum of "
                    "5), and has attributes based on it's current Health."
                ),
            ),
        ),
    ),
    Creature(
        name="Cult Leader",
        line=570,
        section=Section.MORTALS,
        description="A cunning servant of the Soulless Gods, plotting the downfall of all.",
        health=8,
        damage=1,
        damage_note="Concealed Implement",
        armour=0,
        attributes={
            Attribute.WIND: 1,
            Attribute.WOOD: -1,
            Attribute.WATER: -1,
            Attribute.FIRE: 2,
            Attribute.METAL: 2,
        },
        specials=(
            _special(
                "Hidden Worship",
                576,
                (
                    "A Cult Leader appears to be an ordinary villager, and treats all cult "
                    "paraphernalia as Concealed."
                ),
            ),
            _special(
                "Indoctrination",
                577,
                (
                    "Each night, the Cult Leader may visit a villager and attempt to convert them "
                    "to the Cult. Roll +Fire; on a 7+ they are converted; on a 6 or lower there "
                    'is a fight. Cultists gain "Hidden Worship", +1 Damage, an Implement and a '
                    "powerful urge toward violence."
                ),
            ),
            _special(
                "Sacrifice",
                578,
                (
                    "The Cult Leader may may sacrifice captured creatures to their hidden masters "
                    "in exchange for dark blessings. Roll 2d6, adding 1 to both dice if the "
                    "sacrifice is a humanoid and 2 to both dice if the sacrifice is a member of "
                    "the cult."
                ),
            ),
        ),
    ),
    Creature(
        name="Merchant",
        line=579,
        section=Section.MORTALS,
        description="A fat and happy merchant, filled with gold.",
        health=6,
        damage=1,
        armour=1,
        attributes={
            Attribute.WIND: 2,
            Attribute.WOOD: 1,
            Attribute.WATER: -1,
            Attribute.FIRE: 3,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Wares",
                585,
                (
                    "To determine the total value of merchant's wares, roll 2d6 times 2d6 times "
                    "10. Then roll 2d6 + 2d6 times 10 to determine the total value of gold."
                ),
            ),
        ),
    ),
    Creature(
        name="Vermin (Rat, Weevil, Pigeon, Lizard)",
        line=588,
        section=Section.ODDITIES,
        description="Literally the worst.",
        health=1,
        damage=0,
        armour=0,
        attributes={
            Attribute.WIND: -3,
            Attribute.WOOD: -3,
            Attribute.WATER: -3,
            Attribute.FIRE: -3,
            Attribute.METAL: -3,
        },
    ),
    Creature(
        name="Hyfae",
        line=594,
        section=Section.ODDITIES,
        description="A mushroom fae!",
        health=None,
        damage=1,
        damage_note="Flourish = Pacifism",
        flourish=Condition.PACIFISM,
        armour=0,
        attributes={
            Attribute.WIND: 0,
            Attribute.WOOD: 0,
            Attribute.WATER: 0,
            Attribute.FIRE: 0,
            Attribute.METAL: 0,
        },
        specials=(
            _special(
                "Communion",
                600,
                (
                    "The Hyfae share a single soul between them, and all damage to one is damage "
                    "to the whole. No individual is truly slain until the entire colony is wiped "
                    "out. The effective 'health' of a Hyfae colony is equal to three per Hyfae "
                    "present."
                ),
            ),
        ),
    ),
    Creature(
        name="Cloier",
        line=601,
        section=Section.ODDITIES,
        description="A vast sphere of hatred summoned from beyond this world.",
        health=30,
        damage=20,
        damage_note="Flourish = Destructive",
        flourish=Special.DESTRUCTIVE,
        armour=10,
        attributes={
            Attribute.WIND: 2,
            Attribute.WOOD: 5,
            Attribute.WATER: 5,
            Attribute.FIRE: -1,
            Attribute.METAL: -1,
        },
        specials=(
            _special(
                "All Around Attacker",
                607,
                (
                    "The Cloier launches attacks from its numerous orifices simultaneously in "
                    "every direction. As such, damage may (and must) be divided as equally as "
                    "possible among all possible enemies withi melee range."
                ),
            ),
        ),
    ),
)

BESTIARY: Mapping[str, Creature] = {creature.name.lower(): creature for creature in CREATURES}


def find_creature(name: str) -> Creature:
    """A creature by name, any case; Vermin also by what it is (a rat, a weevil...)."""
    key = " ".join(name.strip().lower().split())
    for creature in CREATURES:
        if key == creature.name.lower() or key == creature.name.split(" (")[0].lower():
            return creature
    if key in ("rat", "weevil", "pigeon", "lizard"):
        return BESTIARY["vermin (rat, weevil, pigeon, lizard)"]
    known = [creature.name for creature in CREATURES]
    raise PawpostError(f'"{name.strip()}" is not in the bestiary.{did_you_mean(key, known)}')


def hyfae_colony_health(members: int) -> int:
    """Book l. 600: a Hyfae colony's Health is three per Hyfae present."""
    return HYFAE_HEALTH_EACH * members
