"""A draft as the player sees it: the sheet so far, what is missing, and the steps' controls."""

from __future__ import annotations

from bot.actions.builder.editing import edited_id
from bot.actions.builder.spec import COUNTERS_PER_ROW, PICKS_PER_ROW, Builder, Counter, Form, Pick
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.reply import (
    Button,
    Modal,
    ModalField,
    Reply,
    Select,
    SelectOption,
    Style,
)
from storage.drafts import Draft
from storage.repositories import Transaction
from storage.settings import Guild

AREA = "draft"
SHOWN = "_pick"  # the draft's note of which pick's select is shown (several picks only)


def custom_id(draft: Draft, verb: str, step: int | None = None) -> str:
    """`pawpost:draft:<id>:<verb>[:<step>]`: the draft and, for a step's control, its index."""
    tail = "" if step is None else f":{step}"
    return f"pawpost:{AREA}:{draft.id}:{verb}{tail}"


def counter_value(counter: Counter, draft: Draft) -> int:
    return int(draft.choices.get(counter.key, counter.start))


def shown_pick(builder: Builder, draft: Draft) -> int | None:
    """The step index of the pick whose select is shown: the one last asked for, else the
    first not chosen yet, else the first."""
    picks = [i for i, step in enumerate(builder.steps) if isinstance(step, Pick)]
    if not picks:
        return None
    asked = draft.choices.get(SHOWN)
    if asked in picks:
        return int(asked)
    for index in picks:
        step = builder.steps[index]
        assert isinstance(step, Pick)
        if draft.choices.get(step.key) is None:
            return index
    return picks[0]


def _controls(builder: Builder, guild: Guild, draft: Draft, ready: bool) -> list[Button]:
    buttons = []
    counters = [(i, s) for i, s in enumerate(builder.steps) if isinstance(s, Counter)]
    for number, (index, counter) in enumerate(counters):
        low, high = counter.bounds(guild.settings, draft.choices)
        value = counter_value(counter, draft)
        row = number // COUNTERS_PER_ROW
        for verb, sign, blocked in (("less", "−", value <= low), ("more", "+", value >= high)):
            buttons.append(
                Button(
                    label=f"{sign} {counter.label}",
                    custom_id=custom_id(draft, verb, index),
                    disabled=blocked,
                    row=row,
                )
            )
    last_row = -(-len(counters) // COUNTERS_PER_ROW)
    picks = [(i, s) for i, s in enumerate(builder.steps) if isinstance(s, Pick)]
    if len(picks) > 1:
        shown = shown_pick(builder, draft)
        for number, (index, pick) in enumerate(picks):
            chosen = draft.choices.get(pick.key) is not None
            buttons.append(
                Button(
                    label=(pick.label or pick.placeholder) + (" ✓" if chosen else ""),
                    custom_id=custom_id(draft, "show", index),
                    style=Style.primary if index == shown else Style.secondary,
                    row=last_row + number // PICKS_PER_ROW,
                )
            )
        last_row += -(-len(picks) // PICKS_PER_ROW)
    for index, step in enumerate(builder.steps):
        if isinstance(step, Form):
            buttons.append(
                Button(
                    label=step.label,
                    custom_id=custom_id(draft, "form", index),
                    style=Style.primary,
                    row=last_row,
                )
            )
    buttons.append(
        Button(
            label="Create",
            custom_id=custom_id(draft, "create"),
            style=Style.success,
            disabled=not ready,
            row=last_row,
        )
    )
    if counters and builder.all_points:  # every number at once, not a click per point (after
        # Create, so the console's numbers for the other buttons stay as they were)
        buttons.append(
            Button(
                label="All points",
                custom_id=custom_id(draft, "points"),
                style=Style.primary,
                row=last_row,
            )
        )
    return buttons


def _select(builder: Builder, guild: Guild, draft: Draft) -> Select | None:
    index = shown_pick(builder, draft)
    if index is None:
        return None
    step = builder.steps[index]
    assert isinstance(step, Pick)
    chosen = draft.choices.get(step.key)
    placeholder = step.placeholder if chosen is None else f"{step.placeholder}: {chosen}"
    options = step.options_for(guild.settings, draft.choices)
    if not options:
        return None
    return Select(
        custom_id=custom_id(draft, "pick", index),
        placeholder=placeholder,
        options=[
            SelectOption(
                label=label,
                value=value,
                description=None if step.describe is None else step.describe(value),
            )
            for label, value in options
        ],
    )


def render(tx: Transaction, actor: Actor, guild: Guild, builder: Builder, draft: Draft) -> Reply:
    """The builder message: only its player sees it, and every click replaces it. A draft
    changing a turned-down sheet is titled so, with the admin's reason."""
    problems = builder.problems(tx, actor, guild, draft.choices)
    title = builder.title(draft.choices)
    lines = builder.lines(guild.settings, draft.choices)
    editing = edited_id(draft.choices)
    character = None if editing is None else tx.characters.by_id(guild.guild_id, editing)
    if character is not None:
        refusal = tx.approvals.latest_sheet(character.id)
        reason = None if refusal is None else refusal.reason
        title = f"Changing {safe(character.name)}'s turned-down sheet"
        lines = [
            f"An admin turned this sheet down: {safe(reason or 'no reason given')}",
            *lines,
        ]
    if problems:
        lines += ["Still to do before Create:", *(f"• {problem}" for problem in problems)]
    elif character is not None:
        lines.append(
            f"Ready: press Create to put this sheet in place of {safe(character.name)}'s and "
            "send it to the admins again."
        )
    else:
        lines.append("Ready: press Create to make it.")
    until = int(draft.expires_at.timestamp())
    lines.append(f"Only you can use this builder; it is kept until <t:{until}:f>.")
    return Reply(
        title=title,
        lines=lines,
        fields=builder.preview(tx, guild, draft.choices),
        buttons=_controls(builder, guild, draft, ready=not problems),
        select=_select(builder, guild, draft),
        ephemeral=True,
    )


POINTS_FIELD = "points"


def points_modal(builder: Builder, draft: Draft) -> Modal:
    """One box for every counter's number, in order, filled in with the draft's."""
    counters = [step for step in builder.steps if isinstance(step, Counter)]
    return Modal(
        custom_id=custom_id(draft, "setpoints"),
        title="All points at once",
        fields=[
            ModalField(
                key=POINTS_FIELD,
                label="The numbers, in order, spaces between"[:45],
                value=" ".join(str(counter_value(c, draft)) for c in counters),
                placeholder=" ".join(c.label for c in counters)[:100],
                max_length=100,
            )
        ],
    )


def form_modal(draft: Draft, index: int, form: Form) -> Modal:
    """A form's modal, filled in with what the draft holds already."""
    return Modal(
        custom_id=custom_id(draft, "fill", index),
        title=form.title,
        fields=[
            ModalField(
                key=field.key,
                label=field.label,
                value="" if draft.choices.get(field.key) is None else str(draft.choices[field.key]),
                required=field.required,
                max_length=field.max_length,
                placeholder=field.placeholder,
            )
            for field in form.fields
        ],
    )
