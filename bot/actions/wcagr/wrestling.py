"""WCAGR wrestling (l.413): on a wrestler's turn every cat of its wrestle chooses Wrestle or
Jump (`/wrestle` or the buttons); once all have, or the timeout passes, they roll together."""

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
    damage,
    fight_by_id,
    own_cat,
    scene_of,
    target_in,
)
from rules.errors import PawpostError
from rules.wcagr import Knack
from rules.wcagr.fight_state import (
    Phase,
    without_wrestler,
)
from rules.wcagr.fights import (
    Strike,
    WrestleChoice,
    roll_off,
)
from rules.wcagr.knacks import launch_distance

if TYPE_CHECKING:
    from bot.actions.buttons import Press


@runs_in_database
def wrestle(
    services: Services,
    actor: Actor,
    choice: str,
    target: str | None = None,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/wrestle`: on a wrestler's turn every cat of its wrestle chooses Wrestle (and whom it
    would hurt) or Jump; once all have, the checks are rolled together (l.413)."""
    try:
        chosen = WrestleChoice(choice.strip().lower())
    except ValueError:
        raise PawpostError("Choose wrestle or jump.") from None
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        mine = acting_character(tx, actor, guild, character)
        scene = scene_of(tx, guild, mine)
        return _choose(services, scene, actor, mine.id, chosen, target, spend, uses, now)


async def wrestle_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await wrestle_click(services, actor, press.id, press.verb)


@runs_in_database
def wrestle_click(services: Services, actor: Actor, fight: int, verb: str) -> Reply:
    """The Wrestle and Jump away buttons: the clicking player's cat chooses, no points spent."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        scene = fight_by_id(tx, guild, fight)
        state = scene.state
        if state.phase is not Phase.WRESTLING or state.attacker is None:
            raise PawpostError("No wrestle is waiting for a choice in this fight.")
        group = state.wrestle_of(state.attacker) or ()
        cat = own_cat(actor, guild, scene, [c for c in group if c not in state.choices])
        chosen = WrestleChoice.WRESTLE if verb == "wrestle" else WrestleChoice.JUMP
        return _choose(services, scene, actor, cat, chosen, None, 0, {}, now)


def _choose(
    services: Services,
    scene: Scene,
    actor: Actor,
    cat: int,
    chosen: WrestleChoice,
    target: str | None,
    spend: int,
    uses: dict[Knack, int],
    now: datetime,
) -> Reply:
    state = scene.state
    on_turn = state.attacker
    if state.phase is Phase.TURNS:
        if on_turn != cat:
            raise PawpostError(f"It is {scene.name(on_turn or 0)}'s turn, not {scene.name(cat)}'s.")
        if state.wrestle_of(cat) is None:
            raise PawpostError(f"{scene.name(cat)} is not wrestling; /pounce to start.")
        state = state.bumped(phase=Phase.WRESTLING)
    elif state.phase is not Phase.WRESTLING:
        raise PawpostError("The fight is not at a wrestle.")
    group = state.wrestle_of(on_turn or 0) or ()
    if cat not in group:
        raise PawpostError(f"{scene.name(cat)} is not in this wrestle.")
    if cat in state.choices:
        raise PawpostError(f"{scene.name(cat)} has already chosen.")
    aim = None
    if target is not None:
        aim = target_in(scene, cat, target)
        if aim not in group:
            raise PawpostError(f"{scene.name(aim)} is not in this wrestle.")
    if chosen is WrestleChoice.JUMP and cat in state.pinned:
        raise PawpostError(f"Pinned, {scene.name(cat)} can only Wrestle to get free (l.324).")
    if chosen is WrestleChoice.JUMP and Knack.LAUNCH in uses:
        raise PawpostError("Launch goes with a Wrestle check, not a Jump.")
    scene.state = state.model_copy(
        update={
            "choices": {**state.choices, cat: chosen},
            "choice_targets": {**state.choice_targets, **({cat: aim} if aim else {})},
            "choice_spend": {**state.choice_spend, cat: spend},
            "choice_knacks": {**state.choice_knacks, cat: {k.value: n for k, n in uses.items()}},
        }
    )
    scene.say(f"{scene.name(cat)} chooses to {chosen.value}.")
    if all(c in scene.state.choices for c in group):
        roll_wrestle(services, scene, group)
    return commit(scene, actor, cat, "wrestle", f"chooses {chosen.value}", now)


def roll_wrestle(services: Services, scene: Scene, group: tuple[int, ...]) -> None:
    state = scene.state
    knacks = {c: {Knack(k): n for k, n in state.choice_knacks.get(c, {}).items()} for c in group}
    result = roll_off(
        {c: scene.sheet(c) for c in group},
        {c: state.choices[c] for c in group},
        services.dice,
        spends=state.choice_spend,
        knacks=knacks,
        pinned=list(state.pinned),
    )
    for cat, check in result.checks.items():
        scene.set_sheet(cat, check.sheet)
        check_line(scene, cat, check)
    state = scene.state  # a sprain may have taken a cat out
    winner = result.winner
    if winner is None:
        scene.say("A tie for the highest: nobody gets the upper paw; the wrestle goes on.")
    elif result.choices[winner] is WrestleChoice.JUMP:
        scene.say(f"**{scene.name(winner)} escapes the wrestle.**")
        scene.state = without_wrestler(state, winner)
    else:
        pinned = {p: by for p, by in state.pinned.items() if p != winner}
        if len(pinned) != len(state.pinned):
            scene.say(f"{scene.name(winner)} breaks the pin.")
        chomped = {p: by for p, by in state.chomped_by.items() if p in pinned}
        scene.state = state.model_copy(update={"pinned": pinned, "chomped_by": chomped})
        opponents = [c for c in group if c != winner]
        aim = state.choice_targets.get(winner) or opponents[0]
        launches = knacks[winner].get(Knack.LAUNCH, 0)
        scene.say(f"**{scene.name(winner)} has the upper paw** against {scene.name(aim)}.")
        damage(services, scene, winner, aim, Strike.SWAT, {}, bonus=0, spend=0)
        if launches and aim not in scene.state.out:
            scene.say(
                f"{scene.name(aim)} is launched {launch_distance(launches)} body lengths away and "
                "spends its next action finding its feet."
            )
            scene.state = without_wrestler(scene.state, aim)
            scene.state = scene.state.model_copy(
                update={"no_attack": scene.state.no_attack | {aim}}
            )
    after_turn(scene)
