"""Fights (book l. 46-72): each side rolls Claws or Fangs, or Legs to dodge, and takes the
other's evens as scars. Between cats it is one round and most evens wins; against a non-cat the
rounds go on until the foes are out, the cat is dead, or an admin ends the fight.

Choices where the book and RULINGS are silent, made the way a player would expect:
- A fight roll is the trait's dice only: Advantage dice and Reputations are for Risks (book l. 25,
  84), and a fight is not a Risk. Banked Style may be spent, since it is good "on any roll you
  like" (book l. 115), and counts as evens on the fighter's first action; fights make no Style
  (RULINGS).
- A Crippled trait cannot be used to fight (it rolls no dice, book l. 41), and a cat under the
  Bauble Curse, "completely helpless" (book l. 138), cannot fight at all.
- Only the defender may dodge in a cat fight: the challenger started it to prove itself.
- Fighting Frenzy (book l. 188) gives a cat several actions a round, each an attack (with its
  own target against non-cats) or a dodge; against a cat, any dodge means it inflicts no scars
  and loses (book l. 68).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.cat.constants import MAX_POOL_DICE, MOST_FOES
from rules.cat.pools import PoolPart, check_style, roll_pool
from rules.cat.sheet import CatSheet, Rank, Trait, require_alive
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll


class Move(StrEnum):
    CLAWS = "claws"
    FANGS = "fangs"
    DODGE = "dodge"

    @property
    def trait(self) -> Trait:
        """Claws and Fangs hit with themselves; a dodge rolls Legs (book l. 70)."""
        return _MOVE_TRAITS[self]

    @property
    def attacks(self) -> bool:
        return self is not Move.DODGE


_MOVE_TRAITS = {Move.CLAWS: Trait.CLAWS, Move.FANGS: Trait.FANGS, Move.DODGE: Trait.LEGS}


class Side(StrEnum):
    CHALLENGER = "challenger"
    DEFENDER = "defender"


class CatAction(BaseModel):
    """One action against non-cats: a move and, for an attack, which foe (its index)."""

    model_config = ConfigDict(frozen=True)

    move: Move
    target: int = 0


class ActionRoll(BaseModel):
    model_config = ConfigDict(frozen=True)

    move: Move
    roll: Roll
    target: int | None = None  # the foe attacked, in a fight against non-cats

    @property
    def evens(self) -> int:
        return self.roll.total


class FighterRound(BaseModel):
    """A cat's actions in one round; Style spent is on the first action's roll."""

    model_config = ConfigDict(frozen=True)

    actions: tuple[ActionRoll, ...]
    style_spent: int = 0

    @property
    def dodged(self) -> bool:
        return any(not action.move.attacks for action in self.actions)

    @property
    def attack_evens(self) -> int:
        return sum(action.evens for action in self.actions if action.move.attacks)

    @property
    def dodge_evens(self) -> int:
        return sum(action.evens for action in self.actions if not action.move.attacks)


def usable_moves(sheet: CatSheet) -> tuple[Move, ...]:
    """The moves whose trait is not Crippled."""
    return tuple(move for move in Move if sheet.rank(move.trait) is not Rank.CRIPPLED)


def _can_fight(sheet: CatSheet, whose: str) -> None:
    require_alive(sheet, whose)
    if sheet.cursed:
        raise PawpostError(
            f"{whose} is under the Bauble Curse and can do nothing but try to break free."
        )
    if not usable_moves(sheet):
        raise PawpostError(f"{whose}'s Claws, Fangs and Legs are all Crippled, so it cannot fight.")


def require_fighter(sheet: CatSheet, whose: str) -> None:
    """Refuse a fight to a dead or cursed cat, or one with no trait left to fight with."""
    _can_fight(sheet, whose)


def _roll_actions(
    sheet: CatSheet,
    actions: Sequence[CatAction],
    allowed: int,
    dice: DiceSource,
    *,
    style: int,
    whose: str,
    with_targets: bool,
) -> FighterRound:
    if not actions:
        raise PawpostError(f"Choose a move for {whose.lower()}.")
    if len(actions) > allowed:
        noun = "action" if allowed == 1 else "actions"
        raise PawpostError(f"{whose} has {allowed} {noun} this round; you chose {len(actions)}.")
    for action in actions:
        if sheet.rank(action.move.trait) is Rank.CRIPPLED:
            raise PawpostError(
                f"{whose}'s {action.move.trait.label} is Crippled; choose another move."
            )
    check_style(sheet, style, whose)
    rolled: list[ActionRoll] = []
    for number, action in enumerate(actions, start=1):
        trait = action.move.trait
        label = trait.label if action.move.attacks else f"{trait.label} (dodge)"
        if len(actions) > 1:
            label = f"{label}, action {number}"
        part = PoolPart(reason=f"{trait.label} ({sheet.rank(trait).label})", dice=sheet.dice(trait))
        roll = roll_pool((part,), dice, label=label, style=style if number == 1 else 0)
        target = action.target if with_targets and action.move.attacks else None
        rolled.append(ActionRoll(move=action.move, roll=roll, target=target))
    return FighterRound(actions=tuple(rolled), style_spent=style)


def _pay_style(sheet: CatSheet, style: int) -> CatSheet:
    return sheet.model_copy(update={"style": sheet.style - style})


# Cat against cat.


class CatFightResult(BaseModel):
    """The one round of a cat fight (book l. 52-56, 68)."""

    model_config = ConfigDict(frozen=True)

    challenger: FighterRound
    defender: FighterRound

    @property
    def challenger_hits(self) -> int:
        return 0 if self.challenger.dodged else self.challenger.attack_evens

    @property
    def defender_hits(self) -> int:
        """A dodging cat "inflicts no Scars at all" (book l. 68)."""
        return 0 if self.defender.dodged else self.defender.attack_evens

    @property
    def challenger_scars(self) -> int:
        return max(0, self.defender_hits - self.challenger.dodge_evens)

    @property
    def defender_scars(self) -> int:
        """The other cat's evens, less the dodger's own Legs evens (RULINGS)."""
        return max(0, self.challenger_hits - self.defender.dodge_evens)

    @property
    def winner(self) -> Side:
        """Most evens wins, whatever Lives later cancel (book l. 56); a dodger loses (l. 68);
        a tie goes to the defender (RULINGS)."""
        if self.defender.dodged:
            return Side.CHALLENGER
        if self.challenger.attack_evens > self.defender.attack_evens:
            return Side.CHALLENGER
        return Side.DEFENDER


class CatFought(BaseModel):
    """The round, and both sheets after it (Style spent is gone; scars are placed next)."""

    model_config = ConfigDict(frozen=True)

    result: CatFightResult
    challenger_sheet: CatSheet
    defender_sheet: CatSheet


def roll_cat_side(
    sheet: CatSheet,
    moves: Sequence[Move],
    dice: DiceSource,
    *,
    side: Side,
    actions: int = 1,
    style: int = 0,
) -> FighterRound:
    """One side of a cat fight rolled on its own (the challenger first, the defender when its
    player answers); `CatFightResult(challenger=..., defender=...)` settles the two."""
    whose = "The challenger" if side is Side.CHALLENGER else "The defender"
    _can_fight(sheet, whose)
    if side is Side.CHALLENGER and Move.DODGE in moves:
        raise PawpostError(
            "The cat who starts a fight attacks with Claws or Fangs; only the defender can dodge."
        )
    return _roll_actions(
        sheet,
        [CatAction(move=move) for move in moves],
        actions,
        dice,
        style=style,
        whose=whose,
        with_targets=False,
    )


def cat_fight(
    challenger: CatSheet,
    challenger_moves: Sequence[Move],
    defender: CatSheet,
    defender_moves: Sequence[Move],
    dice: DiceSource,
    *,
    challenger_actions: int = 1,
    defender_actions: int = 1,
    challenger_style: int = 0,
    defender_style: int = 0,
) -> CatFought:
    """One quick scuffle: the challenger's dice are rolled first, then the defender's. More
    than one move each needs Fighting Frenzy's actions."""
    _can_fight(challenger, "The challenger")
    _can_fight(defender, "The defender")
    if Move.DODGE in challenger_moves:
        raise PawpostError(
            "The cat who starts a fight attacks with Claws or Fangs; only the defender can dodge."
        )
    attacker_round = _roll_actions(
        challenger,
        [CatAction(move=move) for move in challenger_moves],
        challenger_actions,
        dice,
        style=challenger_style,
        whose="The challenger",
        with_targets=False,
    )
    defender_round = _roll_actions(
        defender,
        [CatAction(move=move) for move in defender_moves],
        defender_actions,
        dice,
        style=defender_style,
        whose="The defender",
        with_targets=False,
    )
    return CatFought(
        result=CatFightResult(challenger=attacker_round, defender=defender_round),
        challenger_sheet=_pay_style(challenger, challenger_style),
        defender_sheet=_pay_style(defender, defender_style),
    )


