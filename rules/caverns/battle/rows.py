"""The battlefield (book l. 405-427): sides with a front and a back row, ranges between rows,
the line closing when a front row empties, and the turn order alternating player and enemy.
Pure: the state is kept whole in the core's combat tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field

from rules.caverns.attributes import Attribute
from rules.caverns.battle.bestiary import NPC_HARMONY, NPC_VITAE, Creature
from rules.caverns.battle.conditions import ConditionTrack
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.flourishes import PendingFlourish
from rules.caverns.battle.marks import Smudge, Struck, Trap, TurnOver
from rules.caverns.battle.special_state import SpecialState
from rules.caverns.catalogue import Range
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.constants import ARMOUR_BLOCKS
from rules.caverns.moves import FleeRoute
from rules.caverns.records import Poisoning
from rules.caverns.rolling import Band, plain_roll, subtracted
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

PARTY = "party"  # the player characters' side (RULINGS: they are always one side)
MOST_COMBATANTS = 40
MOST_SIDES = 4
# How many rows away each range reaches (l. 408; RULINGS: Ranged any row).
RANGE_ROWS: Mapping[Range, int] = {Range.MELEE: 1, Range.REACH: 2, Range.RANGED: 3}


class Row(StrEnum):
    FRONT = "front"
    BACK = "back"


class Phase(StrEnum):
    SETUP = "setup"  # the MC is still placing combatants and fixing the order
    PLAYER = "player"
    ENEMY = "enemy"
    DECIDED = "decided"  # one side is down or gone: the MC closes it with /battle end
    OVER = "over"


class Combatant(BaseModel):
    """One fighter: a character (its sheet holds its Health) or an NPC (held here)."""

    id: int
    name: str
    side: str
    row: Row
    character_id: int | None = None
    creature: str | None = None  # the bestiary template, if any
    health: int = 0
    max_health: int = 0
    damage: int = 0
    armour: int = 0
    saves_armour: bool = False  # an NPC's, the MC's choice: its armour only for a killing blow
    range: Range = Range.MELEE
    attributes: dict[Attribute, int] = Field(default_factory=dict)
    vitae: int = NPC_VITAE
    harmony: int = NPC_HARMONY
    dead: bool = False
    gone: bool = False  # fled the battle
    leaving: bool = False  # Flee 7-9 out: leaves at the start of its next turn
    retreat: bool = False  # Flee 7-9 to the back row (or home): moves at its next turn's start
    acted: bool = False  # has had a turn (the Cave Fisher's Lure is its first)
    conditions: tuple[ActiveCondition, ...] = ()  # an NPC's; a character's are on its sheet
    poisoning: Poisoning | None = None  # an NPC's (l. 389); a character's is on its sheet
    among: str | None = None  # the side whose rows it stands in, if not its own (Infiltrate)
    illusion_row: str | None = None  # where its Illusions go (a row key; None: its own row)
    masked_from: str | None = None  # Masquerade: the side that cannot attack it
    masked_turn: int = 0  # the turn Masquerade began (it lasts to the end of its next turn)
    harrying: int | None = None  # Harry: the foe its companion keeps Bound
    main_hand: str | None = None  # a character's hands, once it says (l. 370); None: not said
    off_hand: str | None = None
    turns_done: int = 0  # its turns that have ended (Ambush follows the first)
    special: SpecialState = Field(default_factory=SpecialState)  # its special's bookkeeping

    @property
    def is_npc(self) -> bool:
        return self.character_id is None

    @property
    def present(self) -> bool:
        return not self.dead and not self.gone

    def attribute(self, attribute: Attribute) -> int:
        return self.attributes.get(attribute, 0)

    @property
    def ground(self) -> str:
        """The side whose rows it stands in: its own, or the enemy's it infiltrated."""
        return self.among or self.side

    def condition(self, condition: Condition) -> ActiveCondition | None:
        return next((a for a in self.conditions if a.condition is condition), None)


class BattleEvent(BaseModel):
    """One line of a step's story, with the roll it came from."""

    text: str
    roll: Roll | None = None


class LastHit(BaseModel):
    """The latest Health a character lost, which its armour may still negate."""

    combatant: int
    amount: int
    version: int


class Blockable(BaseModel):
    """An affliction just put on a character that a piece of its armour may still block."""

    combatant: int
    condition: Condition
    version: int


