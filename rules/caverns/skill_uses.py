"""Skills used outside battle (Scry, Commune, Twist Fate, Transmute, Immunity's roll), and
what the passive ones say when someone tries to use them."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.caverns.afflictions import inflict
from rules.caverns.attributes import Attribute
from rules.caverns.conditions import Condition
from rules.caverns.constants import DIE_SIDES, IMMUNITY_POISON_ROLL, TWIST_FATE_DICE
from rules.caverns.health import transmute
from rules.caverns.party.harmony import spend_harmony
from rules.caverns.records import FatedOffer
from rules.caverns.rolling import MoveRoll, roll_attribute
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Skill, Totem, find_skill
from rules.caverns.skills.registry import PASSIVES
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll, roll_dice

# Skills whose use is a question for the MC (the server's admins) to answer.
ASKS_THE_MC: Mapping[str, str] = {
    "magery:scry": "Where is {target}?",  # l. 170
    "nature:commune": "What does {target} say?",  # l. 179
}

# Passive skills that work by themselves; using them only explains where they apply.
WORKS_BY_ITSELF: Mapping[str, str] = {
    "hunting:make-camp": "Make Camp works by itself: the party's rests get +3.",
    "athletics:fitness": (
        "Fitness works by itself: a condition that takes three rolls ends at your first success."
    ),
    **PASSIVES,  # Healing, Divination, Dreamweaving, Mysticism
    "totems:patron-totem": (
        "Patron Totem works by itself: you are always bonded to it, and at a Long Rest you bind "
        "the second totem planned with /harmony plan, or gain +2 Vitae."
    ),
}

# Outside battle these do what the MC narrates: the bot only says so (l. 196).
FOR_THE_MC: Mapping[str, str] = {
    "athletics:barge": "The door is smashed down with a face: what lies beyond it?",
}

# "You may fall Asleep (but not wake up) at will" (Bear, l. 213); Control sleeps "if you want
# to" (l. 240).
SLEEP_AT_WILL: tuple[str, ...] = (Totem.BEAR.skill_key, "dreamweaving:control")


class SkillUse(BaseModel):
    """A skill used: the sheet after its cost, any dice, and the question for the MC."""

    model_config = ConfigDict(frozen=True)

    skill: Skill
    sheet: CavernsSheet
    rolls: tuple[Roll, ...] = ()
    question: str | None = None


def own_skill(sheet: CavernsSheet, name: str) -> Skill:
    """One of the character's skills by name; a totem bonded today counts, and so does the
    Patron Totem (neither is a learned skill, l. 206)."""
    skill = find_skill(name, sheet.skillsets)
    totem = any(t.skill_key == skill.key for t in sheet.bonded_totems)
    patron = sheet.patron_totem is not None and sheet.patron_totem.skill_key == skill.key
    if not sheet.has_skill(skill.key) and not totem and not patron:
        raise PawpostError(f"You do not have {skill.name}.")
    return skill


def use_skill(sheet: CavernsSheet, name: str, dice: DiceSource, *, target: str = "") -> SkillUse:
    """Use a skill outside battle, paying its Harmony ("spend one Harmony", l. 170, 179, 219)
    or Vitae (Transmute, l. 197). Battle skills are refused here."""
    skill = own_skill(sheet, name)
    if skill.key in SLEEP_AT_WILL:  # Control is passive too, but sleeping is its player's call
        return SkillUse(skill=skill, sheet=fall_asleep(sheet, skill))
    if skill.key in WORKS_BY_ITSELF:
        raise PawpostError(WORKS_BY_ITSELF[skill.key])
    if skill.key in ASKS_THE_MC:
        if not target.strip():
            raise PawpostError(f"Say whom {skill.name} is for.")
        paid = spend_harmony(sheet, skill.harmony_cost, skill.name)
        question = ASKS_THE_MC[skill.key].format(target=target.strip())
        return SkillUse(skill=skill, sheet=paid, question=question)
    if skill.key in FOR_THE_MC:
        return SkillUse(skill=skill, sheet=sheet, question=FOR_THE_MC[skill.key])
    if skill.key == "rituals:twist-fate":
        return twist_fate(sheet, dice, skill)
    if skill.key == "athletics:transmute":
        return SkillUse(skill=skill, sheet=transmute(sheet))
    raise PawpostError(f"{skill.name} is used in battle, not on its own.")


def fall_asleep(sheet: CavernsSheet, skill: Skill) -> CavernsSheet:
    """Fall Asleep at will: Bear only while bonded with it (totems act while bonded, l. 206);
    waking is the usual Harmony roll."""
    if skill.key == Totem.BEAR.skill_key and Totem.BEAR not in sheet.bonded_totems:
        raise PawpostError("You are not bonded with Bear today, so you cannot sleep at will.")
    if sheet.has_condition(Condition.SLEEPING):
        raise PawpostError("You are asleep already.")
    return inflict(sheet, Condition.SLEEPING, willing=True)


def twist_fate(sheet: CavernsSheet, dice: DiceSource, skill: Skill) -> SkillUse:
    """Twist Fate (l. 219): spend one Harmony to roll two dice and keep them to hand out; a
    second casting waits until both are used, since the book has them used "before your next
    short rest"."""
    held_dice(sheet)
    paid = spend_harmony(sheet, skill.harmony_cost, skill.name)
    after, roll = fated_dice(paid, dice)
    return SkillUse(skill=skill, sheet=after, rolls=(roll,))


