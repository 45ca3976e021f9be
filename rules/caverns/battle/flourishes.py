"""Flourishes (book l. 294-297, 373-378): what a character's attack is made with, the Flourishes
it may apply (its weapon's and every skill's that adds one), the skills paid in Harmony before
attacking, and the choice that waits in the battle's state until the attacker picks.
Pure: the battle module stores a `PendingFlourish`; the bot applies what is picked."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.catalogue import CatalogueItem, Flourish, ItemKind, Range, Special, item_key
from rules.caverns.conditions import Condition
from rules.caverns.party.harmony import spend_harmony
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.races import Race
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import SKILLS, Totem
from rules.caverns.skillsets import Skillset
from rules.errors import PawpostError

if TYPE_CHECKING:
    from rules.caverns.battle.rows import BattleState


class Boost(StrEnum):
    """The skills paid in Harmony before attacking (l. 155, 161, 163, 171)."""

    ASSAULT = "assault"
    NERVE_PINCH = "nerve-pinch"
    GREATER_IMPLEMENT = "greater-implement"
    LUNGE = "lunge"

    @property
    def skill_key(self) -> str:
        return BOOST_SKILLS[self]

    @property
    def label(self) -> str:
        return SKILLS[self.skill_key].name


BOOST_SKILLS: Mapping[Boost, str] = {
    Boost.ASSAULT: "combat:assault",
    Boost.NERVE_PINCH: "combat:nerve-pinch",
    Boost.GREATER_IMPLEMENT: "magery:greater-implement",
    Boost.LUNGE: "combat:lunge",
}

# l. 163: Nerve Pinch adds Sleeping to a melee weapon attack; l. 171: Greater Implement applies
# Forceful "regardless of whether you rolled doubles"; l. 161: Lunge adds Reach.
NERVE_PINCH_FLOURISH: Flourish = Condition.SLEEPING
GREATER_IMPLEMENT_FLOURISH: Flourish = Special.FORCEFUL
LUNGE_RANGE = Range.REACH
# l. 81: an Igasho has Forceful on all attacks: a Flourish, since Forceful shoves "on a
# successful Flourish" (l. 378); its Destructive needs none (moves.do_battle).
IGASHO_FLOURISH: Flourish = Special.FORCEFUL
# l. 171: "Your Implement improves and becomes Ranged" (Greater Implement, Elementalists).
GREATER_IMPLEMENT = "magery:greater-implement"

# Skills that add Flourishes to all of their owner's attacks (l. 168-247, 180, 196).
ALL_ATTACK_FLOURISHES: Mapping[str, tuple[Flourish, ...]] = {
    "magery:ignite": (Condition.ABLAZE,),
    "magery:fear": (Condition.FEAR,),
    "nature:vines": (Condition.BOUND,),
    "nature:pathtwist": (Condition.ENTRANCEMENT,),
    "nature:tree-form": (Special.FORCEFUL,),
    "athletics:barge": (Special.FORCEFUL,),
    "divination:doom": (Condition.PARANOIA,),
    "dreamweaving:slumber": (Condition.FATIGUE,),
    "mysticism:sanctity": (Condition.PACIFISM,),
}
# "Add ... as a Flourish to your weapon attacks" (l. 159, 160, 162).
WEAPON_ATTACK_FLOURISHES: Mapping[str, tuple[Flourish, ...]] = {
    "combat:cleave": (Special.AREA,),
    "combat:crush": (Condition.BROKEN_LIMB,),
    "combat:sunder": (Special.DESTRUCTIVE,),
}
# l. 165: with Kata the hands count as weapons for Combat and have Bound and Disarm.
KATA = "combat:kata"
KATA_FLOURISHES: tuple[Flourish, ...] = (Condition.BOUND, Condition.DISARM)
# l. 187: Captive Audience, on musical attacks only.
MUSICAL_FLOURISHES: Mapping[str, tuple[Flourish, ...]] = {
    "music:captive-audience": (Condition.ENTRANCEMENT, Condition.FEAR),
}
# l. 207, 209: while the totem is bonded.
TOTEM_FLOURISHES: Mapping[Totem, tuple[Flourish, ...]] = {
    Totem.SUN: (Condition.ABLAZE,),
    Totem.NIGHT: (Condition.BLIND,),
}
# l. 339: Strong as the Tallest Tree's "All of your attacks gain Forceful", until the next rest.
BENEFIT_FLOURISHES: Mapping[HarmonyBenefit, tuple[Flourish, ...]] = {
    HarmonyBenefit.FORCEFUL_ATTACKS: (Special.FORCEFUL,),
}
# l. 375: Area divides the damage "between multiple opponents": at least two, a point each.
AREA_LEAST_TARGETS = 2
MOST_AREA_TARGETS = 10


def flourish_label(flourish: Flourish) -> str:
    """ "Broken Limb", "Destructive"."""
    if isinstance(flourish, Condition):
        return flourish.label
    return flourish.value.capitalize()


def parse_flourish(text: str) -> Flourish:
    """A Flourish by its stored value ("broken-limb", "area")."""
    for flourish in (*Condition, *Special):
        if text == flourish.value:
            return flourish
    raise PawpostError(f'"{text}" is not a Flourish.')


def parse_boost(text: str) -> Boost:
    """Assault, Nerve Pinch, Greater Implement or Lunge, any case."""
    key = "-".join(text.strip().lower().split())
    for boost in Boost:
        if key == boost.value:
            return boost
    names = ", ".join(b.label for b in Boost)
    raise PawpostError(f'"{text.strip()}" is not paid before attacking; choose {names}.')


# --- What the attack is made with ----------------------------------------------------------


class Armament(StrEnum):
    WEAPON = "weapon"
    IMPLEMENT = "implement"
    INSTRUMENT = "instrument"  # a Bard's, which works like an implement (l. 185)
    HANDS = "hands"


class AttackWith(BaseModel):
    """The weapon, implement, instrument or bare hands an attack is made with."""

    model_config = ConfigDict(frozen=True)

    name: str
    armament: Armament
    range: Range = Range.MELEE
    flourishes: tuple[Flourish, ...] = ()

    @property
    def melee(self) -> bool:
        return self.range is Range.MELEE


def _carried(sheet: CavernsSheet, catalogue: Mapping[str, CatalogueItem]) -> list[CatalogueItem]:
    """The intact items carried that the server's catalogue knows, in the order carried."""
    known = (catalogue.get(item_key(i.name)) for i in sheet.equipment if not i.broken)
    return [item for item in known if item is not None]


