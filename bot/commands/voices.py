"""The commands of posting in a voice and of saved rolls, for every ruleset: proxy tags and
autoproxy, the admins' NPCs, saved rolls (`/macro`) and the post log."""

from __future__ import annotations

from bot.actions import npcs, post_log, saved_rolls, voice_tags
from bot.commands.spec import REASON, Command, Groups, Kind, Option, character_option

_TAGS = Option(
    "tags", Kind.text, 'Where the message goes: "Ash: text", or several: "Ash: text | [text]"',
    True, max_length=200,
)  # fmt: skip
_SAVED = Option("name", Kind.saved_roll, "The saved roll", True, max_length=32)
_NPC = Option("name", Kind.npc, "The NPC", True, max_length=32)
_SECRET = Option(
    "secret", Kind.text, "yes: only you and the admins see what came up", choices=("yes", "no")
)

VOICE_GROUPS: Groups = {
    ("character", "proxy"): "Proxy tags: messages written in them are posted as the character",
    ("npc",): "The admins' NPCs: voices with a name, an avatar and a colour",
    ("macro",): "Your character's saved rolls",
    ("config", "post-log"): "Where posts made as characters are logged with who made them",
}

VOICE_COMMANDS: tuple[Command, ...] = (
    Command(
        ("character", "proxy", "set"),
        "Post as a character by writing in its tags: Ash: hello (needs proxying on the bot)",
        voice_tags.set_tags,
        (_TAGS, character_option()),
    ),
    Command(
        ("character", "proxy", "show"),
        "A character's proxy tags",
        voice_tags.show_tags,
        (character_option(),),
    ),
    Command(
        ("character", "proxy", "clear"),
        "Take a character's proxy tags away",
        voice_tags.clear_tags,
        (character_option(),),
    ),
    Command(
        ("autoproxy",),
        "In this channel: latch (your last tagged character speaks on), front, or off",
        voice_tags.autoproxy,
        (
            Option("mode", Kind.text, "latch, front or off", True, choices=voice_tags.MODES),
            Option("character", Kind.character, "front: which of your characters speaks"),
        ),
    ),
    Command(
        ("npc", "add"),
        "Make an NPC (or change one): a name, an avatar, a colour and proxy tags; no sheet",
        npcs.add,
        (
            Option("name", Kind.text, "The NPC's name", True, max_length=32),
            Option("avatar", Kind.attachment, "An image to use as the avatar"),
            Option("avatar-url", Kind.text, "An https link to an image", max_length=1000),
            Option("colour", Kind.text, "#hex or a name such as blue", max_length=20),
            Option("tags", Kind.text, 'Proxy tags, like "Guard: text" (- clears)', max_length=200),
        ),
        admin=True,
    ),
    Command(("npc", "list"), "The server's NPCs and their tags", npcs.list_npcs),
    Command(("npc", "remove"), "Remove an NPC (its posts stay)", npcs.remove, (_NPC,), admin=True),
    Command(
        ("macro", "set"),
        "Save a roll for your character: 1d20+{stealth} takes the sheet's values by name",
        saved_rolls.set_roll,
        (
            Option("name", Kind.text, "A name for it", True, max_length=32),
            Option("expression", Kind.text, "Dice, e.g. 1d20+{stealth}", True, max_length=200),
            character_option(),
        ),
    ),
    Command(
        ("macro", "roll"),
        "Roll one of your character's saved rolls (logged like /roll)",
        saved_rolls.roll_saved,
        (_SAVED, character_option(), REASON, _SECRET),
    ),
    Command(
        ("macro", "list"),
        "Your character's saved rolls, and the sheet's values by name",
        saved_rolls.list_rolls,
        (character_option(),),
    ),
    Command(
        ("macro", "delete"),
        "Delete one of your character's saved rolls",
        saved_rolls.delete_roll,
        (_SAVED, character_option()),
    ),
    Command(
        ("config", "post-log", "set"),
        "Log each post made as a character or an NPC, with who made it, in a channel",
        post_log.set_post_log,
        (Option("channel", Kind.channel, "The log channel", True, keyword="channel_id"),),
        admin=True,
    ),
    Command(
        ("config", "post-log", "off"),
        "Stop logging posts made as characters",
        post_log.post_log_off,
        admin=True,
    ),
)