# Cat against non-cats.


class Foe(BaseModel):
    """A dog, rat or Boggin: an admin gives its dice and how many scars it can take (RULINGS)."""

    model_config = ConfigDict(frozen=True)

    name: str
    dice: int = Field(ge=1, le=MAX_POOL_DICE)
    scars_to_defeat: int = Field(ge=1)
    scars_taken: int = Field(default=0, ge=0)

    @property
    def out(self) -> bool:
        return self.scars_taken >= self.scars_to_defeat


def make_foe(name: str, dice: int, scars: int) -> Foe:
    """A foe as an admin typed it, refused with one sentence when it cannot fight."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise PawpostError("A foe needs a name.")
    if dice < 1:
        raise PawpostError(f"A foe rolls at least 1 die; you gave {dice}.")
    if dice > MAX_POOL_DICE:
        raise PawpostError(f"A foe rolls at most {MAX_POOL_DICE} dice; you gave {dice}.")
    if scars < 1:
        raise PawpostError(f"A foe must be able to take at least 1 scar; you gave {scars}.")
    return Foe(name=cleaned, dice=dice, scars_to_defeat=scars)


class FightEnd(StrEnum):
    FOES_OUT = "foes-out"
    CAT_DEAD = "cat-dead"
    CAT_HELPLESS = "cat-helpless"  # alive, but its Claws, Fangs and Legs are all Crippled
    ENDED_BY_ADMIN = "ended-by-admin"


class NonCatFight(BaseModel):
    """A fight against non-cats between rounds. `frenzy_actions` is set once Fighting Frenzy
    worked, and lasts the fight (RULINGS)."""

    model_config = ConfigDict(frozen=True)

    foes: tuple[Foe, ...]
    rounds: int = 0
    frenzy_actions: int | None = None
    ended: FightEnd | None = None

    @property
    def actions(self) -> int:
        return self.frenzy_actions or 1


class FoeRoll(BaseModel):
    model_config = ConfigDict(frozen=True)

    foe: int
    roll: Roll


class NonCatRound(BaseModel):
    """One round: the cat's actions, each foe's roll, the scars each foe took and the cat's."""

    model_config = ConfigDict(frozen=True)

    number: int
    cat: FighterRound
    foe_rolls: tuple[FoeRoll, ...]
    foe_scars: dict[int, int]
    cat_scars: int


