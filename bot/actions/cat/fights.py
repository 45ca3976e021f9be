"""Cat against cat (book l. 50-56, 66-72): the challenger rolls Claws or Fangs at once; the
defender's player picks Claws, Fangs or Dodge by button through the shared contest flow (an
admin rolls for an absent one after the timeout). Each side takes the other's evens as scars
and places them, or spends a Life on them; most evens wins, a tie goes to the defender, and a
dodger inflicts none and loses."""

from __future__ import annotations

from datetime import datetime

from bot.actions.cat import foe_flow
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.cat.owed import fight_with_owed
from bot.actions.cat.roll_view import rolled
from bot.actions.cat.wound_view import open_wound, show_button
from bot.actions.contests import Defence, contest_buttons, open_contest
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, named
from bot.actions.reply import Button, Reply
from bot.actions.roll import clean_reason
from rules.cat.fights import (
    ActionRoll,
    CatFightResult,
    FighterRound,
    Move,
    Side,
    require_fighter,
    roll_cat_side,
    usable_moves,
)
from rules.cat.sheet import CatSheet, Rank
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.cat.wounds import WoundSource
from storage.contests import Contest
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

DEFENCES: tuple[Move, ...] = (Move.CLAWS, Move.FANGS, Move.DODGE)  # the buttons, in order
ATTACKS = (Move.CLAWS, Move.FANGS)


def _move(text: str) -> Move:
    try:
        move = Move(text.strip().lower())
    except ValueError:
        move = None
    if move not in ATTACKS:
        raise PawpostError(f"A cat starts a fight with claws or fangs; you gave {safe(text)}.")
    return move


def _not_in_a_foe_fight(tx: Transaction, cat_: Character) -> None:
    if foe_flow.active_fight(tx, cat_) is not None:
        raise PawpostError(f"{safe(cat_.name)} is fighting a non-cat; that fight comes first.")


def roll_side(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    fighter: Character,
    move: Move,
    dice: DiceSource,
    now: datetime,
    *,
    side: Side,
    style: int | None = None,
) -> tuple[FighterRound, list[str]]:
    """One side's roll: the scars it owes placed first (it fights with them), its Fighting
    Frenzy's actions, and the Style it spends (`style`, else what it readied); the sheet is
    saved with the Style and the Frenzy used up."""
    lines = fight_with_owed(tx, actor, guild, fighter, now)
    sheet = cat_sheet(fighter)
    spent = min(sheet.style_ready, sheet.style) if style is None else style
    actions = sheet.frenzy_ready or 1
    whose = "The challenger" if side is Side.CHALLENGER else "The defender"
    if spent > sheet.style:
        raise PawpostError(f"{whose} has {sheet.style} Style banked; you tried to spend {spent}.")
    rolled_side = roll_cat_side(
        sheet, [move] * actions, dice, side=side, actions=actions, style=spent
    )
    fighter.sheet = sheet.model_copy(
        update={"style": sheet.style - spent, "style_ready": 0, "frenzy_ready": None}
    )
    tx.characters.save_sheet(fighter)
    rolled(tx, fighter, now)
    if actions > 1:
        lines.append(f"{safe(fighter.name)} fights in a Frenzy: {move.trait.label} ×{actions}.")
    if spent:
        lines.append(f"{safe(fighter.name)} spends {spent} Style: {spent} automatic evens.")
    return rolled_side, lines


@runs_in_database
def challenge(
    services: Services,
    actor: Actor,
    target: str,
    with_: str,
    character: str | None = None,
    reason: str | None = None,
    style: int | None = None,
) -> Reply:
    """`/fight cat`: one quick scuffle to prove dominance; the challenger's dice are rolled now
    and kept hidden until the defender answers, so the answer is not chosen with hindsight."""
    move = _move(with_)
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        challenger = acting_character(tx, actor, guild, character)
        defender = named(tx, actor.guild_id, target)
        if defender.id == challenger.id:
            raise PawpostError(f"{safe(challenger.name)} cannot fight itself.")
        if defender.owner_id == actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError("You cannot pick a fight with your own cat.")
        require_fighter(cat_sheet(defender), safe(defender.name))
        for fighter in (challenger, defender):
            _not_in_a_foe_fight(tx, fighter)
        side, lines = roll_side(
            tx,
            actor,
            guild,
            challenger,
            move,
            services.dice,
            now,
            side=Side.CHALLENGER,
            style=style,
        )
        contest_id = open_contest(
            tx,
            actor,
            challenger,
            defender,
            move.value,
            _as_one_roll(side),
            summary=f"{move.trait.label} fight with {defender.name}",
            reason=reason,
            now=now,
            hidden=True,
        )
    choices = [m.trait.label + (" (dodge)" if not m.attacks else "") for m in DEFENCES]
    lines += [
        f"{safe(challenger.name)} has rolled {move.trait.label}; the dice show when "
        f"{safe(defender.name)} answers.",
        f"<@{defender.owner_id}>, {safe(defender.name)} answers with Claws, Fangs or a dodge "
        "(Legs: it takes only the evens beyond its own, inflicts none, and loses).",
    ]
    if reason:
        lines.append(f"Reason: {safe(reason)}")
    return Reply(
        title=f"{safe(challenger.name)} picks a fight with {safe(defender.name)}",
        lines=lines,
        buttons=contest_buttons(contest_id, "", choices=choices),
        mentions=[defender.owner_id],
    )


