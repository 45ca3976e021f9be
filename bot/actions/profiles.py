"""`/character profile`: a character's avatar, colour, pronouns and description."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bot.actions import audit
from bot.actions.about import with_profile
from bot.actions.context import Actor, Services, Upload, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import KeptUpload, Reply, ReplyField
from rules.errors import PawpostError
from storage.profiles import Profile
from storage.voices import voices

MAX_URL_LENGTH = 1000
MAX_PRONOUNS_LENGTH = 40
MAX_DESCRIPTION_LENGTH = 1000
# Colours by name, as players write them; anything else is a #hex.
NAMED_COLOURS = {
    "red": 0xE74C3C,
    "orange": 0xE67E22,
    "yellow": 0xF1C40F,
    "gold": 0xD4AF37,
    "green": 0x2ECC71,
    "teal": 0x1ABC9C,
    "blue": 0x3498DB,
    "navy": 0x34495E,
    "purple": 0x9B59B6,
    "pink": 0xE91E63,
    "brown": 0x8B5A2B,
    "copper": 0xB87333,
    "black": 0x23272A,
    "white": 0xFFFFFF,
    "grey": 0x95A5A6,
    "gray": 0x95A5A6,
}
HEX_COLOUR = re.compile(r"#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})")


def parse_colour(text: str) -> int:
    """A colour as `#rrggbb`, `#rgb` or a name from NAMED_COLOURS."""
    cleaned = text.strip().lower()
    if cleaned in NAMED_COLOURS:
        return NAMED_COLOURS[cleaned]
    match = HEX_COLOUR.fullmatch(cleaned)
    if match is None:
        names = ", ".join(sorted(NAMED_COLOURS))
        raise PawpostError(
            f"{safe(text.strip())} is not a colour: give a hex code such as #3498db "
            f"or one of {names}."
        )
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    return int(digits, 16)


def check_avatar_url(url: str) -> str:
    """An avatar URL as stored: https, with a host (what it serves is checked by the transport
    that can fetch it, `Services.fetch_image`)."""
    cleaned = url.strip()
    if len(cleaned) > MAX_URL_LENGTH:
        raise PawpostError(f"An avatar URL can be at most {MAX_URL_LENGTH} characters long.")
    parts = urlsplit(cleaned)
    if parts.scheme != "https" or not parts.hostname:
        raise PawpostError("An avatar must be an https:// link to an image.")
    return cleaned


def check_upload(upload: Upload) -> str:
    """An attached avatar as first stored: the link the transport gave for it, if it is an
    image. Discord's link to a command's attachment lasts only a while: the transport then
    keeps a copy and stores its link instead (`keep_avatar`). The link comes from the
    transport (Discord's CDN; the e2e tests' fake serves it over http on 127.0.0.1), not from
    what a member typed, so any http(s) link with a host is taken."""
    if not (upload.content_type or "").startswith("image/"):
        raise PawpostError("An avatar must be an image (PNG, JPEG, GIF or WebP).")
    parts = urlsplit(upload.url)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise PawpostError("An avatar must be an https:// link to an image.")
    return upload.url


def kept_upload(
    upload: Upload | None, *, character_id: int | None = None, npc_id: int | None = None
) -> KeptUpload | None:
    """What the transport keeps a copy of once the reply is posted: an attached avatar."""
    if upload is None:
        return None
    return KeptUpload(
        url=upload.url, filename=upload.filename, character_id=character_id, npc_id=npc_id
    )


@runs_in_database
def keep_avatar(services: Services, guild_id: int, kept: KeptUpload, url: str) -> bool:
    """The kept copy's link (`url`) replaces the attached avatar's, where that avatar is still
    the one set: False when it was changed meanwhile (the copy is then not used)."""
    with services.db.transaction() as tx:
        if kept.npc_id is not None:
            found = voices(tx).npcs
            npc = found.by_id(guild_id, kept.npc_id)
            if npc is None or npc.avatar_url != kept.url:
                return False
            found.update(npc.model_copy(update={"avatar_url": url}))
            return True
        if kept.character_id is None:
            return False
        profile = tx.profiles.get(guild_id, kept.character_id)
        if profile is None or profile.avatar_url != kept.url:
            return False
        tx.profiles.save(profile.model_copy(update={"avatar_url": url}), services.clock())
        return True


def _clean_text(text: str, limit: int, what: str) -> str | None:
    cleaned = text.strip()
    if len(cleaned) > limit:
        raise PawpostError(f"{what} can be at most {limit} characters; that has {len(cleaned)}.")
    return cleaned or None


def profile_fields(profile: Profile | None) -> list[ReplyField]:
    """The profile's pronouns and description, for a sheet."""
    if profile is None:
        return []
    fields = []
    if profile.pronouns:
        fields.append(ReplyField(name="Pronouns", value=safe(profile.pronouns), inline=True))
    if profile.description:
        fields.append(ReplyField(name="Description", value=safe(profile.description)))
    return fields