class RoundFought(BaseModel):
    """The fight after the round, the round, and the cat's sheet (Style spent is gone; its
    scars are placed next, then `after_scars`)."""

    model_config = ConfigDict(frozen=True)

    fight: NonCatFight
    round: NonCatRound
    sheet: CatSheet


def start_fight(foes: Sequence[Foe], frenzy_actions: int | None = None) -> NonCatFight:
    """A fight against `foes`, with a Fighting Frenzy's actions when the cat played it first."""
    if not foes:
        raise PawpostError("A fight needs at least one foe.")
    if len(foes) > MOST_FOES:
        raise PawpostError(f"A fight holds at most {MOST_FOES} foes.")
    return NonCatFight(foes=tuple(foes), frenzy_actions=frenzy_actions)


def _require_going_on(fight: NonCatFight) -> None:
    if fight.ended is not None:
        raise PawpostError("This fight is over.")


def with_frenzy(fight: NonCatFight, actions: int) -> NonCatFight:
    """The fight once the cat's Fighting Frenzy worked: `actions` a round from now on."""
    _require_going_on(fight)
    if fight.frenzy_actions is not None:
        raise PawpostError("The cat is already in a Fighting Frenzy.")
    if actions < 1:
        raise ValueError("a frenzy gives at least one action")
    return fight.model_copy(update={"frenzy_actions": actions})