def attack_with(
    sheet: CavernsSheet,
    catalogue: Mapping[str, CatalogueItem],
    reaches: Callable[[Range], bool],
    *,
    lunge: bool = False,
    prefer: str | None = None,
    held: tuple[str, ...] | None = None,
) -> AttackWith:
    """With an implement, the implement (Do Battle uses it, l. 381); otherwise the first intact
    weapon carried that reaches the target (the book's main hand, which the sheet does not
    record: the class's first weapon is carried first; `prefer` one, the main hand or the
    envenomed weapon, goes first; `held`: only the weapons in the character's hands, once it
    has said which, l. 370), else bare hands. Lunge lets a melee weapon reach one row further
    (l. 161)."""
    carried = _carried(sheet, catalogue)
    if sheet.implement is not None:
        kinds = (ItemKind.IMPLEMENT, ItemKind.INSTRUMENT)
        item = next((i for i in carried if i.kind in kinds), None)
        music = sheet.skillsets[0] is Skillset.MUSIC
        armament = Armament.INSTRUMENT if music else Armament.IMPLEMENT
        if item is None:
            return AttackWith(
                name=armament.value, armament=armament, range=implement_range(sheet, None)
            )
        return AttackWith(
            name=item.name,
            armament=armament,
            range=implement_range(sheet, item.range),
            flourishes=item.flourishes,
        )

    def effective(item: CatalogueItem) -> Range:
        weapon = item.range or Range.MELEE
        return LUNGE_RANGE if lunge and weapon is Range.MELEE else weapon

    weapons = [i for i in carried if i.is_weapon]
    if held is not None:
        keys = [item_key(name) for name in held]
        weapons = sorted((i for i in weapons if i.key in keys), key=lambda i: keys.index(i.key))
    if prefer is not None:
        weapons.sort(key=lambda i: i.key != item_key(prefer))
    item = next((i for i in weapons if reaches(effective(i))), None)
    if item is None:
        return AttackWith(name="bare hands", armament=Armament.HANDS)
    return AttackWith(
        name=item.name,
        armament=Armament.WEAPON,
        range=item.range or Range.MELEE,
        flourishes=item.flourishes,
    )


