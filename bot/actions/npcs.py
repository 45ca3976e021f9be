"""`/npc add|list|remove`: the admins' voices, a name, an avatar, a colour and proxy tags (no
sheet, no ruleset), spoken as with `/say npc:` or their tags."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, Upload, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import clean_name, require_admin
from bot.actions.profiles import check_avatar_url, check_upload, kept_upload, parse_colour
from bot.actions.reply import Reply
from bot.actions.speaker_names import name_note
from bot.actions.voice_tags import tags_line, taken_tag
from rules.errors import PawpostError
from rules.proxy_tags import read_tags
from storage.voices import Npc, voices

MAX_NPCS = 200  # a server's NPCs: one page of /npc list, and a bounded autocomplete


@runs_in_database
def add(
    services: Services,
    actor: Actor,
    name: str,
    avatar: Upload | None = None,
    avatar_url: str | None = None,
    colour: str | None = None,
    tags: str | None = None,
) -> Reply:
    """Make an NPC, or change one of that name (what is given changes; "-" clears)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)  # a player hears this first, whatever else is wrong
        if avatar is not None and avatar_url is not None:
            raise PawpostError("Give the avatar as an attachment or as a link, not both.")
        cleaned = clean_name(name)
        url = check_upload(avatar) if avatar is not None else None
        if avatar_url is not None and avatar_url.strip() != "-":
            url = check_avatar_url(avatar_url)
        chosen = parse_colour(colour) if colour is not None and colour.strip() != "-" else None
        wanted = read_tags(tags) if tags is not None and tags.strip() != "-" else []
        found = voices(tx)
        npc = found.npcs.named(actor.guild_id, cleaned)
        taken = tx.characters.clash(actor.guild_id, cleaned) if npc is None else None
        if taken is not None and taken.same:
            raise PawpostError(
                f"{safe(taken.like)} is a character's name in this server; give the NPC another."
            )
        if taken is not None:  # a character's or another NPC's that looks just like it
            raise name_taken(taken, "give the NPC another name")
        if npc is None and len(found.npcs.of_guild(actor.guild_id)) >= MAX_NPCS:
            raise PawpostError(f"A server can keep at most {MAX_NPCS} NPCs; remove one first.")
        changes: dict[str, object] = {}
        if avatar is not None or avatar_url is not None:
            changes["avatar_url"] = url
        if colour is not None:
            changes["colour"] = chosen
        if npc is None:
            npc = found.npcs.add(
                Npc(
                    id=0, guild_id=actor.guild_id, name=cleaned, created_by=actor.user_id
                ).model_copy(update=changes),
                now,
            )
            made = True
        else:
            npc = npc.model_copy(update=changes)
            found.npcs.update(npc)
            made = False
        if tags is not None:
            for tag in wanted:
                other = taken_tag(tx, actor.guild_id, tag, npc_id=npc.id)
                if other is not None:
                    raise PawpostError(f"{tags_line([tag])} is already {safe(other)}'s tag.")
            found.tags.replace(actor.guild_id, wanted, now, npc_id=npc.id)
        shown_tags = found.tags.of(npc_id=npc.id)
        tx.audit.add(
            audit.entry(actor, "npc", f"{'made' if made else 'changed'} the NPC {npc.name}", now)
        )
    lines = [
        "Avatar: " + ("set" if npc.avatar_url else "none"),
        "Colour: " + (f"#{npc.colour:06x}" if npc.colour is not None else "none"),
        "Tags: " + (tags_line([(t.prefix, t.suffix) for t in shown_tags]) or "none"),
        f"Admins speak as it with /say npc:{safe(npc.name)} or its tags.",
    ]
    note = name_note(npc.name)
    title = f"The NPC {safe(npc.name)} is {'ready' if made else 'updated'}"
    return Reply(
        title=title,
        lines=[*lines, *([note] if note else [])],
        colour=npc.colour,
        keep=kept_upload(avatar, npc_id=npc.id),
    )


@runs_in_database(read_only=True)
def list_npcs(services: Services, actor: Actor) -> Reply:
    with services.db.transaction(write=False) as tx:
        found = voices(tx)
        npcs = found.npcs.of_guild(actor.guild_id)
        tags = {npc.id: found.tags.of(npc_id=npc.id) for npc in npcs}
    if not npcs:
        return Reply(lines=["This server has no NPCs yet; an admin adds one with /npc add."])
    lines = [
        f"**{safe(npc.name)}**"
        + (f" — {tags_line([(t.prefix, t.suffix) for t in tags[npc.id]])}" if tags[npc.id] else "")
        for npc in npcs
    ]
    return Reply(title="NPCs", lines=lines)


@runs_in_database
def remove(services: Services, actor: Actor, name: str) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        require_admin(actor, tx.guilds.get(actor.guild_id))
        found = voices(tx)
        npc = found.npcs.named(actor.guild_id, name)
        if npc is None:
            raise PawpostError(f"There is no NPC named {safe(name.strip())}.")
        found.tags.replace(actor.guild_id, [], now, npc_id=npc.id)
        found.npcs.remove(npc, now)
        tx.audit.add(audit.entry(actor, "npc", f"removed the NPC {npc.name}", now))
    return Reply(lines=[f"The NPC {safe(npc.name)} is gone; its posts stay."])