class BattleState(BaseModel):
    """The whole battle: who stands where, the players' order and whose turn it is."""

    phase: Phase = Phase.SETUP
    version: int = 0
    turn: int = 0  # how many turns have been taken
    combatants: list[Combatant] = Field(default_factory=list)
    sides: list[str] = Field(default_factory=lambda: [PARTY])
    order: list[int] = Field(default_factory=list)  # the players' combatant ids, in turn order
    next_player: int = 0  # index into order
    current: int | None = None  # the player combatant whose turn it is
    last_enemy: int | None = None
    hits: list[LastHit] = Field(default_factory=list)
    blockable: list[Blockable] = Field(default_factory=list)
    checked_turn: int | None = None  # the turn whose before-acting checks have run
    effects: list[Effect] = Field(default_factory=list)  # skills' standing effects
    illusions: dict[str, int] = Field(default_factory=dict)  # row key -> Illusions there
    smudges: list[Smudge] = Field(default_factory=list)
    traps: list[Trap] = Field(default_factory=list)
    struck: Struck | None = None
    turn_over: TurnOver | None = None
    flourish: PendingFlourish | None = None  # a Flourish the attacker may still pick
    condition_track: ConditionTrack = Field(default_factory=ConditionTrack)
    sunlight: bool = False  # the MC says the battle is fought in sunlight (Lucidians, l. 86)
    enemy_acting: int | None = None  # an enemy whose 7+ Advance lets it act again this turn
    waiting_since: datetime | None = None  # when the choices the battle waits for were offered

    @property
    def attacker(self) -> int | None:
        """The character whose turn it is (the combats table's column names a character)."""
        current = next((c for c in self.combatants if c.id == self.current), None)
        return None if current is None else current.character_id

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def combatant(self, combatant_id: int) -> Combatant:
        for fighter in self.combatants:
            if fighter.id == combatant_id:
                return fighter
        raise PawpostError("No such combatant in this battle.")

    def by_name(self, name: str) -> Combatant:
        key = " ".join(name.strip().lower().split())
        for fighter in self.combatants:
            if fighter.name.lower() == key:
                return fighter
        if key.endswith(FIRST_OF_SEVERAL):  # "Brigand 1": the first Brigand, beside Brigand 2
            first = key.removesuffix(FIRST_OF_SEVERAL)
            for fighter in self.combatants:
                if fighter.name.lower() == first:
                    return fighter
        raise PawpostError(f'Nobody called "{name.strip()}" is in this battle.')

    def of_character(self, character_id: int) -> Combatant | None:
        return next((c for c in self.combatants if c.character_id == character_id), None)

    def enemies(self) -> list[Combatant]:
        return [c for c in self.combatants if c.side != PARTY and c.present]

    def players(self) -> list[Combatant]:
        return [c for c in self.combatants if c.side == PARTY and c.present]


def _next_id(state: BattleState) -> int:
    return max((c.id for c in state.combatants), default=0) + 1


FIRST_OF_SEVERAL = " 1"  # the first of several is named plainly; the next ones " 2", " 3"…


def _unique_name(state: BattleState, name: str) -> str:
    taken = {c.name.lower() for c in state.combatants}
    if name.lower() not in taken:
        return name
    number = 2
    while f"{name} {number}".lower() in taken:
        number += 1
    return f"{name} {number}"


def place(state: BattleState, fighter: Combatant) -> BattleState:
    """Add a combatant (its id and a unique name given here); a new side is added after."""
    if len(state.combatants) >= MOST_COMBATANTS:
        raise PawpostError(f"A battle holds at most {MOST_COMBATANTS} combatants.")
    if state.is_over:
        raise PawpostError("This battle is over.")
    sides = list(state.sides)
    if fighter.side not in sides:
        if len(sides) >= MOST_SIDES:
            raise PawpostError(f"A battle has at most {MOST_SIDES} sides.")
        sides.append(fighter.side)
    placed = fighter.model_copy(
        update={"id": _next_id(state), "name": _unique_name(state, fighter.name)}
    )
    return close_lines(
        state.model_copy(update={"combatants": [*state.combatants, placed], "sides": sides})
    )


def npc(creature: Creature, side: str, row: Row, *, health: int | None = None) -> Combatant:
    """A bestiary creature as a combatant (the Hyfae's pooled Health is given)."""
    life = creature.health if health is None else health
    if life is None:
        raise PawpostError(f"{creature.name}'s Health depends on the battle; give it.")
    return Combatant(
        id=0,
        name=creature.name.split(" (")[0],
        side=side,
        row=row,
        creature=creature.name,
        health=life,
        max_health=life,
        damage=creature.damage,
        armour=creature.armour,
        range=creature.range,
        attributes=creature.attributes_at(life),
    )


# --- Rows and ranges (l. 405-411) ----------------------------------------------------------