def implement_range(sheet: CavernsSheet, item_range: Range | None) -> Range:
    """An implement is a Melee weapon unless told otherwise (l. 381); Greater Implement makes
    it Ranged (l. 171)."""
    if sheet.has_skill(GREATER_IMPLEMENT):
        return Range.RANGED
    return item_range or Range.MELEE


def is_weapon_attack(sheet: CavernsSheet, attack: AttackWith) -> bool:
    """A weapon or implement (an implement is a weapon, l. 381), or Kata's hands (l. 165)."""
    return attack.armament is not Armament.HANDS or sheet.has_skill(KATA)


def _unique(flourishes: Iterable[Flourish]) -> tuple[Flourish, ...]:
    return tuple(dict.fromkeys(flourishes))


def available_flourishes(
    sheet: CavernsSheet,
    attack: AttackWith,
    *,
    boost: Boost | None = None,
    damage: int = 0,
    battle: Sequence[Flourish] = (),
) -> tuple[Flourish, ...]:
    """Every Flourish this attack may apply, the weapon's first; the attacker picks one
    (l. 374). Destructive only where the attack dealt `damage`, Area where it can be divided.
    `battle`: those the battle gives all the attacker's attacks (Trapper's, a meld's)."""
    found: list[Flourish] = [*attack.flourishes, *battle]
    weapon_attack = is_weapon_attack(sheet, attack)
    if attack.armament is Armament.HANDS and sheet.has_skill(KATA):
        found.extend(KATA_FLOURISHES)
    if weapon_attack:
        for key, flourishes in WEAPON_ATTACK_FLOURISHES.items():
            if sheet.has_skill(key):
                found.extend(flourishes)
    for key, flourishes in ALL_ATTACK_FLOURISHES.items():
        if sheet.has_skill(key):
            found.extend(flourishes)
    for totem in sheet.bonded_totems:
        found.extend(TOTEM_FLOURISHES.get(totem, ()))
    if attack.armament is Armament.INSTRUMENT:
        for key, flourishes in MUSICAL_FLOURISHES.items():
            if sheet.has_skill(key):
                found.extend(flourishes)
    for benefit, flourishes in BENEFIT_FLOURISHES.items():
        if sheet.has_benefit(benefit):
            found.extend(flourishes)
    if sheet.race is Race.IGASHO:  # "Forceful and Destructive on all attacks" (l. 81)
        found.append(IGASHO_FLOURISH)
    if boost is Boost.NERVE_PINCH:
        found.append(NERVE_PINCH_FLOURISH)
    useless: dict[Flourish, bool] = {
        Special.DESTRUCTIVE: damage < 1,
        Special.AREA: damage < AREA_LEAST_TARGETS,
    }
    return tuple(f for f in _unique(found) if not useless.get(f, False))


def pay_boost(sheet: CavernsSheet, boost: Boost | None, attack: AttackWith) -> CavernsSheet:
    """Check the skill paid before attacking and pay its Harmony; Assault is paid by Do Battle
    itself (it also counts the Flourishes). Nerve Pinch and Lunge need a melee weapon attack."""
    if boost is None:
        return sheet
    skill = SKILLS[boost.skill_key]
    if not sheet.has_skill(boost.skill_key):
        raise PawpostError(f"You do not have the {skill.name} skill.")
    if boost in (Boost.NERVE_PINCH, Boost.LUNGE) and not (
        attack.melee and is_weapon_attack(sheet, attack)
    ):
        raise PawpostError(f"{skill.name} works only with a melee weapon attack.")
    if boost is Boost.ASSAULT:
        return sheet
    return spend_harmony(sheet, skill.harmony_cost, skill.name)


