"""The target's Jump against a Swat, Bite or Pounce (l.408, 411): its player chooses how it
jumps (plain, with Dodge, with Spirit points) by button or `/jump`; an admin may answer for an
absent one, and after the server's turn timeout the bot jumps plain for it. Then the attack
lands or misses."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import acting_character, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from bot.actions.wcagr.fight_scene import (
    Scene,
    after_turn,
    check_line,
    commit,
    current,
    damage,
    drop_unable,
    fight_by_id,
    own_cat,
    scene_of,
)
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import Ability, Critical, Knack, Skill
from rules.wcagr.checks import CheckResult, rolled_check
from rules.wcagr.fight_state import FightState, PendingJump, Phase
from rules.wcagr.fights import Strike, attack_lands, double_bonus, jump_check

if TYPE_CHECKING:
    from bot.actions.buttons import Press

MOVE_SKILLS = {"swat": Skill.SWAT, "bite": Skill.BITE, "pounce": Skill.POUNCE}


def open_jump(dice: DiceSource, scene: Scene, wait: PendingJump, attack: CheckResult) -> None:
    """The attack is rolled: a critical failure misses whatever the Jump (RULINGS); a target
    with no Spirit point to put on its Jump jumps at once; any other waits for its player."""
    if attack.critical is Critical.FAILURE:
        scene.say(f"**A miss**: a critical failure misses whatever {scene.name(wait.target)} does.")
        after_turn(scene)
        return
    if scene.sheet(wait.target).points_left(Ability.SPIRIT) == 0:
        land(dice, scene, wait, jump_check(scene.sheet(wait.target), dice))
        return
    scene.state = scene.state.bumped(phase=Phase.DEFENDING, jump_wait=wait)


def land(dice: DiceSource, scene: Scene, wait: PendingJump, jump: CheckResult) -> None:
    """The target's Jump against the stored attack: a Swat or Bite hits (with its damage, a
    Chomp's pin), a Pounce starts a wrestle; then the next cat's turn."""
    cat, aim = wait.attacker, wait.target
    scene.set_sheet(aim, jump.sheet)
    check_line(scene, aim, jump)
    skill = MOVE_SKILLS[wait.move]
    attack = rolled_check(wait.attack, scene.sheet(cat), ability=skill.ability, skill=skill)
    lands = attack_lands(attack, jump)
    knacks = {Knack(k): n for k, n in wait.knacks.items()}
    state = scene.state.model_copy(update={"jump_wait": None})
    scene.state = state
    if wait.move == "pounce":
        if not lands:
            scene.say(f"{scene.name(aim)} gets out of the way.")
        elif aim in state.out or cat in state.out:
            scene.say(f"{scene.name(aim)} is out of the fight: there is no wrestle.")
        else:
            scene.state = state.model_copy(update={"wrestles": (*state.wrestles, (cat, aim))})
            scene.say(f"**{scene.name(cat)} and {scene.name(aim)} are wrestling.**")
    elif lands:
        scene.say("**A hit.**")
        if Knack.CHOMP in knacks:
            scene.state = chomp_pin(scene.state, cat, aim)
            scene.say(
                f"{scene.name(aim)} is pinned by the Chomp until {scene.name(cat)}'s next turn."
            )
        bonus = double_bonus(attack, jump)
        kind = Strike(wait.move)
        damage(dice, scene, cat, aim, kind, knacks, bonus=bonus, spend=wait.damage_spend)
    else:
        scene.say(f"**A miss**: {scene.name(aim)} jumps clear.")
    after_turn(scene)


def chomp_pin(state: FightState, biter: int, target: int) -> FightState:
    """l.253: a successful Chomp pins the target until the biter's next turn; they wrestle."""
    group = state.wrestle_of(biter) or state.wrestle_of(target)
    groups = [g for g in state.wrestles if g is not group]
    merged = tuple(dict.fromkeys((*(group or ()), biter, target)))
    return state.model_copy(
        update={
            "wrestles": (*groups, merged),
            "pinned": {**state.pinned, target: biter},
            "chomped_by": {**state.chomped_by, target: biter},
        }
    )


def _answer(
    dice: DiceSource,
    scene: Scene,
    actor: Actor,
    cat: int,
    spend: int,
    knacks: dict[Knack, int],
    now: datetime,
) -> Reply:
    wait = scene.state.jump_wait
    assert wait is not None
    jump = jump_check(scene.sheet(cat), dice, spend=spend, knacks=knacks)
    used = " with " + ", ".join(k.label for k in knacks) if knacks else ""
    scene.say(f"{scene.name(cat)} jumps{used}.")
    land(dice, scene, wait, jump)
    return commit(scene, actor, cat, "jump", f"jumps from {wait.move}", now)


def waiting_jump(scene: Scene, cat: int) -> PendingJump:
    state = scene.state
    if state.phase is Phase.WRESTLING:
        raise PawpostError("In a wrestle, choose with /wrestle choice:jump.")
    wait = state.jump_wait
    if state.phase is not Phase.DEFENDING or wait is None or wait.target != cat:
        raise PawpostError(f"No attack waits for {scene.name(cat)}'s Jump.")
    return wait


@runs_in_database
def jump(
    services: Services,
    actor: Actor,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/jump`: the attacked cat's Jump, with Spirit points (+1 each) and Dodge (l.263)."""
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        mine = acting_character(tx, actor, guild, character)
        scene = scene_of(tx, guild, mine)
        waiting_jump(scene, mine.id)
        return _answer(services.dice, scene, actor, mine.id, spend, uses, now)


async def jump_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await jump_click(services, actor, press.id, press.verb, press.arg)


@runs_in_database
def jump_click(
    services: Services, actor: Actor, fight: int, verb: str, version: int | None
) -> Reply:
    """The Jump buttons: plain, or with one use of Dodge; the target's player or an admin."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        scene = fight_by_id(tx, guild, fight)
        current(scene, version, Phase.DEFENDING)
        wait = scene.state.jump_wait
        assert wait is not None
        cat = own_cat(actor, guild, scene, [wait.target])
        uses = {Knack.DODGE: 1} if verb == "dodge" else {}
        return _answer(services.dice, scene, actor, cat, 0, uses, now)


def jump_as_it_stands(dice: DiceSource, scene: Scene, why: str) -> None:
    """The bot jumps for the target as it stands, no points, no knack: after the turn timeout,
    or on an admin's skip (`why` says which: "After 24 h without an answer"). A target that can
    make no check by now (knocked out elsewhere) leaves the fight, and the attack goes
    nowhere."""
    wait = scene.state.jump_wait
    assert wait is not None
    if not drop_unable(scene, [wait.target]):
        scene.state = scene.state.model_copy(update={"jump_wait": None})
        after_turn(scene)
        return
    scene.say(f"{why}, {scene.name(wait.target)} jumps as it stands.")
    land(dice, scene, wait, jump_check(scene.sheet(wait.target), dice))