def _position(fighter: Combatant, left: str, right: str) -> int:
    """[left back 0][left front 1][right front 2][right back 3]: where it stands (an
    infiltrator in the rows it entered; one among a third side in its own front row)."""
    ground = fighter.ground
    if ground not in (left, right):
        ground = fighter.side
    if ground == left:
        return 0 if fighter.row is Row.BACK else 1
    if ground == right:
        return 3 if fighter.row is Row.BACK else 2
    return 1


def rows_between(a: Combatant, b: Combatant) -> int:
    """How many rows apart two combatants are (each enemy side faces the other pairwise)."""
    right = b.side if b.side != a.side else (b.among or a.among or "")
    return abs(_position(a, a.side, right) - _position(b, a.side, right))


def in_reach(attacker: Combatant, target: Combatant, weapon: Range | None = None) -> bool:
    """Melee reaches the adjacent row, Reach two rows, Ranged any (l. 408, RULINGS)."""
    reach = RANGE_ROWS[weapon or attacker.range]
    return target.present and rows_between(attacker, target) <= reach


def close_lines(state: BattleState) -> BattleState:
    """A side whose front row is empty moves its back row up (l. 409-411)."""
    fighters = list(state.combatants)
    for side in state.sides:
        present = [c for c in fighters if c.side == side and c.present and c.among is None]
        if present and not any(c.row is Row.FRONT for c in present):
            fighters = [
                c.model_copy(update={"row": Row.FRONT}) if c in present else c for c in fighters
            ]
    return state.model_copy(update={"combatants": fighters})


def may_leave(state: BattleState, fighter: Combatant) -> bool:
    """Out of the battle only with no occupied back row behind you (l. 284)."""
    if fighter.row is Row.BACK:
        return True
    return not any(
        c.side == fighter.side and c.present and c.row is Row.BACK and c.among is None
        for c in state.combatants
    )


# --- Turns (l. 413-427) --------------------------------------------------------------------


def begin(state: BattleState, order: list[int]) -> BattleState:
    """The MC fixes the players' order; the first player's turn begins."""
    players = {c.id for c in state.players()}
    if not order or set(order) != players or len(order) != len(players):
        raise PawpostError("Name every character in the battle once, in the order they act.")
    if not state.enemies():
        raise PawpostError("Add at least one enemy before the battle begins.")
    began = state.model_copy(update={"order": order, "next_player": 0, "phase": Phase.PLAYER})
    return _player_turn(began)


def _player_turn(state: BattleState) -> BattleState:
    """The next present player in the order acts; one that fled on a 7-9 escapes first (l. 286):
    out of the battle (and the next player acts), or to where it fled, and then acts."""
    fighters = list(state.combatants)
    index = state.next_player
    for _ in range(len(state.order)):
        fighter = next(c for c in fighters if c.id == state.order[index % len(state.order)])
        index += 1
        if fighter.present and (fighter.leaving or fighter.retreat):
            escaped = escape(fighter)
            fighters = [escaped if c.id == fighter.id else c for c in fighters]
            if not escaped.present:
                continue
            fighter = escaped
        if fighter.present:
            moved = state.model_copy(update={"combatants": fighters})
            return close_lines(moved).model_copy(
                update={
                    "phase": Phase.PLAYER,
                    "current": fighter.id,
                    "next_player": index % len(state.order),
                }
            )
    return close_lines(state.model_copy(update={"combatants": fighters})).model_copy(
        update={"phase": Phase.DECIDED, "current": None}
    )


def escape(fighter: Combatant) -> Combatant:
    """A Flee's 7-9 comes true as its next turn starts: out of the battle, to the back row, or
    from the enemy rows back to its own front row."""
    if fighter.leaving:
        return fighter.model_copy(update={"gone": True, "leaving": False})
    if fighter.among is not None:
        return fighter.model_copy(update={"among": None, "row": Row.FRONT, "retreat": False})
    return fighter.model_copy(update={"row": Row.BACK, "retreat": False})


def end_turn(state: BattleState) -> BattleState:
    """After a player's turn the enemies act, after an enemy's the next player (l. 413); what
    lasted "for the rest of the turn" ends (Advance's 10+, l. 290)."""
    effects = [e for e in state.effects if e.kind is not EffectKind.TURN_DAMAGE]
    state = close_lines(state).model_copy(
        update={"turn": state.turn + 1, "effects": effects, "enemy_acting": None}
    )
    if not state.players() or not state.enemies():
        return state.model_copy(update={"phase": Phase.DECIDED, "current": None})
    if state.phase is Phase.PLAYER:
        return _enemies_turn(state)
    return _player_turn(state)