def entourage_ignores(
    defender_has_entourage: bool,
    attacker_has_entourage: bool,
    attacker_flourishes: Iterable[Flourish],
) -> bool:
    """Book l. 383: one with an Entourage ignores Flourishes and counter attacks, except from
    another with an Entourage or an attacker with access to Area (no doubles needed)."""
    if not defender_has_entourage or attacker_has_entourage:
        return False
    return Special.AREA not in tuple(attacker_flourishes)


# --- The choice waiting in the battle --------------------------------------------------------


class PendingFlourish(BaseModel):
    """A Flourish the attacker may still pick, by the buttons of state `version`: `picks` left
    (two for Assault on doubles), and what Area and Destructive need to redo the hit: its
    Damage, the target before it, and the Health each victim's armour negated (`soaked`)."""

    attacker: int
    attacker_name: str
    target: int
    options: tuple[Flourish, ...]
    picks: int = Field(ge=0)
    version: int
    damage: int = 0
    health_before: int = 0
    armour_before: int = 0
    soaked: dict[int, int] = Field(default_factory=dict)
    picked: tuple[Flourish, ...] = ()
    area_owed: bool = False
    riposte: bool = False
    reach: Range | None = None  # the attack's own reach: Area divides only within it (l. 375)

    @property
    def open_options(self) -> tuple[Flourish, ...]:
        """What may still be picked: a Flourish once per attack."""
        return tuple(f for f in self.options if f not in self.picked) if self.picks else ()


def settle_unchosen(
    state: BattleState, read_version: int, keep: bool, escape: Callable[[str], str] = str
) -> tuple[BattleState, tuple[str, ...]]:
    """Before an action is stored: a Flourish offered at the version read is lost (said so,
    the name passed through `escape`) unless the action `keep`s it (it moved nothing on: a
    pick, armour, a reaction); one offered by this very action stays."""
    pending = state.flourish
    if pending is None or pending.version == read_version + 1:
        return state, ()
    if pending.version == read_version and keep:
        kept = pending.model_copy(update={"version": read_version + 1})
        return state.model_copy(update={"flourish": kept}), ()
    cleared = state.model_copy(update={"flourish": None})
    if pending.version != read_version:
        return cleared, ()
    name = escape(pending.attacker_name)
    lost = []
    if pending.area_owed:
        lost.append(f"{name} did not divide the Area damage: it stays where it fell.")
    if pending.open_options:
        lost.append(f"{name}'s unchosen Flourish is lost.")
    return cleared, tuple(lost)


# --- Area: dividing the damage (l. 375) ------------------------------------------------------


def parse_split(text: str) -> list[tuple[str, int]]:
    """ "Brigand 2, Brigand 3: 1" -> [("Brigand", 2), ("Brigand 3", 1)]: each part a name
    and, last, how much of the Damage it takes."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts or len(parts) > MOST_AREA_TARGETS:
        raise PawpostError(
            f"Name {AREA_LEAST_TARGETS} to {MOST_AREA_TARGETS} enemies and the Damage each "
            'takes: "Brigand 1, Urchin 1".'
        )
    split = []
    for part in parts:
        name, _, amount = part.replace(":", " ").rpartition(" ")
        if not name.strip() or not amount.isdigit():
            raise PawpostError(f'Give each enemy its share: "{part}" has no number after the name.')
        split.append((name.strip(), int(amount)))
    return split


def check_split(shares: Mapping[int, int], damage: int) -> None:
    """Area divides the attack's Damage between several opponents (l. 375): two or more, each
    at least 1, adding up to the Damage."""
    if len(shares) < AREA_LEAST_TARGETS:
        raise PawpostError("Area divides the damage between two or more different enemies.")
    if any(amount < 1 for amount in shares.values()):
        raise PawpostError("Each enemy named takes at least 1 of the damage.")
    if sum(shares.values()) != damage:
        raise PawpostError(
            f"The shares add up to {sum(shares.values())}; divide exactly your {damage} Damage."
        )
