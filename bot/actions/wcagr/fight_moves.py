"""WCAGR fight moves on your turn: `/swat` and `/bite` against the target's Jump (with Feint,
Mighty Swat, Pummel, Chomp, Belly Rake), `/pounce` into wrestling, `/pin` and `/chomp`."""

from __future__ import annotations

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from bot.actions.wcagr.fight_scene import (
    after_turn,
    check_line,
    commit,
    damage,
    on_turn,
    target_in,
)
from rules.errors import PawpostError
from rules.wcagr import Knack, use_knack
from rules.wcagr.fight_state import (
    FightState,
    let_go,
)
from rules.wcagr.fights import (
    Strike,
    pounce_in,
    strike,
)


@runs_in_database
def swat_or_bite(
    services: Services,
    actor: Actor,
    kind: Strike,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/swat` or `/bite`: the check and the target's Jump rolled together; a hit rolls the
    damage (l.407-418). Out of a wrestle any cat may be struck; a pinned cat only its pinner;
    a wrestler strikes only with Belly Rake, at a cat of its wrestle (l.246-250)."""
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character)
        aim = target_in(scene, cat, target)
        state = scene.state
        group = state.wrestle_of(cat)
        pinner = state.pinned.get(cat)
        if pinner is not None and aim != pinner:
            raise PawpostError(
                f"Pinned, {scene.name(cat)} may only strike its pinner, {scene.name(pinner)}."
            )
        if group is not None and pinner is None and Knack.BELLY_RAKE not in uses:
            raise PawpostError(
                f"{scene.name(cat)} is wrestling: /wrestle, or strike with the Belly Rake knack."
            )
        if Knack.BELLY_RAKE in uses and (group is None or aim not in group):
            raise PawpostError("Belly Rake needs the target in your wrestle.")
        if Knack.BELLY_RAKE in uses and state.pinned.get(cat) == aim:
            raise PawpostError("Belly Rake cannot be used while your opponent pins you.")
        attack = strike(
            scene.sheet(cat),
            scene.sheet(aim),
            services.dice,
            kind,
            spend=spend,
            knacks=uses,
            wrestling=group is not None,
            pinned=pinner is not None,
        )
        scene.set_sheet(cat, attack.attack.sheet)
        scene.set_sheet(aim, attack.jump.sheet)
        verb = "swats at" if kind is Strike.SWAT else "bites at"
        dishonour = "" if kind is Strike.SWAT or state.life_or_death else " (dishonourable)"
        scene.say(f"{scene.name(cat)} {verb} {scene.name(aim)}{dishonour}.")
        check_line(scene, cat, attack.attack)
        check_line(scene, aim, attack.jump)
        if attack.hits:
            scene.say("**A hit.**")
            if Knack.CHOMP in uses:
                scene.state = _chomp_pin(scene.state, cat, aim)
                scene.say(
                    f"{scene.name(aim)} is pinned by the Chomp until {scene.name(cat)}'s next turn."
                )
            bonus = 2 if attack.more_than_double else 0
            damage(services, scene, cat, aim, kind, uses, bonus=bonus, spend=damage_spend)
        else:
            scene.say(f"**A miss**: {scene.name(aim)} jumps clear.")
        after_turn(scene)
        return commit(scene, actor, cat, kind.value, f"{kind.value} at {scene.cats[aim].name}", now)


async def swat(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/swat`."""
    return await swat_or_bite(
        services, actor, Strike.SWAT, target, spend, knacks, damage_spend, character
    )


async def bite(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/bite`: +1 HP lost on a hit, dishonourable unless the fight is life-or-death."""
    return await swat_or_bite(
        services, actor, Strike.BITE, target, spend, knacks, damage_spend, character
    )


def _chomp_pin(state: FightState, biter: int, target: int) -> FightState:
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


@runs_in_database
def pounce(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/pounce`: Pounce vs the target's Jump starts a wrestle; a target already wrestling is
    joined with a Pounce of at least the number of cats in that wrestle (l.411-412)."""
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character)
        aim = target_in(scene, cat, target)
        state = scene.state
        if state.wrestle_of(cat) is not None:
            raise PawpostError(f"{scene.name(cat)} is already wrestling: /wrestle.")
        group = state.wrestle_of(aim)
        check, jump, won = pounce_in(
            scene.sheet(cat),
            services.dice,
            target=None if group else scene.sheet(aim),
            wrestlers=len(group or ()),
            spend=spend,
            knacks=uses,
        )
        scene.set_sheet(cat, check.sheet)
        scene.say(f"{scene.name(cat)} pounces at {scene.name(aim)}.")
        check_line(scene, cat, check)
        if jump is not None:
            scene.set_sheet(aim, jump.sheet)
            check_line(scene, aim, jump)
        if group and won:
            groups = tuple(g for g in state.wrestles if g != group)
            scene.state = state.model_copy(update={"wrestles": (*groups, (*group, cat))})
            scene.say(f"**{scene.name(cat)} squeezes into the wrestle** ({len(group) + 1} cats).")
        elif group:
            scene.say(f"{scene.name(cat)} cannot squeeze into the wrestle (needs {len(group)}).")
        elif won:
            scene.state = state.model_copy(update={"wrestles": (*state.wrestles, (cat, aim))})
            scene.say(f"**{scene.name(cat)} and {scene.name(aim)} are wrestling.**")
        else:
            scene.say(f"{scene.name(aim)} gets out of the way.")
        after_turn(scene)
        return commit(scene, actor, cat, "pounce", f"pounce at {scene.cats[aim].name}", now)


@runs_in_database
def pin(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/pin` on your turn while wrestling: paid, no roll (RULINGS), the target pinned until
    it wins a Wrestle check or the pinner gets up or is forced off (l.320-325)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character)
        aim = target_in(scene, cat, target)
        group = scene.state.wrestle_of(cat)
        if group is None or aim not in group:
            raise PawpostError("Pin needs the target in your wrestle.")
        used = use_knack(
            scene.sheet(cat), Knack.PIN, wrestling=True, pinned=cat in scene.state.pinned
        )
        scene.set_sheet(cat, used.sheet)
        scene.say(
            f"{scene.name(cat)} spends {used.use.cost} Strength: **{scene.name(aim)} is pinned**."
        )
        scene.state = scene.state.model_copy(update={"pinned": {**scene.state.pinned, aim: cat}})
        after_turn(scene)
        return commit(scene, actor, cat, "pin", f"pins {scene.cats[aim].name}", now)


@runs_in_database
def chomp(services: Services, actor: Actor, choice: str, character: str | None = None) -> Reply:
    """`/chomp` at the start of the biter's next turn (l.254-255): hold on (the target stays
    pinned until its next turn) or let go for a second Bite's damage; either is its turn."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character, keep_chomp=True)
        held = [t for t, by in scene.state.chomped_by.items() if by == cat]
        if not held:
            raise PawpostError(f"{scene.name(cat)} holds no cat in a Chomp.")
        if choice.strip().lower() == "hold":
            scene.say(
                f"{scene.name(cat)} holds on: "
                + ", ".join(scene.name(t) for t in held)
                + " stays pinned until its next turn."
            )
        elif choice.strip().lower() == "let-go":
            scene.state, _ = let_go(scene.state, cat)
            for target in held:
                scene.say(f"{scene.name(cat)} lets go of {scene.name(target)}, biting again.")
                damage(services, scene, cat, target, Strike.BITE, {}, bonus=0, spend=0)
        else:
            raise PawpostError("Choose hold or let-go.")
        after_turn(scene)
        return commit(scene, actor, cat, "chomp", f"chomp: {choice}", now)
