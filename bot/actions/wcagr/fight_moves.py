"""WCAGR fight moves on your turn: `/swat` and `/bite` against the target's Jump (with Feint,
Mighty Swat, Pummel, Chomp, Belly Rake), `/pounce` into wrestling, `/pin` and `/chomp`."""

from __future__ import annotations

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from bot.actions.wcagr.defence import open_jump
from bot.actions.wcagr.fight_scene import (
    after_turn,
    check_line,
    commit,
    damage,
    on_turn,
    target_in,
)
from rules.errors import PawpostError
from rules.wcagr import Ability, Knack, Skill, WcagrSheet, pay, use_knack
from rules.wcagr.checks import prepare_check, roll_check
from rules.wcagr.fight_state import PendingJump, let_go
from rules.wcagr.fights import Strike, refuse_fighter, squeezes_in
from storage.wcagr.settings import WcagrSettings


def refuse_damage_spend(after_costs: WcagrSheet, damage_spend: int) -> None:
    """The Strength points meant for the damage must be there before any die is rolled, after
    the move's own costs (refused with the points' own sentence)."""
    if damage_spend:
        pay(after_costs, {Ability.STRENGTH: damage_spend})


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
    """`/swat` or `/bite`: the check, then the target's Jump (its player chooses how it jumps);
    a hit rolls the damage (l.407-418). Out of a wrestle any cat may be struck; a pinned cat
    only its pinner; a wrestler strikes only with Belly Rake, at a cat of its wrestle
    (l.246-250). Every cost, the damage's points too, is checked before the first die."""
    uses = parse.knack_uses(knacks)
    if damage_spend < 0:
        raise PawpostError(f"Spend 0 or more points on the damage; you gave {damage_spend}.")
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
        sheet = scene.sheet(cat)
        refuse_fighter(sheet)
        wrestling, pinned = group is not None, pinner is not None
        ready = prepare_check(
            sheet, skill=kind.skill, spend=spend, knacks=uses, wrestling=wrestling, pinned=pinned
        )
        refuse_damage_spend(ready.after, damage_spend)
        attack = roll_check(
            sheet,
            services.dice,
            skill=kind.skill,
            spend=spend,
            knacks=uses,
            wrestling=wrestling,
            pinned=pinned,
        )
        scene.set_sheet(cat, attack.sheet)
        verb = "swats at" if kind is Strike.SWAT else "bites at"
        dishonour = "" if kind is Strike.SWAT or state.life_or_death else " (dishonourable)"
        scene.say(f"{scene.name(cat)} {verb} {scene.name(aim)}{dishonour}.")
        check_line(scene, cat, attack)
        wait = PendingJump(
            move=kind.value,
            attacker=cat,
            target=aim,
            attack=attack.roll,
            knacks={k.value: n for k, n in uses.items()},
            damage_spend=damage_spend,
        )
        open_jump(services.dice, scene, wait, attack)
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


@runs_in_database
def pounce(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/pounce`: Pounce vs the target's Jump (its player chooses how it jumps) starts a
    wrestle; a target already wrestling is joined with a Pounce of at least the number of cats
    in that wrestle, no Jump against it (l.411-412)."""
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
        refuse_fighter(scene.sheet(cat))
        check = roll_check(
            scene.sheet(cat), services.dice, skill=Skill.POUNCE, spend=spend, knacks=uses
        )
        scene.set_sheet(cat, check.sheet)
        scene.say(f"{scene.name(cat)} pounces at {scene.name(aim)}.")
        check_line(scene, cat, check)
        if group is None:
            wait = PendingJump(move="pounce", attacker=cat, target=aim, attack=check.roll)
            open_jump(services.dice, scene, wait, check)
        else:
            if squeezes_in(check, len(group)) and cat not in scene.state.out:
                groups = tuple(g for g in state.wrestles if g != group)
                scene.state = scene.state.model_copy(update={"wrestles": (*groups, (*group, cat))})
                scene.say(
                    f"**{scene.name(cat)} squeezes into the wrestle** ({len(group) + 1} cats)."
                )
            else:
                scene.say(
                    f"{scene.name(cat)} cannot squeeze into the wrestle (needs {len(group)})."
                )
            after_turn(scene)
        return commit(scene, actor, cat, "pounce", f"pounce at {scene.cats[aim].name}", now)


@runs_in_database
def pin(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/pin` on your turn while wrestling: paid, no roll (RULINGS; or only by the winner of
    the wrestle's latest roll-off, config), the target pinned until it wins a Wrestle check or
    the pinner gets up or is forced off (l.320-325). A pinned cat cannot pin (l.324)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character)
        aim = target_in(scene, cat, target)
        group = scene.state.wrestle_of(cat)
        if group is None or aim not in group:
            raise PawpostError("Pin needs the target in your wrestle.")
        if cat in scene.state.pinned:
            raise PawpostError(
                f"Pinned, {scene.name(cat)} may only Wrestle, Launch, or Swat or Bite its pinner."
            )
        after_win = WcagrSettings.of(guild.settings).pin_after_win
        if after_win and cat not in scene.state.upper_paw:
            raise PawpostError(
                f"On this server a cat pins only after winning its wrestle's roll; "
                f"{scene.name(cat)} did not win the last one."
            )
        used = use_knack(
            scene.sheet(cat), Knack.PIN, wrestling=True, pinned=cat in scene.state.pinned
        )
        scene.set_sheet(cat, used.sheet)
        scene.say(
            f"{scene.name(cat)} spends {used.use.cost} Strength: **{scene.name(aim)} is pinned**."
        )
        scene.state = scene.state.model_copy(
            update={
                "pinned": {**scene.state.pinned, aim: cat},
                "upper_paw": scene.state.upper_paw - {cat},
            }
        )
        after_turn(scene)
        return commit(scene, actor, cat, "pin", f"pins {scene.cats[aim].name}", now)


@runs_in_database
def chomp(
    services: Services,
    actor: Actor,
    choice: str,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/chomp` at the start of the biter's next turn (l.254-255): hold on (the target stays
    pinned until its next turn) or let go for a second Bite's damage (with Strength points on
    it, l.417); either is its turn."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character, keep_chomp=True)
        held = [t for t, by in scene.state.chomped_by.items() if by == cat]
        if not held:
            raise PawpostError(f"{scene.name(cat)} holds no cat in a Chomp.")
        chosen = choice.strip().lower()
        if chosen == "hold":
            if damage_spend:
                raise PawpostError("Points on the damage go with let-go, the second bite.")
            scene.say(
                f"{scene.name(cat)} holds on: "
                + ", ".join(scene.name(t) for t in held)
                + " stays pinned until its next turn."
            )
        elif chosen == "let-go":
            refuse_damage_spend(scene.sheet(cat), damage_spend * len(held))
            scene.state, _ = let_go(scene.state, cat)
            for target in held:
                scene.say(f"{scene.name(cat)} lets go of {scene.name(target)}, biting again.")
                damage(
                    services.dice, scene, cat, target, Strike.BITE, {}, bonus=0, spend=damage_spend
                )
        else:
            raise PawpostError("Choose hold or let-go.")
        after_turn(scene)
        return commit(scene, actor, cat, "chomp", f"chomp: {chosen}", now)