def held_dice(sheet: CavernsSheet) -> None:
    """Refuse a new Twist Fate while its last dice are still held."""
    if sheet.fated_dice:
        held = " and ".join(str(face) for face in sheet.fated_dice)
        raise PawpostError(f"You still hold Twist Fate's dice ({held}); give them out first.")


def fated_dice(sheet: CavernsSheet, dice: DiceSource) -> tuple[CavernsSheet, Roll]:
    """Twist Fate's two dice rolled and held on the sheet (its Harmony paid already)."""
    held_dice(sheet)
    faces = roll_dice(dice, TWIST_FATE_DICE, DIE_SIDES)
    held = tuple(die.face for die in faces)
    return sheet.model_copy(update={"fated_dice": held}), Roll(label="Twist Fate", dice=faces)


def give_fated_die(holder: CavernsSheet, face: int) -> CavernsSheet:
    """Hand one of Twist Fate's dice to a character about to roll: their roll becomes doubles
    of it (pass `fated_die=face` to the roll)."""
    if face not in holder.fated_dice:
        held = " and ".join(str(f) for f in holder.fated_dice) or "none"
        raise PawpostError(f"You hold no fated {face}; your dice are {held}.")
    index = holder.fated_dice.index(face)
    remaining = (*holder.fated_dice[:index], *holder.fated_dice[index + 1 :])
    return holder.model_copy(update={"fated_dice": remaining})


def offer_fated_die(
    holder: CavernsSheet, roller: CavernsSheet, face: int, holder_id: int, holder_name: str
) -> CavernsSheet:
    """Offer one of the holder's dice for another character's next roll (l. 219: "you may
    instead give them one of their dice"): the roller's sheet with the offer, which its player
    accepts by rolling with it. The die stays the holder's until then."""
    if face not in holder.fated_dice:
        held = " and ".join(str(f) for f in holder.fated_dice) or "none"
        raise PawpostError(f"You hold no fated {face}; your dice are {held}.")
    kept = tuple(o for o in roller.fated_offers if o.holder_id != holder_id or o.face != face)
    offer = FatedOffer(holder_id=holder_id, holder=holder_name, face=face)
    return roller.model_copy(update={"fated_offers": (*kept, offer)})


def accept_fated_die(
    roller: CavernsSheet, holder_id: int, holder_name: str, face: int
) -> CavernsSheet:
    """The roller takes a die offered to it: the offer is used up (refused when there is none)."""
    offer = next(
        (o for o in roller.fated_offers if o.holder_id == holder_id and o.face == face), None
    )
    if offer is None:
        raise PawpostError(
            f"{holder_name} has not offered you a fated {face}; its player offers it with "
            "/twist-fate."
        )
    kept = tuple(o for o in roller.fated_offers if o is not offer)
    return roller.model_copy(update={"fated_offers": kept})


def resist_poison(sheet: CavernsSheet, dice: DiceSource) -> MoveRoll:
    """Athletics' Immunity (l. 198): exposed to a poison, roll Water; on a 4+ it is shrugged
    off (`roll.succeeded`)."""
    if not sheet.has_skill("athletics:immunity"):
        raise PawpostError("You do not have the Immunity skill.")
    return roll_attribute(
        sheet,
        Attribute.WATER,
        dice,
        label="Immunity: shrug off the poison",
        target=IMMUNITY_POISON_ROLL,
    )