def fight_round(
    fight: NonCatFight,
    sheet: CatSheet,
    actions: Sequence[CatAction],
    dice: DiceSource,
    *,
    style: int = 0,
) -> RoundFought:
    """One throw of the dice (book l. 62): the cat's actions are rolled, then every foe still
    in; each takes scars equal to the evens rolled against it."""
    _require_going_on(fight)
    _can_fight(sheet, "The cat")
    for action in actions:
        if not action.move.attacks:
            continue
        if not 0 <= action.target < len(fight.foes):
            raise PawpostError("That foe is not in this fight.")
        if fight.foes[action.target].out:
            raise PawpostError(f"{fight.foes[action.target].name} is already out of the fight.")
    cat_round = _roll_actions(
        sheet, actions, fight.actions, dice, style=style, whose="The cat", with_targets=True
    )
    foe_rolls = tuple(
        FoeRoll(
            foe=index,
            roll=roll_pool((PoolPart(reason=foe.name, dice=foe.dice),), dice, label=foe.name),
        )
        for index, foe in enumerate(fight.foes)
        if not foe.out
    )
    foe_scars: dict[int, int] = {}
    for rolled in cat_round.actions:
        if rolled.target is not None and rolled.evens:
            foe_scars[rolled.target] = foe_scars.get(rolled.target, 0) + rolled.evens
    foes = tuple(
        foe.model_copy(update={"scars_taken": foe.scars_taken + foe_scars.get(index, 0)})
        for index, foe in enumerate(fight.foes)
    )
    incoming = sum(foe_roll.roll.total for foe_roll in foe_rolls)
    number = fight.rounds + 1
    fight = fight.model_copy(
        update={
            "foes": foes,
            "rounds": number,
            "ended": FightEnd.FOES_OUT if all(foe.out for foe in foes) else None,
        }
    )
    return RoundFought(
        fight=fight,
        round=NonCatRound(
            number=number,
            cat=cat_round,
            foe_rolls=foe_rolls,
            foe_scars=foe_scars,
            cat_scars=max(0, incoming - cat_round.dodge_evens),
        ),
        sheet=_pay_style(sheet, style),
    )


def after_scars(fight: NonCatFight, sheet: CatSheet) -> NonCatFight:
    """Once the round's scars are placed (book l. 64): a dead cat ends the fight, and so does
    one with no trait left to fight with (it can neither hit nor dodge)."""
    if fight.ended is None and sheet.dead:
        return fight.model_copy(update={"ended": FightEnd.CAT_DEAD})
    if fight.ended is None and not usable_moves(sheet):
        return fight.model_copy(update={"ended": FightEnd.CAT_HELPLESS})
    return fight


def with_foes(fight: NonCatFight, foes: Sequence[Foe]) -> NonCatFight:
    """More foes join the fight between rounds ("three opponents", book l. 188)."""
    _require_going_on(fight)
    if len(fight.foes) + len(foes) > MOST_FOES:
        raise PawpostError(f"A fight holds at most {MOST_FOES} foes.")
    return fight.model_copy(update={"foes": (*fight.foes, *foes)})


def end_fight(fight: NonCatFight) -> NonCatFight:
    """An admin ends the fight."""
    _require_going_on(fight)
    return fight.model_copy(update={"ended": FightEnd.ENDED_BY_ADMIN})
