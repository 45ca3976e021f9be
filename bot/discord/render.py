"""A `Reply` as Discord shows it: an embed within Discord's limits, buttons, pings, a file."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.actions.reply import Modal, Reply, Style, Tone

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_LIMIT = 25
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
CONTENT_LIMIT = 2000
BUTTON_LABEL_LIMIT = 80
BUTTONS_PER_ROW = 5
ROWS_LIMIT = 5
SELECT_OPTIONS_LIMIT = 25
MODAL_TITLE_LIMIT = 45
INPUT_LABEL_LIMIT = 45
INPUT_PLACEHOLDER_LIMIT = 100
MODAL_FIELDS_LIMIT = 5
COLOUR = discord.Colour.from_rgb(0xB8, 0x73, 0x33)
# The colour of an embed whose character has none of their own: the outcome, in every ruleset.
TONE_COLOURS = {
    Tone.success: discord.Colour.from_rgb(0x3B, 0xA5, 0x5C),
    Tone.failure: discord.Colour.from_rgb(0xD8, 0x3C, 0x3E),
    Tone.neutral: COLOUR,
}

_STYLES = {
    Style.primary: discord.ButtonStyle.primary,
    Style.secondary: discord.ButtonStyle.secondary,
    Style.success: discord.ButtonStyle.success,
    Style.danger: discord.ButtonStyle.danger,
}


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def colour(reply: Reply) -> discord.Colour:
    """The character's own colour, else the outcome's, else Pawpost's copper."""
    if reply.colour is not None:
        return discord.Colour(reply.colour)
    return TONE_COLOURS[reply.tone or Tone.neutral]


def footer(reply: Reply) -> str | None:
    """The reply's footer with its audit id, once (a roll's footer may name it already)."""
    mark = None if reply.audit_id is None else f"#{reply.audit_id}"
    if reply.footer and (mark is None or mark in reply.footer):
        return reply.footer
    if mark is None:
        return None
    return f"{reply.footer} · audit {mark}" if reply.footer else f"audit {mark}"


def embed(reply: Reply) -> discord.Embed:
    """The reply's embed; text that would pass a limit is cut with an ellipsis. It carries its
    character's avatar as thumbnail, a colour, its time and its audit id."""
    result = discord.Embed(
        title=clip(reply.title, TITLE_LIMIT) if reply.title else None,
        description=clip("\n".join(reply.lines), DESCRIPTION_LIMIT) if reply.lines else None,
        colour=colour(reply),
        timestamp=reply.timestamp,
    )
    if reply.avatar_url:
        result.set_thumbnail(url=reply.avatar_url)
    if reply.attachment is not None and reply.attachment.filename.endswith(".png"):
        result.set_image(url=f"attachment://{reply.attachment.filename}")  # a card, in the embed
    used = len(result.title or "") + len(result.description or "")
    for item in reply.fields[:FIELDS_LIMIT]:
        name = clip(item.name, FIELD_NAME_LIMIT) or "\u200b"
        value = clip(item.value, FIELD_VALUE_LIMIT) or "\u200b"
        if used + len(name) + len(value) > EMBED_TOTAL_LIMIT - FOOTER_LIMIT:
            break
        used += len(name) + len(value)
        result.add_field(name=name, value=value, inline=item.inline)
    shown_footer = footer(reply)
    if shown_footer:
        result.set_footer(text=clip(shown_footer, FOOTER_LIMIT))
    return result


def view(reply: Reply) -> discord.ui.View | None:
    """Buttons (five a row) and a select; their custom ids carry what a click needs."""
    if not reply.buttons and reply.select is None:
        return None
    result = discord.ui.View(timeout=None)
    rows = ROWS_LIMIT - (1 if reply.select else 0)
    for number, button in enumerate(reply.buttons[: rows * BUTTONS_PER_ROW]):
        result.add_item(
            discord.ui.Button(
                label=clip(button.label, BUTTON_LABEL_LIMIT),
                custom_id=button.custom_id,
                style=_STYLES[button.style],
                disabled=button.disabled,
                row=number // BUTTONS_PER_ROW if button.row is None else button.row,
            )
        )
    if reply.select is not None:
        result.add_item(
            discord.ui.Select(
                custom_id=reply.select.custom_id,
                placeholder=clip(reply.select.placeholder, 150),
                options=[
                    discord.SelectOption(
                        label=clip(o.label, 100),
                        value=o.value,
                        description=clip(o.description, 100) if o.description else None,
                    )
                    for o in reply.select.options[:SELECT_OPTIONS_LIMIT]
                ],
                row=ROWS_LIMIT - 1,
            )
        )
    return result


def modal(form: Modal) -> discord.ui.Modal:
    """A form as Discord's modal. It is never kept in memory: its submission comes back as an
    interaction with the form's custom id, like a button's, and works after a restart too."""
    result = discord.ui.Modal(title=clip(form.title, MODAL_TITLE_LIMIT), custom_id=form.custom_id)
    for field in form.fields[:MODAL_FIELDS_LIMIT]:
        result.add_item(
            discord.ui.TextInput(
                label=clip(field.label, INPUT_LABEL_LIMIT),
                custom_id=field.key,
                default=field.value[: field.max_length] or None,
                required=field.required,
                max_length=field.max_length,
                style=discord.TextStyle.paragraph if field.long else discord.TextStyle.short,
                placeholder=clip(field.placeholder, INPUT_PLACEHOLDER_LIMIT) or None,
            )
        )
    result.stop()
    return result


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    """Only the reply's intended users are pinged: never everyone, here or a role."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in reply.mentions],
    )


def content(reply: Reply) -> str | None:
    """Mentions go in the message text: Discord pings no one named only inside an embed."""
    if not reply.mentions:
        return None
    return clip(" ".join(f"<@{user_id}>" for user_id in reply.mentions), CONTENT_LIMIT)


def message_kwargs(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for `send_message`, `followup.send` or `channel.send`."""
    kwargs: dict[str, Any] = {
        "content": content(reply),
        "embed": embed(reply),
        "allowed_mentions": allowed_mentions(reply),
    }
    built = view(reply)
    if built is not None:
        kwargs["view"] = built
    if reply.attachment is not None:
        kwargs["file"] = discord.File(
            io.BytesIO(reply.attachment.content), filename=reply.attachment.filename
        )
    return kwargs


def edit_kwargs(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for replacing a message: the old buttons go unless new ones come."""
    return {
        "content": content(reply),
        "embed": embed(reply),
        "view": view(reply),
        "allowed_mentions": allowed_mentions(reply),
    }
