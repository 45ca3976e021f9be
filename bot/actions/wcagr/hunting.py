"""WCAGR hunts (`/hunt`, `/hunt continue|join|status`): Locate, Approach, Grab and Kill rolled in
order against the prey's row until a stage fails or the prey is killed; a failed stage is tried
again (the server's tries per stage) without redoing the earlier ones; teammates roll the next
stage. A kill's weight goes to the killer's clan's fresh-kill pile."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.hunting import day_key, hunted_today, this_week
from bot.actions.lookup import acting_character, require_built
from bot.actions.reply import Reply
from bot.actions.seasons import current_season
from bot.actions.wcagr import parse
from bot.actions.wcagr.checks import critical_lines, outcome_of
from bot.actions.wcagr.sheet import SPRAIN_REST, wcagr_sheet
from bot.actions.weeks import real_day, zone
from rules.errors import PawpostError
from rules.wcagr import Knack, why_cannot_hunt_or_fight
from rules.wcagr.hunting import (
    RATIONS,
    STAGES,
    Prey,
    Stage,
    plan_stages,
    rations_words,
    roll_stage,
    roll_weight,
    stage_dc,
    stage_skill,
)
from storage.hunting import Hunt, HuntAlreadyRecorded, Outcome
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.hunts import HuntState, StoredHunt
from storage.wcagr.settings import WcagrSettings

SIXTHS = 6  # the pile keeps rations in sixths, so 1/3 and 1/2 are whole numbers


def prey_choice(text: str) -> Prey:
    try:
        return Prey(parse.key(text))
    except ValueError:
        listed = ", ".join(p.label for p in Prey)
        raise PawpostError(f"That is not prey of the table; choose one of {listed}.") from None


def _hunter(tx: Transaction, actor: Actor, guild: Guild, character: str | None) -> Character:
    found = acting_character(tx, actor, guild, character)
    reason = why_cannot_hunt_or_fight(wcagr_sheet(found))
    if reason is not None:
        raise PawpostError(reason)
    return found


def _log_hunter(tx: Transaction, actor: Actor, guild: Guild, cat: Character, now: datetime) -> int:
    """The cat's line in the core's hunting log (its week's hunt, for the reminders and
    reports), refused when the server keeps hunting to once a real day and it hunted today."""
    once = WcagrSettings.of(guild.settings).once_a_day
    day = real_day(now, zone(guild.settings.timezone))
    # the core's key keeps a westward time-zone change from refusing a new local day's hunt
    key = day_key(tx, guild, cat, day, now) if once else None
    record = Hunt(
        guild_id=guild.guild_id,
        character_id=cat.id,
        user_id=actor.user_id,
        hunted_at=now,
        day_key=key,
        week_key=this_week(guild, now).key,
        season=current_season(guild.settings, now).value,
        outcome=Outcome.NO_PREY,  # until the hunt ends
        fail_streak=0,
    )
    try:
        return tx.hunting.add_hunt(record)
    except HuntAlreadyRecorded:
        raise hunted_today(cat.name, day, now) from None


def _outcome(hunt: StoredHunt) -> Outcome:
    """What a hunt that ended (or a hunter that left it) comes to in the core's log: caught,
    or lost before or after the prey was found and approached."""
    if hunt.state is HuntState.KILLED:
        return Outcome.CAUGHT
    if hunt.stage in (Stage.LOCATE, Stage.APPROACH):
        return Outcome.NO_PREY
    return Outcome.GOT_AWAY


def log_hunt_end(tx: Transaction, hunt: StoredHunt) -> None:
    """The hunters' lines in the core's log as the hunt stands: what it came to once it ended,
    and no prey yet while it goes on (an admin's ruling may set a lost hunt going again)."""
    outcome = Outcome.NO_PREY if hunt.going else _outcome(hunt)
    for log_id in wcagr(tx).hunts.log_ids(hunt.id):
        tx.hunting.set_outcome(log_id, outcome, 0)


def _stages_left(hunt: StoredHunt, most: int | None = None) -> tuple[Stage, ...]:
    """The stages from where the hunt stands (at most `most` of them)."""
    left = STAGES[STAGES.index(hunt.stage) :]
    return left if most is None else left[:most]


@dataclass(frozen=True)
class HuntAsk:
    """What one command asks of a hunt: points (on a stage, default the first rolled), knacks
    (each on the first stage it fits), and how many stages to roll at most (None: until one
    fails), so that a teammate may take the next."""

    spend: int = 0
    spend_on: Stage | None = None
    knacks: dict[Knack, int] = field(default_factory=dict)
    stages: int | None = None


def _run(
    services: Services,
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    hunt: StoredHunt,
    cat: Character,
    asked: HuntAsk,
    now: datetime,
) -> list[str]:
    """Roll the hunt's stages from where it stands until one fails, the cat can go on no more,
    the command's stages are rolled, or the prey is killed: each check saved, logged and
    shown. Everything the stages take is checked before the first die."""
    if hunt.state is HuntState.WEIGHING:  # an admin ruled the Kill a success: only its weight
        hunt.state = HuntState.KILLED
        return _kill(services, tx, actor, guild, hunt, cat, now)
    tries_allowed = WcagrSettings.of(guild.settings).tries_per_stage
    stages = _stages_left(hunt, asked.stages)
    plan = plan_stages(
        wcagr_sheet(cat), stages, hunt.locate_skill, asked.knacks, asked.spend, asked.spend_on
    )
    lines: list[str] = []
    for stage in stages:
        sheet = wcagr_sheet(cat)
        result = roll_stage(
            sheet,
            services.dice,
            hunt.prey,
            stage,
            hunt.locate_skill,
            spend=plan[stage].spend,
            knacks=plan[stage].knacks,
        )
        cat.sheet = result.sheet
        tx.characters.save_sheet(cat)
        hunt.tries += 1
        hunt.last_roll_try = hunt.tries
        hunt.last_roll_id = tx.audit.add(
            audit.entry(
                actor,
                "hunt",
                f"{stage.label} {hunt.prey.label} (hunt {hunt.id}) DC {stage_dc(hunt.prey, stage)}",
                now,
                character=cat,
                rolls=[result.roll],
                outcome=outcome_of(result),
            )
        )
        line = f"{safe(cat.name)}: {describe_roll(result.roll)} vs DC {result.roll.target}"
        lines.append(line)
        lines += critical_lines(result)
        lines += list(result.effects)
        if result.sprained:
            lines.append(f"{safe(cat.name)} sprains a paw: {SPRAIN_REST}.")
        if not result.succeeded:
            left = tries_allowed - hunt.tries
            if left <= 0:
                hunt.state = HuntState.LOST
                lines.append(f"**{stage.label} failed**: the {hunt.prey.one} is lost.")
            else:
                lines.append(
                    f"**{stage.label} failed**; {left} more tr{'y' if left == 1 else 'ies'} at "
                    "it with /hunt continue (any cat of the hunt)."
                )
            return lines
        lines.append(f"**{stage.label}: success.**")
        if stage is Stage.KILL:
            hunt.state = HuntState.KILLED
            lines += _kill(services, tx, actor, guild, hunt, cat, now)
            return lines
        hunt.stage = STAGES[STAGES.index(stage) + 1]
        hunt.tries = 0
        reason = why_cannot_hunt_or_fight(wcagr_sheet(cat))
        if reason is not None:
            lines.append(f"{safe(cat.name)} can go no further; a teammate may /hunt continue.")
            return lines
    lines.append(
        f"{safe(cat.name)} stops there; any cat of the hunt may /hunt continue at "
        f"{hunt.stage.label}."
    )
    return lines


def _kill(
    services: Services,
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    hunt: StoredHunt,
    cat: Character,
    now: datetime,
) -> list[str]:
    """The prey's weight (RULINGS' 1d10, on the server's table) and its rations onto the
    killer's clan's pile."""
    roll, weight = roll_weight(services.dice, WcagrSettings.of(guild.settings).prey_weights)
    rations = RATIONS[weight]
    sheet = wcagr_sheet(cat)
    day = game_day_at(now, guild.settings).number
    piece_id = wcagr(tx).hunts.add_piece(
        guild.guild_id,
        sheet.clan.value,
        hunt.prey,
        weight,
        int(rations * SIXTHS),
        day,
        cat.id,
        hunt.id,
        now,
    )
    tx.audit.add(
        audit.entry(
            actor,
            "freshkill",
            f"{weight.label.lower()} {hunt.prey.one} ({rations_words(rations)}) onto "
            f"the {sheet.clan.label} pile (piece {piece_id})",
            now,
            character=cat,
            rolls=[roll],
            outcome=weight.value,
        )
    )
    return [
        f"{describe_roll(roll)}: **{weight.label.lower()}**.",
        f"{safe(cat.name)} carries the {hunt.prey.one} to the {sheet.clan.label} "
        f"fresh-kill pile: {rations_words(rations)}.",
    ]


def title(hunt: StoredHunt) -> str:
    return f"Hunt {hunt.id}: {hunt.prey.label}"


def _asked(spend: int, spend_on: str | None, knacks: str | None, stages: int | None) -> HuntAsk:
    if stages is not None and not 1 <= stages <= len(STAGES):
        raise PawpostError(f"Roll 1 to {len(STAGES)} stages, or leave it out to go on.")
    return HuntAsk(
        spend=spend,
        spend_on=None if spend_on is None else stage_choice(spend_on),
        knacks=parse.knack_uses(knacks),
        stages=stages,
    )


def stage_choice(text: str) -> Stage:
    try:
        return Stage(parse.key(text))
    except ValueError:
        raise PawpostError("The stages are Locate, Approach, Grab and Kill.") from None


@runs_in_database
def hunt(
    services: Services,
    actor: Actor,
    prey: str,
    locate_with: str,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
    spend_on: str | None = None,
    stages: int | None = None,
) -> Reply:
    """`/hunt start`: a new stored hunt, rolled from Locate on."""
    chosen = prey_choice(prey)
    locate = parse.skill(locate_with)
    stage_skill(Stage.LOCATE, locate)
    asked = _asked(spend, spend_on, knacks, stages)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = _hunter(tx, actor, guild, character)
        tx.characters.lock(cat)
        going = wcagr(tx).hunts.going_for(guild.guild_id, cat.id)
        if going is not None:
            raise PawpostError(
                f"{safe(cat.name)} is already on hunt {going.id} ({going.prey.label}); "
                "/hunt continue it first."
            )
        stages_now = STAGES if stages is None else STAGES[:stages]
        plan_stages(wcagr_sheet(cat), stages_now, locate, asked.knacks, spend, asked.spend_on)
        log_id = _log_hunter(tx, actor, guild, cat, now)
        hunt_id = wcagr(tx).hunts.start(
            guild.guild_id, actor.channel_id, chosen, locate, cat.id, now, log_id
        )
        stored = wcagr(tx).hunts.get(guild.guild_id, hunt_id)
        assert stored is not None
        lines = _run(services, tx, actor, guild, stored, cat, asked, now)
        wcagr(tx).hunts.save(stored, now)
        log_hunt_end(tx, stored)
    return Reply(title=title(stored), lines=lines, footer=f"/hunt join hunt:{stored.id}")


def _their_hunt(tx: Transaction, guild: Guild, cat: Character, hunt_id: int | None) -> StoredHunt:
    if hunt_id is None:
        found = wcagr(tx).hunts.going_for(guild.guild_id, cat.id)
        if found is None:
            raise PawpostError(f"{safe(cat.name)} is on no hunt; start one with /hunt start.")
        return found
    found = wcagr(tx).hunts.get(guild.guild_id, hunt_id)
    if found is None:
        raise PawpostError(f"There is no hunt {hunt_id} in this server.")
    return found


@runs_in_database
def continue_hunt(
    services: Services,
    actor: Actor,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
    spend_on: str | None = None,
    stages: int | None = None,
    locate_with: str | None = None,
) -> Reply:
    """`/hunt continue`: the stage where the hunt stands, by any cat of the hunt; at Locate the
    sense may change for the retry."""
    asked = _asked(spend, spend_on, knacks, stages)
    sense = None if locate_with is None else parse.skill(locate_with)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = acting_character(tx, actor, guild, character)
        stored = _their_hunt(tx, guild, cat, None)
        wcagr(tx).hunts.lock(stored)
        _hunter(tx, actor, guild, cat.name)
        if sense is not None:
            if stored.stage is not Stage.LOCATE or stored.state is not HuntState.GOING:
                raise PawpostError("The sense is chosen for Locate; this hunt is past it.")
            stage_skill(Stage.LOCATE, sense)
            stored.locate_skill = sense
        lines = _run(services, tx, actor, guild, stored, cat, asked, now)
        wcagr(tx).hunts.save(stored, now)
        log_hunt_end(tx, stored)
    return Reply(title=title(stored), lines=lines)


@runs_in_database
def join_hunt(services: Services, actor: Actor, hunt: int, character: str | None = None) -> Reply:
    """`/hunt join`: a teammate joins a hunt still going, and may roll its next stage."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = _hunter(tx, actor, guild, character)
        stored = _their_hunt(tx, guild, cat, hunt)
        wcagr(tx).hunts.lock(stored)
        if not stored.going:
            raise PawpostError(f"Hunt {stored.id} is over: the prey was {stored.state.value}.")
        if cat.id in stored.members:
            raise PawpostError(f"{safe(cat.name)} is already on hunt {stored.id}.")
        other = wcagr(tx).hunts.going_for(guild.guild_id, cat.id)
        if other is not None:
            raise PawpostError(f"{safe(cat.name)} is already on hunt {other.id}.")
        log_id = _log_hunter(tx, actor, guild, cat, now)
        wcagr(tx).hunts.add_member(stored.id, guild.guild_id, cat.id, now, log_id)
        tx.audit.add(audit.entry(actor, "hunt", f"joined hunt {stored.id}", now, character=cat))
    return Reply(
        title=title(stored),
        lines=[
            f"{safe(cat.name)} joins the hunt; any cat of it may /hunt continue at "
            f"{stored.stage.label}."
        ],
    )


def leave_hunt(tx: Transaction, hunt: StoredHunt, cat: Character, now: datetime) -> list[str]:
    """The cat leaves its hunt (it gives up, or it died): its line in the core's log ends as the
    hunt stands; the last hunter to leave gives the prey up."""
    log_id = wcagr(tx).hunts.remove_member(hunt, cat.id)
    if log_id is not None:
        tx.hunting.set_outcome(log_id, _outcome(hunt), 0)
    lines = [f"{safe(cat.name)} leaves hunt {hunt.id}."]
    if not hunt.members:
        hunt.state = HuntState.ABANDONED
        lines.append(f"No cat is left on it: the {hunt.prey.one} is given up.")
    wcagr(tx).hunts.save(hunt, now)
    return lines


@runs_in_database
def abandon(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/hunt abandon`: the cat gives up its hunt; its teammates may go on without it."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = acting_character(tx, actor, guild, character)
        stored = _their_hunt(tx, guild, cat, None)
        wcagr(tx).hunts.lock(stored)
        lines = leave_hunt(tx, stored, cat, now)
        tx.audit.add(audit.entry(actor, "hunt", f"left hunt {stored.id}", now, character=cat))
    return Reply(title=title(stored), lines=lines)


def status_lines(tx: Transaction, guild: Guild, stored: StoredHunt) -> list[str]:
    names = tx.characters.by_ids(guild.guild_id, stored.members)
    hunters = ", ".join(safe(names[i].name) for i in stored.members if i in names)
    lines = [f"Hunters: {hunters or 'none left'}."]
    if stored.state is HuntState.GOING:
        tries = WcagrSettings.of(guild.settings).tries_per_stage
        skill = stage_skill(stored.stage, stored.locate_skill)
        lines.append(
            f"At **{stored.stage.label}** ({skill.label} vs DC "
            f"{stage_dc(stored.prey, stored.stage)}), {stored.tries} of {tries} tries spent."
        )
    elif stored.state is HuntState.WEIGHING:
        lines.append("The kill stands: /hunt continue rolls the prey's weight.")
    else:
        lines.append(f"Over: the prey was {stored.state.value}.")
    return lines


@runs_in_database(read_only=True)
def status(
    services: Services, actor: Actor, hunt: int | None = None, character: str | None = None
) -> Reply:
    """`/hunt status`: a hunt's stage, tries and hunters (the acting cat's by default)."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        if hunt is None:
            cat = acting_character(tx, actor, guild, character)
            stored = _their_hunt(tx, guild, cat, None)
        else:
            found = wcagr(tx).hunts.get(guild.guild_id, hunt)
            if found is None:
                raise PawpostError(f"There is no hunt {hunt} in this server.")
            stored = found
        lines = status_lines(tx, guild, stored)
    return Reply(title=title(stored), lines=lines)