def _enemies_turn(state: BattleState) -> BattleState:
    """The enemies' turn begins: an enemy that fled on a 7-9 escapes now (l. 286)."""
    fighters = [
        escape(c) if c.side != PARTY and c.present and (c.leaving or c.retreat) else c
        for c in state.combatants
    ]
    state = close_lines(state.model_copy(update={"combatants": fighters}))
    if not state.enemies():
        return state.model_copy(update={"phase": Phase.DECIDED, "current": None})
    return state.model_copy(update={"phase": Phase.ENEMY, "current": None})


def check_enemy_may_act(state: BattleState, enemy: Combatant) -> None:
    """On the enemies' turn one enemy acts, never the same twice in a row where another can."""
    if state.phase is not Phase.ENEMY:
        raise PawpostError("It is not the enemies' turn.")
    if enemy.side == PARTY or not enemy.present:
        raise PawpostError(f"{enemy.name} is not an enemy still in the battle.")
    if state.enemy_acting is not None:
        advancing = state.combatant(state.enemy_acting)
        if enemy.id == advancing.id:
            return
        raise PawpostError(
            f"{advancing.name} advanced and may still act this turn: it acts now, or the MC "
            "passes with /battle skip."
        )
    others = sorted(  # one still hiding (an Assassin) is not named
        (c for c in state.enemies() if c.id != enemy.id), key=lambda c: c.special.hidden
    )
    if enemy.id == state.last_enemy and others:
        raise PawpostError(
            f"{enemy.name} acted last time; another enemy ({others[0].name}) must act now."
        )


def enemy_acted(state: BattleState, enemy: Combatant) -> BattleState:
    """The enemy has had its turn; the next player's begins."""
    done = replace(state, state.combatant(enemy.id).model_copy(update={"acted": True}))
    return end_turn(done.model_copy(update={"last_enemy": enemy.id}))


def whose_turn(state: BattleState) -> str:
    if state.phase is Phase.SETUP:
        return "The MC is setting up the battle."
    if state.phase is Phase.DECIDED:
        return "The fighting is over; the MC closes the battle with /battle end."
    if state.phase is Phase.OVER:
        return "The battle is over."
    if state.phase is Phase.ENEMY:
        return _enemies_to_act(state)
    return f"{state.combatant(state.current or 0).name}'s turn."


def _enemies_to_act(state: BattleState) -> str:
    """Which enemies may act (l. 415-417): any but the one that acted last, where another can;
    one whose 7+ Advance left it an action."""
    if state.enemy_acting is not None:
        advancing = state.combatant(state.enemy_acting).name
        return f"The enemies' turn: {advancing} advanced and may still act (or the MC skips)."
    movers = [c for c in state.enemies() if not c.special.hidden]
    allowed = [c for c in movers if c.id != state.last_enemy] or movers
    names = ", ".join(c.name for c in allowed)
    last = next((c for c in movers if c.id == state.last_enemy), None)
    held = (
        f"; not {last.name}, which acted last" if last is not None and last not in allowed else ""
    )
    return (
        f"The enemies' turn: the MC picks one to act ({names}{held})."
        if names
        else ("The enemies' turn: the MC picks one to act.")
    )


def replace(state: BattleState, fighter: Combatant) -> BattleState:
    """The state with one combatant changed."""
    return state.model_copy(
        update={"combatants": [fighter if c.id == fighter.id else c for c in state.combatants]}
    )


def harm_npc(
    fighter: Combatant, amount: int, *, ignore_armour: bool = False
) -> tuple[Combatant, int]:
    """An NPC loses Health: a piece of its armour negates up to 3 of the hit (l. 298) unless
    the attack is Destructive (l. 377). It spends one against every hit while it has some, or,
    where the MC saves its armour, only against a hit that would kill it. Returns it and the
    Health lost."""
    armour = fighter.armour
    wanted = not fighter.saves_armour or amount >= fighter.health
    if amount > 0 and armour > 0 and not ignore_armour and wanted:
        amount = max(0, amount - ARMOUR_BLOCKS)
        armour -= 1
    lost = min(amount, fighter.health)
    health = fighter.health - lost
    return fighter.model_copy(
        update={"health": health, "armour": armour, "dead": health == 0}
    ), lost


