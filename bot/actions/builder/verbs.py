"""`/character new` and its builder's buttons, selects and forms, for any ruleset that has one.

Each click loads the stored draft (its id is in the custom id, so a restart loses nothing),
checks it is the clicker's and still fresh, changes it and shows it again, in one transaction.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.builder.editing import (
    EDITS,
    NO_LONGER,
    edited_id,
    latest_turned_down,
    turned_down,
)
from bot.actions.builder.spec import Builder, Choices, Counter, Form, Pick, Step
from bot.actions.builder.view import (
    AREA,
    POINTS_FIELD,
    SHOWN,
    counter_value,
    form_modal,
    points_modal,
    render,
)
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.scheduler import JobResult
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rulesets import RulesetNotBuilt
from storage.approvals import ApprovalKind
from storage.drafts import Draft, drafts
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

DRAFT_LIFETIME = timedelta(days=1)  # from the draft's last change
GONE = (
    "This builder is no longer in use (it expired or a newer one replaced it); "
    "start again with /character new."
)
EXPIRED = "This builder expired a day after its last change; start again with /character new."
NOT_YOURS = "This builder belongs to another player; start your own with /character new."
STALE = "That button is no longer in use; run the command again."
# The kind of step each verb acts on (`create` acts on the whole draft).
_KINDS: dict[str, type[Counter] | type[Form] | type[Pick]] = {
    "less": Counter, "more": Counter, "form": Form, "fill": Form, "pick": Pick, "show": Pick,
}  # fmt: skip


def builder_of(services: Services, ruleset_id: str) -> Builder:
    """The builder of a built ruleset, or one sentence saying there is none."""
    ruleset = services.ruleset(ruleset_id)
    if ruleset is None:
        raise RulesetNotBuilt(ruleset_id)
    if ruleset.builder is None:
        raise PawpostError(
            f"{ruleset.name} has no sheet builder yet; make a character with /character create."
        )
    return ruleset.builder


@runs_in_database
def new(services: Services, actor: Actor, start_over: str | None = None) -> Reply:
    """Reopen the player's draft (after a client reload), kept a day more; a new one when there
    is none fresh for the server's ruleset, or `start_over`. A player whose sheet an admin
    turned down gets the builder on that sheet instead (the one turned down last, unless a
    change of another is in progress), to change it and send it again."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        builder = builder_of(services, guild.ruleset)
        kept = drafts(tx).of_owner(actor.guild_id, actor.user_id)
        fresh = kept is not None and kept.expires_at > now and kept.ruleset == guild.ruleset
        editing = None if kept is None else edited_id(kept.choices)
        refused = (
            None
            if builder.choices_of is None
            else latest_turned_down(tx, actor.guild_id, actor.user_id, guild.ruleset)
        )
        if editing is not None and turned_down(tx, actor.guild_id, editing) is None:
            fresh = False  # its sheet was approved, sent again or deleted meanwhile
        elif editing is not None and builder.choices_of is not None:
            # start-over restarts the change of the same character, from its sheet
            refused = tx.characters.by_id(actor.guild_id, editing) or refused
        reopen = kept is not None and fresh and start_over != "yes"
        if kept is not None and reopen and (refused is None or editing is not None):
            kept = kept.model_copy(update={"expires_at": now + DRAFT_LIFETIME})
            drafts(tx).save(kept)
            reply = render(tx, actor, guild, builder, kept)
            again = "Your draft, as you left it (start-over:yes starts a new one)."
            return reply.model_copy(update={"lines": [again, *reply.lines]})
        if refused is not None:
            reply = _edit_draft(tx, actor, guild, builder, refused, now)
            if reopen:  # a new character's draft, set aside for the turned-down sheet
                dropped = "Your unfinished draft of a new character is discarded."
                reply = reply.model_copy(update={"lines": [dropped, *reply.lines]})
            return reply
        draft = drafts(tx).replace(
            Draft(
                guild_id=actor.guild_id,
                owner_id=actor.user_id,
                ruleset=guild.ruleset,
                choices=builder.start(guild.settings),
                created_at=now,
                expires_at=now + DRAFT_LIFETIME,
            )
        )
        return render(tx, actor, guild, builder, draft)