async def set_profile(
    services: Services,
    actor: Actor,
    character: str | None = None,
    avatar: Upload | None = None,
    avatar_url: str | None = None,
    colour: str | None = None,
    pronouns: str | None = None,
    description: str | None = None,
) -> Reply:
    """Change what is given (the player, or an admin); with nothing given, show the profile.
    An empty text ("-") clears that part. An avatar link is taken by what it serves (an image
    of bounded size), where the transport can fetch it."""
    if avatar_url is not None and avatar_url.strip() != "-" and services.fetch_image is not None:
        await services.fetch_image(check_avatar_url(avatar_url))
    return await _save_profile(
        services, actor, character, avatar, avatar_url, colour, pronouns, description
    )


@runs_in_database
def _save_profile(
    services: Services,
    actor: Actor,
    character: str | None,
    avatar: Upload | None,
    avatar_url: str | None,
    colour: str | None,
    pronouns: str | None,
    description: str | None,
) -> Reply:
    if avatar is not None and avatar_url is not None:
        raise PawpostError("Give the avatar as an attachment or as a link, not both.")
    url = None
    if avatar is not None:
        url = check_upload(avatar)
    elif avatar_url is not None and avatar_url.strip() != "-":
        url = check_avatar_url(avatar_url)
    chosen_colour = None
    if colour is not None and colour.strip() != "-":
        chosen_colour = parse_colour(colour)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character, managing=True)
        profile = tx.profiles.get(actor.guild_id, found.id) or Profile(
            character_id=found.id, guild_id=actor.guild_id
        )
        changes: dict[str, object] = {}
        if avatar is not None or avatar_url is not None:
            changes["avatar_url"] = url
        if colour is not None:
            changes["colour"] = chosen_colour
        if pronouns is not None:
            changes["pronouns"] = _clean_text(
                "" if pronouns.strip() == "-" else pronouns, MAX_PRONOUNS_LENGTH, "Pronouns"
            )
        if description is not None:
            changes["description"] = _clean_text(
                "" if description.strip() == "-" else description,
                MAX_DESCRIPTION_LENGTH,
                "A description",
            )
        profile = profile.model_copy(update=changes)
        if changes:
            tx.profiles.save(profile, now)
            tx.audit.add(
                audit.entry(
                    actor,
                    "profile",
                    f"changed the profile of {found.name}: {', '.join(changes)}",
                    now,
                    character=found,
                )
            )
    lines = [f"Player: <@{found.owner_id}>"]
    lines.append("Avatar: " + ("set" if profile.avatar_url else "none"))
    lines.append("Colour: " + (f"#{profile.colour:06x}" if profile.colour is not None else "none"))
    title = f"{safe(found.name)}'s profile" + (" is updated" if changes else "")
    keep = kept_upload(avatar, character_id=found.id)
    reply = Reply(title=title, lines=lines, fields=profile_fields(profile), keep=keep)
    return with_profile(reply, profile)