def npc_afflicted(
    fighter: Combatant, condition: Condition, *, from_flourish: bool = False, note: str = ""
) -> Combatant:
    """An NPC with a condition added; inflicted again it starts afresh (as on a sheet)."""
    old = fighter.condition(condition)
    fresh = ActiveCondition(
        condition=condition,
        from_flourish=from_flourish and (old is None or old.from_flourish),
        note=note,
    )
    others = tuple(a for a in fighter.conditions if a.condition is not condition)
    return fighter.model_copy(update={"conditions": (*others, fresh)})


def npc_cured(fighter: Combatant, condition: Condition) -> Combatant:
    """An NPC without the condition (no change if it is not there)."""
    kept = tuple(a for a in fighter.conditions if a.condition is not condition)
    return fighter.model_copy(update={"conditions": kept})


def enemy_attack(
    enemy: Combatant,
    target: str,
    target_wind: int,
    dice: DiceSource,
    modifiers: Sequence[Modifier] = (),
) -> Roll:
    """An enemy's Do Battle (RULINGS): 2d6 + its Wood − the character's Wind (and `modifiers`:
    its conditions' penalties, what the target's skills add, such as Dodge)."""
    return plain_roll(
        dice,
        f"{enemy.name} does battle with {target}",
        [
            Modifier(value=enemy.attribute(Attribute.WOOD), reason=f"{enemy.name}'s Wood"),
            subtracted(target_wind, f"{target}'s Wind"),
            *modifiers,
        ],
    )


def flee_route(state: BattleState, fighter: Combatant) -> FleeRoute:
    """Front to back while your back row is occupied, else out: by the row you stand in.
    From the enemy rows it is back to your own front row, rolled like front to back."""
    if fighter.among is not None:
        return FleeRoute.FRONT_TO_BACK
    if fighter.row is Row.BACK:
        return FleeRoute.BACK_TO_OUT
    return FleeRoute.FRONT_TO_OUT if may_leave(state, fighter) else FleeRoute.FRONT_TO_BACK


def fled(state: BattleState, fighter: Combatant, route: FleeRoute, band: Band) -> BattleState:
    """Where a Flee leaves the fighter (l. 285-287): on a 10+ it escapes at the end of this
    turn (gone, in its back row, or home from the enemy rows) before enemies can attack; on a
    7-9 it escapes at the start of its next turn, attackable where it stands until then; on a
    6- it stays."""
    if band is Band.MISS:
        return state
    if band is Band.WEAK:
        out = route is not FleeRoute.FRONT_TO_BACK and fighter.among is None
        waiting = fighter.model_copy(update={"leaving": out, "retreat": not out})
        return replace(state, waiting)
    if fighter.among is not None:
        moved = fighter.model_copy(update={"among": None, "row": Row.FRONT})
    elif route is FleeRoute.FRONT_TO_BACK:
        moved = fighter.model_copy(update={"row": Row.BACK})
    else:
        moved = fighter.model_copy(update={"gone": True})
    return close_lines(replace(state, moved))


# --- Melee range and the party's opponents (Lake's mist, Dodge, Backflip) ------------------


def beyond_melee(a: Combatant, b: Combatant) -> bool:
    return rows_between(a, b) > RANGE_ROWS[Range.MELEE]


def is_enemy(fighter: Combatant, of: Combatant) -> bool:
    """The party's opponents are every other side (RULINGS: the party is always one side)."""
    return (fighter.side == PARTY) != (of.side == PARTY)


# --- Rows by key ("enemies:front"): Illusions, Stealth and Hunting name rows so ------------


def row_key(side: str, row: Row) -> str:
    """A row of the battlefield: "enemies:front", "party:back"."""
    return f"{side}:{row.value}"


def standing(fighter: Combatant) -> str:
    """The row a combatant stands in (an infiltrator: the enemy row it entered)."""
    return row_key(fighter.ground, fighter.row)


def row_label(key: str) -> str:
    """ "the enemies' front row"."""
    side, _, row = key.partition(":")
    return f"the {side} side's {row} row"


def parse_row(state: BattleState, text: str, own_side: str) -> str:
    """A row as typed: "front" or "back" (your own side's), or "<side> front|back"."""
    words = " ".join(text.strip().lower().replace(":", " ").split()).split(" ")
    try:
        row = Row(words[-1])
    except ValueError:
        raise PawpostError(
            'Name a row: "front", "back", or a side and a row ("enemies front").'
        ) from None
    side = " ".join(words[:-1]) or own_side
    if side not in state.sides:
        raise PawpostError(f'No side called "{side}" is in this battle: {", ".join(state.sides)}.')
    return row_key(side, row)


def in_row(state: BattleState, key: str) -> list[Combatant]:
    """The combatants present in a row."""
    return [c for c in state.combatants if c.present and standing(c) == key]