def _as_one_roll(side: FighterRound) -> Roll:
    """A side's actions as the one roll a contest keeps: every action's dice and Style, its
    label naming the actions when a Frenzy gave several."""
    first = side.actions[0].roll
    if len(side.actions) == 1:
        return first
    return first.model_copy(
        update={
            "label": f"{side.actions[0].move.trait.label} ×{len(side.actions)}",
            "dice": tuple(die for action in side.actions for die in action.roll.dice),
            "modifiers": tuple(m for action in side.actions for m in action.roll.modifiers),
        }
    )


def _best_attack(sheet: CatSheet) -> Move:
    """An absent defender fights with its better of Claws and Fangs (Claws on a tie), or
    dodges when both are Crippled."""
    usable = [move for move in ATTACKS if sheet.rank(move.trait) is not Rank.CRIPPLED]
    if not usable:
        return Move.DODGE
    return max(usable, key=lambda move: sheet.dice(move.trait))


def _can_attack(sheet: CatSheet) -> bool:
    return any(sheet.rank(move.trait) is not Rank.CRIPPLED for move in ATTACKS)


def _plural(count: int) -> str:
    return f"{count} scar" if count == 1 else f"{count} scars"


class CatContest:
    """Taking Risks' contests for the shared flow: a cat fight's defender picks its move."""

    def counter(self, stat: str) -> str:
        return "Claws, Fangs or Dodge"

    def defend(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
    ) -> Defence:
        move = _best_attack(cat_sheet(defender))
        return self._settle(tx, contest, initiator, defender, dice, now, move)

    def defend_with(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
        choice: int,
    ) -> Defence:
        if not 0 <= choice < len(DEFENCES):
            raise PawpostError("That button names no move.")
        return self._settle(tx, contest, initiator, defender, dice, now, DEFENCES[choice])

    def _settle(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
        move: Move,
    ) -> Defence:
        called_off = _called_off(initiator, defender)
        if called_off is not None:
            return called_off
        sheet = cat_sheet(defender)
        if move not in usable_moves(sheet):
            raise PawpostError(
                f"{safe(defender.name)}'s {move.trait.label} is Crippled; choose another move."
            )
        guild = tx.guilds.get(contest.guild_id)
        actor = Actor(contest.guild_id, contest.channel_id, defender.owner_id)
        answer, before = roll_side(tx, actor, guild, defender, move, dice, now, side=Side.DEFENDER)
        attack_move = Move(contest.stat)
        result = CatFightResult(
            challenger=FighterRound(
                actions=(ActionRoll(move=attack_move, roll=contest.initiator_roll),)
            ),
            defender=answer,
        )
        winner = initiator if result.winner is Side.CHALLENGER else defender
        if result.defender.dodged:
            reading = f"{safe(defender.name)} dodges and loses: {safe(winner.name)} wins"
        else:
            evens = (result.challenger.attack_evens, result.defender.attack_evens)
            won, lost = evens if result.winner is Side.CHALLENGER else evens[::-1]
            tie = " (a tie goes to the defender)" if evens[0] == evens[1] else ""
            noun = "even" if won == 1 else "evens"
            reading = f"{safe(winner.name)} wins: {won} {noun} against {lost}{tie}"
        answer_with = move.trait.label if move.attacks else "a dodge (Legs)"
        lines: list[str] = [*before, f"{safe(defender.name)} answers with {answer_with}."]
        buttons: list[Button] = []
        for character, scars, used in (
            (initiator, result.challenger_scars, attack_move),
            (defender, result.defender_scars, move),
        ):
            if not scars:
                lines.append(f"{safe(character.name)} takes no scars.")
                continue
            wound = open_wound(
                tx,
                character,
                WoundSource.CONTEST,
                contest.id,
                used.trait,
                scars,
                now,
                life_allowed=True,
                channel_id=contest.channel_id,
            )
            lines.append(
                f"{safe(character.name)} takes {_plural(scars)}: <@{character.owner_id}> places "
                "them, or spends a Life so it takes none (the fight stays lost or won)."
            )
            buttons.append(show_button(wound, safe(character.name)))
        return Defence(roll=_as_one_roll(answer), reading=reading, lines=lines, buttons=buttons)


def _called_off(initiator: Character, defender: Character) -> Defence | None:
    """A fight that cannot happen any more: one of the cats died, fell under the Bauble Curse
    or has nothing left to fight with since it was started. It is called off (no scars), so
    it neither stalls nor blocks the next one."""
    for cat_, whose in ((defender, "defender"), (initiator, "challenger")):
        sheet = cat_sheet(cat_)
        why = None
        if sheet.dead:
            why = "is dead"
        elif sheet.cursed:
            why = "is under the Bauble Curse, helpless"
        elif not usable_moves(sheet) or (whose == "challenger" and not _can_attack(sheet)):
            why = "has nothing left to fight with"
        if why is not None:
            return Defence(
                roll=Roll(label="no roll", dice=(), counts_evens=True),
                reading=f"The fight is called off: {safe(cat_.name)} {why}",
                lines=["No one takes scars."],
            )
    return None