def _edit_draft(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    builder: Builder,
    character: Character,
    now: datetime,
) -> Reply:
    """A new draft filled in from a turned-down character's sheet, in place of any other."""
    assert builder.choices_of is not None
    draft = drafts(tx).replace(
        Draft(
            guild_id=actor.guild_id,
            owner_id=actor.user_id,
            ruleset=guild.ruleset,
            choices={**builder.choices_of(tx, guild, character), EDITS: character.id},
            created_at=now,
            expires_at=now + DRAFT_LIFETIME,
        )
    )
    return render(tx, actor, guild, builder, draft)


@runs_in_database
def edit(services: Services, actor: Actor, character_id: int) -> Reply:
    """The rejection message's button: the builder on that character's turned-down sheet (a
    draft of it in progress reopens as it was left)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = tx.characters.by_id(actor.guild_id, character_id)
        if found is None:
            raise PawpostError("That character is no longer in this server.")
        if found.owner_id != actor.user_id:
            raise PawpostError(f"{safe(found.name)} belongs to another player.")
        if found.ruleset != guild.ruleset:
            raise PawpostError(
                f"{safe(found.name)} belongs to a ruleset this server no longer plays."
            )
        if turned_down(tx, actor.guild_id, found.id) is None:
            raise PawpostError(
                f"{safe(found.name)}'s sheet is not turned down; there is nothing to change."
            )
        builder = builder_of(services, guild.ruleset)
        if builder.choices_of is None:
            raise PawpostError(f"{safe(found.name)}'s sheet cannot be reopened in the builder.")
        kept = drafts(tx).of_owner(actor.guild_id, actor.user_id)
        if kept is not None and kept.expires_at > now and edited_id(kept.choices) == found.id:
            kept = kept.model_copy(update={"expires_at": now + DRAFT_LIFETIME})
            drafts(tx).save(kept)
            return render(tx, actor, guild, builder, kept)
        return _edit_draft(tx, actor, guild, builder, found, now)


def _open(
    tx: Transaction, services: Services, actor: Actor, draft_id: int, now: datetime
) -> tuple[Guild, Builder, Draft]:
    """The clicked draft, if it is still there, the clicker's own and fresh."""
    draft = drafts(tx).get(actor.guild_id, draft_id)
    if draft is None:
        raise PawpostError(GONE)
    if draft.owner_id != actor.user_id:
        raise PawpostError(NOT_YOURS)
    if draft.expires_at <= now:
        raise PawpostError(EXPIRED)
    guild = tx.guilds.get(actor.guild_id)
    if guild.ruleset != draft.ruleset:
        raise PawpostError(
            "This server plays another ruleset now; start again with /character new."
        )
    editing = edited_id(draft.choices)
    if editing is not None and turned_down(tx, actor.guild_id, editing) is None:
        raise PawpostError(NO_LONGER)
    return guild, builder_of(services, draft.ruleset), draft


def _step(builder: Builder, press: Press) -> tuple[int, Step]:
    """The step a control names by its index (and the index), if the verb fits it."""
    if press.arg is None or not 0 <= press.arg < len(builder.steps):
        raise PawpostError(STALE)
    step = builder.steps[press.arg]
    if not isinstance(step, _KINDS.get(press.verb, type(None))):
        raise PawpostError(STALE)
    return press.arg, step


def _counted(guild: Guild, counter: Counter, draft: Draft, change: int) -> Choices:
    low, high = counter.bounds(guild.settings, draft.choices)
    value = counter_value(counter, draft) + change
    if change < 0 and value < low:
        raise PawpostError(f"{counter.label} is as low as it can go.")
    if change > 0 and value > high:
        raise PawpostError(f"{counter.label} is as high as it can go now.")
    return {**draft.choices, counter.key: value}


