"""WCAGR contests out of a fight: the initiator's skill check against the defender's, the
defender's player rolling by button through the shared contest flow (criticals decide first)."""

from __future__ import annotations

from datetime import datetime

from bot.actions.contests import Defence, contest_buttons, open_contest
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, named, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from bot.actions.wcagr import parse
from bot.actions.wcagr.checks import result_lines
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import CheckResult, Side, Skill, contest_winner, critical_of, roll_check
from rules.wcagr.sheet import state_word
from storage.contests import Contest
from storage.models import Character
from storage.repositories import Transaction

SEPARATOR = ">"  # a contest's stat is stored as "initiator's skill>defender's skill"


def _skills(stat: str) -> tuple[Skill, Skill]:
    mine, _, theirs = stat.partition(SEPARATOR)
    return Skill(mine), Skill(theirs)


@runs_in_database
def start_contest(
    services: Services,
    actor: Actor,
    skill: str,
    target: str,
    against: str,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    """The initiator rolls at once (spending points and knacks as on a check); the defender's
    player rolls `against` with the button."""
    mine, theirs = parse.skill(skill), parse.skill(against)
    uses = parse.knack_uses(knacks)
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        initiator = acting_character(tx, actor, guild, character)
        defender = named(tx, actor.guild_id, target)
        if defender.id == initiator.id:
            raise PawpostError(f"{safe(initiator.name)} cannot contest itself.")
        if defender.owner_id == actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError("You cannot contest your own character.")
        out_of_play = state_word(wcagr_sheet(defender))
        if out_of_play is not None:
            raise PawpostError(
                f"{safe(defender.name)} is {out_of_play} and cannot roll back: no contest."
            )
        sheet = wcagr_sheet(initiator)
        result = roll_check(sheet, services.dice, skill=mine, spend=spend, knacks=uses)
        if result.sheet != sheet:
            initiator.sheet = result.sheet
            tx.characters.save_sheet(initiator)
        contest_id = open_contest(
            tx,
            actor,
            initiator,
            defender,
            f"{mine.value}{SEPARATOR}{theirs.value}",
            result.roll,
            summary=f"{mine.label} vs {defender.name}'s {theirs.label}",
            reason=reason,
            now=now,
        )
    lines = [
        f"<@{defender.owner_id}>, {safe(defender.name)} must roll {theirs.label}.",
        f"{safe(initiator.name)}: " + result_lines(result, safe(initiator.name))[0],
        *result_lines(result, safe(initiator.name))[1:],
    ]
    if reason:
        lines.append(f"Reason: {safe(reason)}")
    return Reply(
        title=f"{safe(initiator.name)} contests {safe(defender.name)}: "
        f"{mine.label} vs {theirs.label}",
        lines=lines,
        buttons=contest_buttons(contest_id, theirs.label),
        mentions=[defender.owner_id],
    )


def _as_result(contest: Contest, initiator: Character, skill: Skill) -> CheckResult:
    """The initiator's stored roll as a check result, its critical read from its dice."""
    roll = contest.initiator_roll
    return CheckResult(
        roll=roll,
        ability=skill.ability,
        skill=skill,
        spent=0,
        critical=critical_of([die.face for die in roll.dice]),
        sheet=wcagr_sheet(initiator),
    )


def _standing(result: CheckResult) -> str:
    return f" ({result.critical.label})" if result.critical is not None else ""


class WcagrContest:
    """WCAGR's contests for the shared flow: the defender rolls the skill the initiator named."""

    def counter(self, stat: str) -> str:
        return _skills(stat)[1].label

    def defend(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
    ) -> Defence:
        mine, theirs = _skills(contest.stat)
        sheet = wcagr_sheet(defender)
        answer = roll_check(sheet, dice, skill=theirs)
        if answer.sheet != sheet:
            defender.sheet = answer.sheet
            tx.characters.save_sheet(defender)
        attack = _as_result(contest, initiator, mine)
        side = contest_winner(attack, answer)
        winner = initiator if side is Side.INITIATOR else defender
        win, lose = (attack, answer) if side is Side.INITIATOR else (answer, attack)
        reading = (
            f"{safe(winner.name)} wins: {win.total}{_standing(win)} against "
            f"{lose.total}{_standing(lose)}"
        )
        lines = result_lines(answer, safe(defender.name))[1:]
        return Defence(roll=answer.roll, reading=reading, lines=lines)
