"""The slash commands every ruleset shares, declared once: path, options, who, the action.

A ruleset's own commands are in `bot/commands/<ruleset>.py`; `bot/commands/catalog.py` puts a
server's set together.
"""

from __future__ import annotations

from collections.abc import Awaitable

from bot.actions import (
    admin,
    approvals,
    card,
    characters,
    export,
    log,
    posts,
    profiles,
    roll,
    server_config,
)
from bot.actions.builder import verbs as builder
from bot.actions.context import Actor, Services
from bot.actions.gm import complete as gm_complete
from bot.actions.reply import Reply
from bot.commands.spec import (
    NOT_BUILT,
    REASON,
    Command,
    Groups,
    Kind,
    MessageCommand,
    Option,
    character_option,
    not_built,
)


def _hours() -> Option:
    return Option(
        "hours",
        Kind.integer,
        "Hours",
        True,
        min_value=1,
        max_value=server_config.MOST_TIMEOUT_HOURS,
    )


CORE_GROUPS: Groups = {
    ("character",): "Your characters: make, show, list, rename, delete, choose",
    ("config",): "This server's settings",
    ("admin",): "The GM's hand: correct sheets, adjudicate, undo, scenes (admins)",
    ("config", "admin-role"): "The role that adjudicates like Manage Server does",
}