def _filled(form: Form, draft: Draft, answers: dict[str, str]) -> Choices:
    """The form's answers taken into the draft: an empty optional box clears its choice."""
    choices = dict(draft.choices)
    for field in form.fields:
        raw = answers.get(field.key, "").strip()
        if not raw:
            if field.required:
                raise PawpostError(f"{field.label} cannot be left empty.")
            choices.pop(field.key, None)
            continue
        if len(raw) > field.max_length:
            raise PawpostError(f"{field.label} can be at most {field.max_length} characters.")
        if field.number:
            try:
                choices[field.key] = int(raw)
            except ValueError:
                raise PawpostError(
                    f"{field.label} must be a whole number; you wrote {safe(raw)}."
                ) from None
        else:
            choices[field.key] = raw
    return choices


def _picked(guild: Guild, builder: Builder, pick: Pick, draft: Draft, values: list[str]) -> Choices:
    """The value picked, and any other pick it no longer offers dropped (a class changed
    drops the old class's skillsets); the select shown next is the next pick not chosen,
    else this one, so that forms filled after it keep it in view."""
    offered = {value for _label, value in pick.options_for(guild.settings, draft.choices)}
    if len(values) != 1 or values[0] not in offered:
        raise PawpostError("That choice is not on offer; pick one of the list.")
    choices = {**draft.choices, pick.key: values[0]}
    picks = [(i, s) for i, s in enumerate(builder.steps) if isinstance(s, Pick)]
    for _index, other in picks:
        value = choices.get(other.key)
        if other is pick or value is None or other.offered is None:
            continue
        if value not in {v for _label, v in other.options_for(guild.settings, choices)}:
            choices.pop(other.key)
    here = next(i for i, s in picks if s is pick)
    later = [i for i, s in picks if i > here and choices.get(s.key) is None]
    sooner = [i for i, s in picks if choices.get(s.key) is None]
    choices[SHOWN] = (later or sooner or [here])[0]
    return choices


def _create(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    builder: Builder,
    draft: Draft,
    now: datetime,
    dice: DiceSource,
) -> Reply:
    problems = builder.problems(tx, actor, guild, draft.choices)
    if problems:
        raise PawpostError(problems[0])
    editing = edited_id(draft.choices)
    if editing is not None:
        return _replace(tx, actor, guild, builder, draft, editing, now, dice)
    made = builder.create(tx, actor, guild, draft.choices, now, dice)
    drafts(tx).delete(actor.guild_id, draft.id)
    # The builder (its player's alone) shows what was made, and the channel sees the new
    # character as it sees one made by `/character create` (and answers its buttons: a
    # mother's player accepting). A ruleset whose create has its own post for the channel
    # (Caverns' arrival with a Moon's dice, a request waiting for approval) has that posted.
    told = made.announce if made.announce is not None else made
    shown = Reply(title=made.title, lines=made.lines, update=True, ephemeral=True)
    return shown.model_copy(update={"announce": told.model_copy(update={"ephemeral": False})})


def _replace(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    builder: Builder,
    draft: Draft,
    character_id: int,
    now: datetime,
    dice: DiceSource,
) -> Reply:
    """Create on a turned-down sheet's draft: the new sheet in place of the old, logged, and
    sent to the admins again (as `/character submit` does), in one message."""
    character = tx.characters.by_id(actor.guild_id, character_id)
    if character is None or builder.replace is None:
        raise PawpostError(NO_LONGER)
    tx.characters.lock(character)
    if turned_down(tx, actor.guild_id, character.id) is None:  # decided while we waited
        raise PawpostError(NO_LONGER)
    old_name = character.name
    told = builder.replace(tx, actor, guild, draft.choices, character, now, dice)
    renamed = "" if character.name == old_name else f" (was {old_name})"
    tx.audit.add(
        audit.entry(
            actor,
            "character",
            f"changed the turned-down sheet of {character.name}{renamed}",
            now,
            character=character,
        )
    )
    approval_id = tx.approvals.add(
        actor.guild_id, character.id, ApprovalKind.SHEET, actor.user_id, now
    )
    tx.audit.add(audit.entry(actor, "approval", "asked again", now, character=character))
    tx.notes.held.append(approval_id)
    drafts(tx).delete(actor.guild_id, draft.id)
    name = safe(character.name)
    return Reply(
        title=f"{name}'s sheet is changed",
        lines=[f"{name}'s changed sheet is sent to the admins again.", *told.lines],
        update=True,
        ephemeral=True,
        announce=told.announce,
    )


