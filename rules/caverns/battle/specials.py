"""The bestiary's specials (book l. 429-607) that the bot can compute, the NPCs' three uses of
a special (l. 429), Destructive attacks and the Taurian's sacrifice (l. 377, 92), and the late
arrival of combatants. Pure: the actions in bot/actions/caverns/battle/specials.py tell the
story."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.rows import (
    PARTY,
    RANGE_ROWS,
    BattleState,
    Combatant,
    Phase,
    Row,
    _player_turn,
    close_lines,
    place,
    replace,
    rows_between,
)
from rules.caverns.battle.special_state import Reinforcements
from rules.caverns.catalogue import Range, Special
from rules.caverns.constants import (
    DIE_SIDES,
    HARMONY_SKILL_COST,
    HARMONY_SKILL_FLOOR,
    WEAK_HIT,
)
from rules.caverns.party.harmony import TALLEST_TREE_ARMOUR, spend_free_armour
from rules.caverns.races import Race
from rules.caverns.records import Item
from rules.caverns.rolling import plain_roll, roll_two_dice
from rules.caverns.sheet import CavernsSheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

URCHIN_SPINES = 1  # l. 437: "1 extra Damage on all retaliatory attacks against melee attackers"
EGGSAC_HEALTH = 3  # l. 465: "The eggsack has 3 health"
EGGSAC_ARMOUR = 3  # l. 465: "and 3 armour"
EXTRA_CRISPY_HEALTH = 2  # l. 479: "the Inferno Beetle gains +2 Health"
BURROW_PENALTY = 3  # l. 486: "from any row at a -3 penalty"
DROWNING_HEALTH = 2  # l. 494: "loses 2 health per turn"
ELECTRICAL_SHOCK = 2  # l. 501: "automatically shocked for 2 damage"
LEADER_LOYAL_FACTOR = 2  # l. 544: "double each number rolled"
DEFENDER_LEVEL = 7  # l. 537: "Each defender is a 7th level example of a random class"
LEADER_LEVEL = 3  # l. 546: "a 3rd level example of that class"
GUARD_DICE = 1  # l. 545: "1d6 Guards"
BRIGAND_INJURED_PENALTY = 1  # l. 555: "-1 penalty ... for each allied brigand who's been injured"
BRIGAND_KILLED_PENALTY = 2  # l. 555: "-2 for each allied brigand killed"
YIELD_VITAE = 1  # l. 553: "giving up all of their gold and one Vitae each"
ZOMBIE_HEALTH_PER_HIT = 1  # l. 569: "gains one Health every time it does any damage"
ZOMBIE_MOST_HEALTH = 5  # l. 569: "(to a maximum of 5)"
INDOCTRINATION_CONVERTS = WEAK_HIT  # l. 577: "on a 7+ they are converted"
SACRIFICE_HUMANOID = 1  # l. 578: "adding 1 to both dice if the sacrifice is a humanoid"
SACRIFICE_CULTIST = 2  # l. 578: "and 2 to both dice if ... a member of the cult"
MERCHANT_GOLD_FACTOR = 10  # l. 585: "2d6 times 2d6 times 10", "2d6 + 2d6 times 10"
MERCHANT_ROLLS = 4  # l. 585: two 2d6 for the wares, two for the gold
TAURIAN_SACRIFICE = 1  # l. 92: "Sacrifice one Armour to make your attack Destructive"

EGGSAC = "Spidion Eggsac"
GUARD = "Guard"


def creature_is(fighter: Combatant, name: str) -> bool:
    return fighter.creature == name


# --- Three uses of a special (l. 429) ------------------------------------------------------


def special_uses_left(fighter: Combatant) -> int:
    """An NPC's Harmony 0 pays a special down to the floor of -3: three uses (l. 325, 429)."""
    return max(0, (fighter.harmony - HARMONY_SKILL_FLOOR) // HARMONY_SKILL_COST)


def spend_special(fighter: Combatant) -> Combatant:
    """One use of its special paid in Harmony, or the sentence that none is left."""
    if special_uses_left(fighter) == 0:
        raise PawpostError(f"{fighter.name} has used its special three times already.")
    return fighter.model_copy(update={"harmony": fighter.harmony - HARMONY_SKILL_COST})


# --- Counter-attacks (Urchin, Solifugid) ---------------------------------------------------


def counter_damage(foe: Combatant, attacker: Combatant) -> int:
    """What the foe strikes back for: an Urchin's spines add 1 against a melee attacker, one
    attacking from an adjacent row (l. 408)."""
    melee = rows_between(attacker, foe) <= RANGE_ROWS[Range.MELEE]
    spines = URCHIN_SPINES if creature_is(foe, "Urchin") and melee else 0
    return foe.damage + spines


def counter_binds(foe: Combatant) -> bool:
    """Whoever a Solifugid's counter-attack harms is Bound in its webs (l. 472)."""
    return creature_is(foe, "Solifugid")


# --- Standing in the enemy's rows (Mantekarr, Assassin) ------------------------------------


def in_enemy_rows(fighter: Combatant) -> bool:
    return fighter.among is not None


def drag(state: BattleState, mantekarr: Combatant, prey: Combatant) -> BattleState:
    """The Mantekarr flees to its back row with its Bound prey (l. 451); it cannot when it
    alone holds its front row (leaving it would pull the back row up)."""
    holders = [
        c
        for c in state.combatants
        if c.side == mantekarr.side and c.present and c.among is None and c.row is Row.FRONT
    ]
    if mantekarr.row is Row.FRONT and len(holders) <= 1:
        raise PawpostError(
            f"{mantekarr.name} alone holds its front row and cannot flee to its back row."
        )
    state = replace(state, mantekarr.model_copy(update={"row": Row.BACK}))
    taken = state.combatant(prey.id).model_copy(update={"among": mantekarr.side, "row": Row.BACK})
    return close_lines(replace(state, taken))


# --- Drowning (Kraken) ---------------------------------------------------------------------


def drowning(state: BattleState, fighter: Combatant) -> int:
    """A Bound creature fighting a Kraken loses 2 Health each turn, armour or not (l. 494)."""
    krakens = [
        c
        for c in state.combatants
        if creature_is(c, "Kraken") and c.present and c.side != fighter.side
    ]
    return DROWNING_HEALTH if krakens else 0


# --- Feeding (Inferno Beetle, Zombie) ------------------------------------------------------


def feed_beetles(state: BattleState) -> tuple[BattleState, list[Combatant]]:
    """Something died Ablaze: every Inferno Beetle still fighting gains 2 Health (l. 479)."""
    fed = []
    for beetle in state.combatants:
        if creature_is(beetle, "Inferno Beetle") and beetle.present:
            health = beetle.health + EXTRA_CRISPY_HEALTH
            grown = beetle.model_copy(
                update={"health": health, "max_health": max(beetle.max_health, health)}
            )
            state = replace(state, grown)
            fed.append(grown)
    return state, fed


def died(state: BattleState, ablaze: bool) -> tuple[BattleState, list[str]]:
    """A death: one Ablaze feeds the Inferno Beetles; the lines that tell it."""
    if not ablaze:
        return state, []
    state, fed = feed_beetles(state)
    lines = [
        f"{b.name} feeds on the flames: +{EXTRA_CRISPY_HEALTH} Health ({b.health})." for b in fed
    ]
    return state, lines


def fed_zombie(zombie: Combatant) -> Combatant:
    """A Zombie that did damage gains 1 Health, to at most 5, and its attributes follow (l. 569)."""
    health = min(ZOMBIE_MOST_HEALTH, zombie.health + ZOMBIE_HEALTH_PER_HIT)
    return zombie.model_copy(
        update={
            "health": health,
            "max_health": max(zombie.max_health, health),
            "attributes": find_creature("Zombie").attributes_at(health),
        }
    )


# --- Albino Eel ----------------------------------------------------------------------------


def shocks(eel: Combatant) -> bool:
    """The first creature to attack a given Albino Eel takes 2 (l. 501)."""
    return creature_is(eel, "Albino Eel") and not eel.special.shocked


# --- Villagers' defenders (l. 537, 544) ----------------------------------------------------


def players_turns(turn: int) -> int:
    """How many of the battle's turns were the players': they alternate, a player's first."""
    return (turn + 1) // 2


def village_rolled(state: BattleState) -> bool:
    return any(c.special.loyal is not None for c in state.combatants)


def is_villager(fighter: Combatant) -> bool:
    return fighter.creature in ("Villager", "Village Leader")


def roll_defenders(
    dice: DiceSource, state: BattleState, leader: bool
) -> tuple[Reinforcements, Roll]:
    """2d6: the first die the players' turns before the defenders come, the second how many;
    a Village Leader doubles each number. The turns count from the next player's turn."""
    roll = plain_roll(dice, "The village's defenders")
    factor = LEADER_LOYAL_FACTOR if leader else 1
    coming = Reinforcements(
        turns=roll.dice[0].face * factor,
        defenders=roll.dice[1].face * factor,
        rolled_at=players_turns(state.turn + (state.phase is Phase.PLAYER)),
    )
    return coming, roll


def defenders_due(state: BattleState) -> tuple[BattleState, list[Reinforcements]]:
    """The defenders whose turns have passed, marked arrived (their reminder posted once)."""
    due = []
    for fighter in state.combatants:
        coming = fighter.special.loyal
        if coming is None or coming.arrived:
            continue
        if players_turns(state.turn) - coming.rolled_at >= coming.turns:
            arrived = coming.model_copy(update={"arrived": True})
            special = fighter.special.model_copy(update={"loyal": arrived})
            state = replace(state, fighter.model_copy(update={"special": special}))
            due.append(arrived)
    return state, due


def arrivals(state: BattleState) -> tuple[BattleState, list[str]]:
    """The reminders for the defenders arriving now."""
    state, due = defenders_due(state)
    lines = [
        f"**The village's {coming.defenders} defenders arrive**, each a {DEFENDER_LEVEL}th-level "
        "example of a random class: the MC adds them with /battle add custom."
        for coming in due
    ]
    return state, lines


# --- Village Leader's guards (l. 545) ------------------------------------------------------


def roll_guards(dice: DiceSource) -> int:
    return sum(dice.roll(DIE_SIDES) for _ in range(GUARD_DICE))


def has_entourage(state: BattleState, leader: Combatant) -> bool:
    """The Village Leader has the Entourage trait while one of its guards lives (l. 545)."""
    return any(c.special.guard_of == leader.id and c.present for c in state.combatants)


# --- Brigands (l. 553-555) -----------------------------------------------------------------


def brigands(state: BattleState, side: str | None = None) -> list[Combatant]:
    return [
        c
        for c in state.combatants
        if creature_is(c, "Brigand") and c.present and (side is None or c.side == side)
    ]


def ambush_penalty(state: BattleState, fighter: Combatant) -> list[Modifier]:
    """Fleeing brigands is harder by the number of surviving brigands (l. 554)."""
    count = len([b for b in brigands(state) if b.side != fighter.side])
    return [Modifier(value=-count, reason="Ambush: surviving brigands")] if count else []


def cowardice(state: BattleState, brigand: Combatant) -> int:
    """-1 a roll for each allied brigand injured, -2 for each killed (l. 555)."""
    allies = [
        c
        for c in state.combatants
        if creature_is(c, "Brigand") and c.side == brigand.side and c.id != brigand.id
    ]
    injured = sum(1 for c in allies if c.present and c.health < c.max_health)
    killed = sum(1 for c in allies if c.dead)
    return injured * BRIGAND_INJURED_PENALTY + killed * BRIGAND_KILLED_PENALTY


def cowardly(state: BattleState, brigand: Combatant) -> list[Modifier]:
    if not creature_is(brigand, "Brigand"):
        return []
    penalty = cowardice(state, brigand)
    return [Modifier(value=-penalty, reason="Cowardly: fallen brigands")] if penalty else []


def brigands_break(state: BattleState, brigand: Combatant) -> bool:
    """When the penalty exceeds the surviving brigands, they attempt to flee (l. 555)."""
    survivors = len(brigands(state, brigand.side))
    return creature_is(brigand, "Brigand") and cowardice(state, brigand) > survivors


def yielded(sheet: CavernsSheet) -> CavernsSheet:
    """Surrendering to brigands: all gold, and one Vitae (l. 553)."""
    return sheet.model_copy(update={"gold": 0, "vitae": max(0, sheet.vitae - YIELD_VITAE)})


# --- Rockeater (l. 486) --------------------------------------------------------------------


def flee_attribute(fleeing: Combatant, usual: Attribute) -> Attribute:
    """A Rockeater may always use Metal to flee: the bot takes it, its best by far."""
    return Attribute.METAL if creature_is(fleeing, "Rockeater") else usual


def burrow_roll(dice: DiceSource, rockeater: Combatant) -> Roll:
    """Flee out with Metal from any row, at -3."""
    return plain_roll(
        dice,
        f"{rockeater.name} burrows away",
        [
            Modifier(value=rockeater.attribute(Attribute.METAL), reason=Attribute.METAL.label),
            Modifier(value=-BURROW_PENALTY, reason="burrowing"),
        ],
    )


# --- The Cloier (l. 607) -------------------------------------------------------------------


def split_damage(total: int, shares: int) -> list[int]:
    """Damage divided as equally as possible: the first ones take the remainder."""
    if shares < 1:
        return []
    each, rest = divmod(total, shares)
    return [each + (1 if i < rest else 0) for i in range(shares)]


# --- Cult Leader (l. 577-578) --------------------------------------------------------------


class Offering(StrEnum):
    CREATURE = "creature"
    HUMANOID = "humanoid"
    CULTIST = "cultist"


OFFERING_BONUS: Mapping[Offering, int] = {
    Offering.CREATURE: 0,
    Offering.HUMANOID: SACRIFICE_HUMANOID,
    Offering.CULTIST: SACRIFICE_CULTIST,
}


def indoctrinate(dice: DiceSource, leader: Combatant) -> Roll:
    """Roll +Fire; a 7+ converts the villager, a 6 or lower starts a fight."""
    return plain_roll(
        dice,
        f"{leader.name} indoctrinates",
        [Modifier(value=leader.attribute(Attribute.FIRE), reason=Attribute.FIRE.label)],
        target=INDOCTRINATION_CONVERTS,
    )


def sacrifice(dice: DiceSource, offering: Offering) -> tuple[int, int]:
    """2d6, each die raised by 1 for a humanoid, by 2 for a member of the cult."""
    bonus = OFFERING_BONUS[offering]
    return dice.roll(DIE_SIDES) + bonus, dice.roll(DIE_SIDES) + bonus


# --- Merchant (l. 585) ---------------------------------------------------------------------


class Purse(BaseModel):
    model_config = ConfigDict(frozen=True)

    wares: int
    gold: int
    faces: tuple[int, ...]


def merchant_purse(dice: DiceSource) -> Purse:
    """Wares 2d6 × 2d6 × 10; gold (2d6 + 2d6) × 10, the two sums read as the wares' are."""
    # Four 2d6: two multiplied for the wares, two added for the gold.
    faces = tuple(die.face for _ in range(MERCHANT_ROLLS) for die in roll_two_dice(dice))
    wares = (faces[0] + faces[1]) * (faces[2] + faces[3]) * MERCHANT_GOLD_FACTOR
    gold = (faces[4] + faces[5] + faces[6] + faces[7]) * MERCHANT_GOLD_FACTOR
    return Purse(wares=wares, gold=gold, faces=faces)


# --- Spidion (l. 465) ----------------------------------------------------------------------


def eggsac(spidion: Combatant) -> Combatant:
    """The Spidion's eggs: 3 Health, 3 Armour, no Damage, beside it."""
    return Combatant(
        id=0,
        name=EGGSAC,
        side=spidion.side,
        row=spidion.row,
        health=EGGSAC_HEALTH,
        max_health=EGGSAC_HEALTH,
        armour=EGGSAC_ARMOUR,
        attributes=dict.fromkeys(
            (Attribute.WIND, Attribute.WOOD, Attribute.WATER, Attribute.FIRE, Attribute.METAL), 0
        ),
        special=spidion.special.model_copy(update={"eggsac_of": spidion.id}),
    )


def spidion_of(state: BattleState, eggs: Combatant) -> Combatant | None:
    if eggs.special.eggsac_of is None:
        return None
    return next((c for c in state.combatants if c.id == eggs.special.eggsac_of), None)


# --- Destructive attacks (l. 377; Igasho l. 81; Taurian l. 92) ------------------------------


def sacrifice_armour(sheet: CavernsSheet) -> tuple[CavernsSheet, Item]:
    """A Taurian breaks one intact piece of armour to make the attack Destructive."""
    if sheet.race is not Race.TAURIAN:
        raise PawpostError("Only a Taurian sacrifices armour to make an attack Destructive.")
    intact = [i for i in sheet.armour if not i.broken]
    if len(intact) < TAURIAN_SACRIFICE:
        raise PawpostError("You have no intact armour to sacrifice.")
    piece = intact[0]
    equipment = list(sheet.equipment)
    equipment[equipment.index(piece)] = piece.model_copy(update={"broken": True})
    return sheet.model_copy(update={"equipment": tuple(equipment)}), piece


def expend_piece(sheet: CavernsSheet) -> tuple[CavernsSheet, str]:
    """Break one piece against a hit: Strong as the Tallest Tree's free pieces first (they
    break nothing), then an intact item, then the race's natural armour."""
    freed = spend_free_armour(sheet)
    if freed is not None:
        return freed, TALLEST_TREE_ARMOUR
    piece = next((i for i in sheet.armour if not i.broken), None)
    if piece is not None:
        equipment = list(sheet.equipment)
        equipment[equipment.index(piece)] = piece.model_copy(update={"broken": True})
        return sheet.model_copy(update={"equipment": tuple(equipment)}), piece.name
    if sheet.intact_bonus_armour:
        spent = sheet.bonus_armour_spent + 1
        return sheet.model_copy(update={"bonus_armour_spent": spent}), "natural armour"
    raise PawpostError("You have no intact armour left.")


def destructive_flourish(creature: str | None) -> bool:
    """A creature whose Flourish is Destructive (the Rockeater, the Cloier)."""
    if creature is None:
        return False
    try:
        found = find_creature(creature)
    except PawpostError:
        return False
    return found.flourish is Special.DESTRUCTIVE


# --- Late arrivals -------------------------------------------------------------------------


def arrive(state: BattleState, fighter: Combatant) -> BattleState:
    """A combatant joins a battle under way: a character at the end of the players' order; a
    battle that was decided for want of one side goes on with the next player's turn."""
    if state.phase is Phase.OVER:
        raise PawpostError("This battle is over.")
    state = place(state, fighter)
    if fighter.side == PARTY and state.phase is not Phase.SETUP:
        newest = state.combatants[-1]
        # A round that has wrapped to its start lets the newcomer, now last, act first.
        wrapped = state.next_player == 0 and bool(state.order)
        after = len(state.order) if wrapped else state.next_player
        state = state.model_copy(update={"order": [*state.order, newest.id], "next_player": after})
    if state.phase is Phase.DECIDED and state.players() and state.enemies() and state.order:
        state = _player_turn(state)
    return state


def reveal(state: BattleState, fighter: Combatant) -> BattleState:
    special = fighter.special.model_copy(update={"hidden": False})
    return replace(state, state.combatant(fighter.id).model_copy(update={"special": special}))


def visible(fighters: Sequence[Combatant]) -> list[Combatant]:
    return [c for c in fighters if not c.special.hidden]
