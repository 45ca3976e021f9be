"""WCAGR wrestling (l.413): on a wrestler's turn every cat of its wrestle chooses Wrestle or
Jump (`/wrestle` or the buttons); once all have, or the timeout passes, they roll together."""

from __future__ import annotations

from dataclasses import dataclass, field
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
    target_in,
)
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import Ability, Knack, Skill, pay
from rules.wcagr.checks import prepare_check
from rules.wcagr.fight_state import (
    Phase,
    let_go,
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
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/wrestle`: on a wrestler's turn every cat of its wrestle chooses Wrestle (and whom it
    would hurt, with points for the damage, l.417) or Jump; once all have, the checks are
    rolled together (l.413). A choice is checked when it is made (its knacks' fit, every
    point), so the roll never meets a choice it cannot make."""
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
        choice_ = Choice(chosen, target, spend, uses, damage_spend)
        return _choose(services.dice, scene, actor, mine.id, choice_, now)


async def wrestle_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await wrestle_click(services, actor, press.id, press.verb, press.arg)


@runs_in_database
def wrestle_click(
    services: Services, actor: Actor, fight: int, verb: str, version: int | None = None
) -> Reply:
    """The Wrestle and Jump away buttons of the present wrestle: the clicking player's cat
    chooses, no points spent."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        scene = fight_by_id(tx, guild, fight)
        current(scene, version, Phase.WRESTLING)
        state = scene.state
        group = state.wrestle_of(state.attacker or 0) or ()
        cat = own_cat(actor, guild, scene, [c for c in group if c not in state.choices])
        chosen = WrestleChoice.WRESTLE if verb == "wrestle" else WrestleChoice.JUMP
        return _choose(services.dice, scene, actor, cat, Choice(chosen), now)


@dataclass(frozen=True)
class Choice:
    """One wrestler's choice as given: Wrestle (at whom, with points on the damage) or Jump,
    with points and knacks on the check."""

    chosen: WrestleChoice
    target: str | None = None
    spend: int = 0
    knacks: dict[Knack, int] = field(default_factory=dict)
    damage_spend: int = 0

    @property
    def skill(self) -> Skill:
        return Skill.WRESTLE if self.chosen is WrestleChoice.WRESTLE else Skill.JUMP


def _refuse_unpayable(scene: Scene, cat: int, choice: Choice, pinned: bool) -> None:
    """Everything the roll will take, checked now with the rules' own sentences: the knacks'
    fit and limits, the points on the check and those on the damage."""
    if choice.chosen is WrestleChoice.JUMP and Knack.LAUNCH in choice.knacks:
        raise PawpostError("Launch goes with a Wrestle check, not a Jump.")
    if choice.chosen is WrestleChoice.JUMP and choice.damage_spend:
        raise PawpostError("Points on the damage go with a Wrestle choice, not a Jump.")
    ready = prepare_check(
        scene.sheet(cat),
        skill=choice.skill,
        spend=choice.spend,
        knacks=choice.knacks,
        wrestling=True,
        pinned=pinned,
    )
    if choice.damage_spend:
        pay(ready.after, {Ability.STRENGTH: choice.damage_spend})


def _choose(
    dice: DiceSource, scene: Scene, actor: Actor, cat: int, choice: Choice, now: datetime
) -> Reply:
    state = scene.state
    on_turn = state.attacker
    if state.phase is Phase.TURNS:
        if on_turn != cat:
            raise PawpostError(f"It is {scene.name(on_turn or 0)}'s turn, not {scene.name(cat)}'s.")
        if state.wrestle_of(cat) is None:
            raise PawpostError(f"{scene.name(cat)} is not wrestling; /pounce to start.")
        state, held = let_go(state, cat)  # starting the roll is an action: a Chomp lets go
        for bitten in held:
            scene.say(f"{scene.name(cat)} lets go of {scene.name(bitten)} (no second bite).")
        state = state.bumped(phase=Phase.WRESTLING)
    elif state.phase is Phase.DEFENDING:
        raise PawpostError("The fight waits for a Jump: /jump or the buttons.")
    elif state.phase is not Phase.WRESTLING:
        raise PawpostError("The fight is not at a wrestle.")
    group = state.wrestle_of(on_turn or 0) or ()
    if cat not in group:
        raise PawpostError(f"{scene.name(cat)} is not in this wrestle.")
    if cat in state.choices:
        raise PawpostError(f"{scene.name(cat)} has already chosen.")
    aim = None
    if choice.target is not None:
        aim = target_in(scene, cat, choice.target)
        if aim not in group:
            raise PawpostError(f"{scene.name(aim)} is not in this wrestle.")
    if choice.chosen is WrestleChoice.JUMP and cat in state.pinned:
        raise PawpostError(f"Pinned, {scene.name(cat)} can only Wrestle to get free.")
    _refuse_unpayable(scene, cat, choice, cat in state.pinned)
    scene.state = state.model_copy(
        update={
            "choices": {**state.choices, cat: choice.chosen},
            "choice_targets": {**state.choice_targets, **({cat: aim} if aim else {})},
            "choice_spend": {**state.choice_spend, cat: choice.spend},
            "choice_knacks": {
                **state.choice_knacks,
                cat: {k.value: n for k, n in choice.knacks.items()},
            },
            "choice_damage_spend": {**state.choice_damage_spend, cat: choice.damage_spend},
        }
    )
    scene.say(f"{scene.name(cat)} chooses to {choice.chosen.value}.")
    if all(c in scene.state.choices for c in group):
        roll_wrestle(dice, scene, group)
    return commit(scene, actor, cat, "wrestle", f"chooses {choice.chosen.value}", now)


def _as_chosen(scene: Scene, group: tuple[int, ...]) -> tuple[dict[int, int], dict[int, dict]]:
    """Each wrestler's points and knacks as chosen, or none for a cat that can no longer pay
    for them (points spent elsewhere meanwhile): the roll goes on, and says so."""
    state = scene.state
    spends: dict[int, int] = {}
    knacks: dict[int, dict[Knack, int]] = {}
    for cat in group:
        uses = {Knack(k): n for k, n in state.choice_knacks.get(cat, {}).items()}
        spend = state.choice_spend.get(cat, 0)
        choice = Choice(state.choices[cat], spend=spend, knacks=uses)
        try:
            _refuse_unpayable(scene, cat, choice, cat in state.pinned)
        except PawpostError as why:
            scene.say(f"{scene.name(cat)} rolls without its points and knacks: {why.message}")
            spend, uses = 0, {}
        spends[cat], knacks[cat] = spend, uses
    return spends, knacks


def roll_wrestle(dice: DiceSource, scene: Scene, group: tuple[int, ...]) -> None:
    """Every wrestler's check together; the winner escapes or hurts (and perhaps launches) one
    opponent; then the next cat's turn."""
    group = tuple(drop_unable(scene, group))
    if len(group) < 2:
        scene.say("The wrestle is over: too few cats are left in it.")
        after_turn(scene)
        return
    state = scene.state
    spends, knacks = _as_chosen(scene, group)
    result = roll_off(
        {c: scene.sheet(c) for c in group},
        {c: state.choices[c] for c in group},
        dice,
        spends=spends,
        knacks=knacks,
        pinned=list(state.pinned),
    )
    for cat, check in result.checks.items():
        scene.set_sheet(cat, check.sheet)
        check_line(scene, cat, check)
    state = scene.state  # a sprain may have taken a cat out
    state = state.model_copy(update={"upper_paw": state.upper_paw - set(group)})
    scene.state = state
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
        scene.state = state.model_copy(
            update={
                "pinned": pinned,
                "chomped_by": chomped,
                "upper_paw": state.upper_paw | {winner},
            }
        )
        opponents = [c for c in group if c != winner]
        aim = state.choice_targets.get(winner) or opponents[0]
        launches = knacks[winner].get(Knack.LAUNCH, 0)
        scene.say(f"**{scene.name(winner)} has the upper paw** against {scene.name(aim)}.")
        spend = state.choice_damage_spend.get(winner, 0)
        damage(dice, scene, winner, aim, Strike.SWAT, {}, bonus=0, spend=spend)
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