@runs_in_database
def click(services: Services, actor: Actor, press: Press) -> Reply:
    """A builder's button, select or form: change the draft and show it again."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, builder, draft = _open(tx, services, actor, press.id, now)
        if press.verb == "create":
            return _create(tx, actor, guild, builder, draft, now, services.dice)
        if press.verb in ("points", "setpoints") and not builder.all_points:
            raise PawpostError(STALE)
        if press.verb == "points":
            return Reply(modal=points_modal(builder, draft))
        if press.verb == "setpoints":
            choices = _all_points(guild, builder, draft, press.fields.get(POINTS_FIELD, ""))
            return _saved(tx, actor, guild, builder, draft, choices, now)
        index, step = _step(builder, press)
        if isinstance(step, Form) and press.verb == "form":
            return Reply(modal=form_modal(draft, index, step))
        if isinstance(step, Pick) and press.verb == "show":
            choices = {**draft.choices, SHOWN: index}
        elif isinstance(step, Counter):
            choices = _counted(guild, step, draft, 1 if press.verb == "more" else -1)
        elif isinstance(step, Form):
            choices = _filled(step, draft, dict(press.fields))
        else:
            choices = _picked(guild, builder, step, draft, list(press.values))
        return _saved(tx, actor, guild, builder, draft, choices, now)


def _saved(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    builder: Builder,
    draft: Draft,
    choices: Choices,
    now: datetime,
) -> Reply:
    """The draft with its new choices, kept a day more, and shown again."""
    draft = draft.model_copy(update={"choices": choices, "expires_at": now + DRAFT_LIFETIME})
    drafts(tx).save(draft)
    return render(tx, actor, guild, builder, draft).model_copy(update={"update": True})


def _all_points(guild: Guild, builder: Builder, draft: Draft, typed: str) -> Choices:
    """Every counter's number from one line ("4 4 4 4 3 3"), each within what the others
    leave it."""
    counters = [step for step in builder.steps if isinstance(step, Counter)]
    labels = ", ".join(counter.label for counter in counters)
    parts = typed.replace(",", " ").split()
    if len(parts) != len(counters):
        raise PawpostError(
            f"Give {len(counters)} whole numbers, in order: {labels}; you gave {len(parts)}."
        )
    try:
        values = [int(part) for part in parts]
    except ValueError:
        raise PawpostError(f"Give whole numbers, in order: {labels}.") from None
    choices = {**draft.choices, **{c.key: v for c, v in zip(counters, values, strict=True)}}
    for counter, value in zip(counters, values, strict=True):
        low, high = counter.bounds(guild.settings, {**choices, counter.key: counter.start})
        if not low <= value <= high:
            raise PawpostError(
                f"{counter.label} can be {low} to {high} with the others as given; not {value}."
            )
    return choices


VERBS = ("less", "more", "form", "fill", "pick", "show", "create", "points", "setpoints")


async def _edit_button(services: Services, actor: Actor, press: Press) -> Reply:
    """`pawpost:draft:<character id>:edit`, on the message telling a sheet was turned down."""
    return await edit(services, actor, press.id)


DRAFT_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    **{(AREA, verb): click for verb in VERBS},
    (AREA, "edit"): _edit_button,
}


async def forget_expired_drafts(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: expired drafts are deleted (within the hour it wakes at least)."""
    await services.db.transact(lambda tx: drafts(tx).delete_expired(now))
    return JobResult()
