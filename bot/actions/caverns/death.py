"""Death outside a battle (book l. 97-98, 298; RULINGS): the same death as in one. The dead
mark off one Vitae and come back at full Health at once, or at the party's next rest when the
MC holds the return; one with no Vitae left retires. In a battle the dead wait for its end."""

from __future__ import annotations

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.formatting import safe
from rules.caverns.battle.rows import replace
from rules.caverns.health import return_from_death
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild


def fighting_in(tx: Transaction, guild: Guild, character: Character) -> int | None:
    """The id of the running battle the character fights in, if any."""
    return caverns(tx).battles.fighting(guild.guild_id, [character.id]).get(character.id)


def set_dead_in_battle(
    tx: Transaction, guild: Guild, character: Character, *, dead: bool
) -> list[str]:
    """A character that died (or was revived) outside the battle's own steps, by the MC's
    word, lies dead in the battle it fights in (losing its turns, until the battle's end
    brings it back), or stands again."""
    combat_id = fighting_in(tx, guild, character)
    if combat_id is None:
        return []
    battles = caverns(tx).battles
    combat = battles.get(guild.guild_id, combat_id, lock=True)
    fighter = None if combat is None else combat.state.of_character(character.id)
    if combat is None or fighter is None or fighter.dead is dead:
        return []
    version = combat.state.version
    combat.state = replace(combat.state, fighter.model_copy(update={"dead": dead}))
    combat.state = combat.state.model_copy(update={"version": version + 1})
    battles.save(combat, version)
    name = safe(character.name)
    if dead:
        return [f"{name} lies dead in the battle; its end brings them back by Vitae."]
    return [f"{name} stands in the battle again."]


def come_back(tx: Transaction, character: Character) -> str:
    """The dead character marks off one Vitae and comes back at full Health, or retires."""
    back = return_from_death(caverns_sheet(character))
    save(tx, character, back)
    name = safe(character.name)
    if back.retired:
        return f"{name} has no Vitae left and retires from adventuring."
    return f"{name} marks off 1 Vitae ({back.vitae} left) and comes back at full Health."


def after_death(tx: Transaction, guild: Guild, character: Character, *, held: bool) -> list[str]:
    """What a death outside a battle's steps does: in a battle the dead wait for its end;
    else they come back at once, or at the party's next rest when the MC holds it."""
    if not caverns_sheet(character).is_dead:
        return []
    name = safe(character.name)
    if fighting_in(tx, guild, character) is not None:
        return [f"{name} dies.", *set_dead_in_battle(tx, guild, character, dead=True)]
    if held:
        return [f"{name} dies, and comes back by Vitae at the party's next rest."]
    return [f"{name} dies.", come_back(tx, character)]