CORE_COMMANDS: tuple[Command, ...] = (
    Command(
        ("roll",),
        "Roll dice: 3d8+5, 4d6kh3, 2d20kl1, 2d6!, (1d6+2)*3, 5d6>=5 successes (docs/dice.md)",
        roll.roll,
        (
            Option("expression", Kind.text, "Dice to roll, e.g. 2d6+1", True, max_length=200),
            REASON,
            Option(
                "secret",
                Kind.text,
                "yes: only you and the admins see what came up",
                choices=("yes", "no"),
            ),
        ),
    ),
    Command(
        ("character", "create"),
        "Make a character (this ruleset is not built yet)",
        not_built,
        (Option("name", Kind.text, "The character's name", True, max_length=32),),
        rulesets=NOT_BUILT,
    ),
    Command(
        ("character", "new"),
        "Make a character step by step, or change a turned-down one (your draft reopens), "
        "then Create",
        builder.new,
        (Option("start-over", Kind.text, "Discard your draft and begin anew", choices=("yes",)),),
    ),
    Command(
        ("character", "show"),
        "Show a character's sheet",
        characters.show,
        (Option("character", Kind.character, "Whose sheet (default: your active character)"),),
    ),
    Command(
        ("character", "list"),
        "List the server's characters",
        characters.list_characters,
        (Option("page", Kind.integer, "Page number", min_value=1),),
    ),
    Command(
        ("character", "rename"),
        "Rename one of your characters",
        characters.rename,
        (
            Option("name", Kind.text, "The new name", True, max_length=32, keyword="new_name"),
            character_option(),
        ),
    ),
    Command(
        ("character", "delete"),
        "Delete one of your characters (an admin can restore it)",
        characters.delete,
        (character_option(),),
    ),
    Command(
        ("character", "use"),
        "Choose which of your characters your commands act as",
        characters.use,
        (Option("character", Kind.character, "Your character", True),),
    ),
    Command(
        ("character", "profile"),
        "Your character's avatar, colour, pronouns and description (- clears one)",
        profiles.set_profile,
        (
            character_option("Which character (default: your active one; an admin: anyone's)"),
            Option("avatar", Kind.attachment, "An image to use as the avatar"),
            Option("avatar-url", Kind.text, "An https link to an image", max_length=1000),
            Option("colour", Kind.text, "#hex or a name such as blue", max_length=20),
            Option("pronouns", Kind.text, "Pronouns", max_length=40),
            Option("description", Kind.text, "A short description", max_length=1000),
        ),
    ),
    Command(
        ("character", "card"),
        "A picture of a character's sheet, with its avatar",
        card.card,
        (Option("character", Kind.character, "Whose card (default: your active character)"),),
    ),
    Command(
        ("character", "submit"),
        "Send a turned-down sheet to the admins again",
        approvals.submit,
        (character_option(),),
    ),
    Command(
        ("character", "request"),
        "Ask the admins to set a field you may not set alone (a lasting condition, the age)",
        approvals.request_edit,
        (
            Option(
                "field",
                Kind.text,
                "The field, as the sheet names it",
                True,
                max_length=100,
                complete=gm_complete.own_fields,
            ),
            Option("value", Kind.text, "Its new value", True, max_length=200),
            Option("reason", Kind.text, "Why (the admins see it)", max_length=300),
            character_option(),
        ),
    ),
    Command(
        ("say",),
        "Post as your character, or an admin as an NPC; [[2d6+1]] rolls (no text: a form)",
        posts.say,
        (
            Option("character", Kind.character, "Which of your characters"),
            Option("text", Kind.text, "What your character says", max_length=2000),
            Option("npc", Kind.npc, "Admins: the NPC who speaks (/npc add)", max_length=32),
        ),
    ),
    Command(
        ("check",),
        "Roll a check (this ruleset is not built yet)",
        not_built,
        rulesets=NOT_BUILT,
    ),
    Command(
        ("log",),
        "Recent rolls of a character, or of this channel",
        log.recent,
        (
            Option("character", Kind.character, "Whose rolls (default: this channel's)"),
            Option("limit", Kind.integer, "How many", min_value=1, max_value=log.MAX_LOG_LIMIT),
        ),
    ),
    Command(("config", "show"), "Show this server's settings", server_config.show),
    Command(
        ("config", "ruleset"),
        "Choose the ruleset this server plays",
        server_config.set_ruleset,
        (Option("ruleset", Kind.ruleset, "The ruleset", True),),
        admin=True,
    ),
    Command(
        ("config", "timezone"),
        "Set the server's time zone",
        server_config.set_timezone,
        (Option("zone", Kind.zone, "An IANA name such as Europe/London", True),),
        admin=True,
    ),
    Command(
        ("config", "admin-role", "set"),
        "Let a role adjudicate like Manage Server does",
        server_config.set_admin_role,
        (Option("role", Kind.role, "The admin role", True, keyword="role_id"),),
        admin=True,
    ),
    Command(
        ("config", "admin-role", "clear"),
        "Stop letting a role adjudicate: Manage Server only",
        server_config.clear_admin_role,
        admin=True,
    ),
    Command(
        ("config", "approval"),
        "Whether new characters wait for an admin's approval before they roll (default off)",
        approvals.set_approval,
        (Option("approval", Kind.text, "on or off", True, choices=("on", "off")),),
        admin=True,
    ),
    Command(
        ("config", "contest-timeout"),
        "After how long admins may roll for a defender who has not answered (default 24 h)",
        server_config.set_contest_timeout,
        (_hours(),),
        admin=True,
        schedules=True,
    ),
    Command(
        ("config", "turn-timeout"),
        "After how long a fighter who has not acted is reminded (default 24 h)",
        server_config.set_turn_timeout,
        (_hours(),),
        admin=True,
        schedules=True,
    ),
    Command(
        ("config", "turn-skip"),
        "After how long more a reminded fighter's turn is offered to admins to skip (24 h)",
        server_config.set_turn_skip,
        (_hours(),),
        admin=True,
        schedules=True,
    ),
    Command(
        ("admin", "export"),
        "Download this server's characters and log as compressed JSON",
        export.export,
        admin=True,
    ),
    Command(
        ("admin", "approvals"),
        "The sheets and edits waiting for approval",
        approvals.queue,
        admin=True,
    ),
    Command(
        ("admin", "restore"),
        "Bring back a deleted character",
        characters.restore,
        (Option("character", Kind.text, "The deleted character's name", True, max_length=32),),
        admin=True,
    ),
    Command(
        ("admin", "adjudicate"),
        "Override the outcome of a logged roll",
        admin.adjudicate,
        (
            Option("roll", Kind.integer, "The roll's number from /log", True, min_value=1),
            Option(
                "outcome",
                Kind.text,
                "What happens instead",
                True,
                max_length=200,
                complete=gm_complete.outcomes,
            ),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
    ),
    Command(
        ("hunt",),
        "Hunt (this ruleset is not built yet)",
        not_built,
        rulesets=NOT_BUILT,
    ),
)


def _say_as(services: Services, actor: Actor, message_id: int, text: str) -> Awaitable[Reply]:
    return posts.say_as_form(services, actor)


def _edit_as(services: Services, actor: Actor, message_id: int, text: str) -> Awaitable[Reply]:
    return posts.edit_form(services, actor, message_id, text)


def _delete(services: Services, actor: Actor, message_id: int, text: str) -> Awaitable[Reply]:
    return posts.delete(services, actor, message_id)


def _who(services: Services, actor: Actor, message_id: int, text: str) -> Awaitable[Reply]:
    return posts.who(services, actor, message_id)


MESSAGE_COMMANDS: tuple[MessageCommand, ...] = (
    MessageCommand("Say as…", "Post a long text as your character, through a form", _say_as),
    MessageCommand(
        "Edit as character", "Edit a post made as your character (or, for admins, any)", _edit_as
    ),
    MessageCommand("Delete", "Delete a post made as your character (or, for admins, any)", _delete),
    MessageCommand("Who posted this?", "Which player posted as that character", _who),
)
