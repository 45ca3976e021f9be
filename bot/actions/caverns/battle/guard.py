"""A character in a running battle acts only through it (book l. 310, 353, 413): on its turn,
in the battle's channel, and alive. The verbs outside battle (rests, cure rolls, skills) call
these checks before they change anything."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet
from bot.actions.context import Actor
from bot.actions.formatting import safe
from rules.caverns.battle.rows import BattleState, Combatant
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import Combat


def running_battle(
    tx: Transaction, guild: Guild, characters: Sequence[Character]
) -> tuple[Character, Combat[BattleState]] | None:
    """The first of these characters still fighting a running battle, and that battle."""
    battles = caverns(tx).battles
    fighting = battles.fighting(guild.guild_id, [c.id for c in characters])
    for character in characters:
        combat_id = fighting.get(character.id)
        combat = None if combat_id is None else battles.get(guild.guild_id, combat_id)
        if combat is not None and combat.status == "active":
            return character, combat
    return None


def refuse_rest_in_battle(tx: Transaction, guild: Guild, members: Sequence[Character]) -> None:
    """A rest is an hour "without doing anything stressful or dangerous" (l. 310): none while a
    member of the party is in a running battle."""
    found = running_battle(tx, guild, members)
    if found is not None:
        character, combat = found
        raise PawpostError(
            f"{safe(character.name)} is in the battle in <#{combat.channel_id}>: the party rests "
            "once it is over."
        )


def refuse_cure_in_battle(
    tx: Transaction, guild: Guild, character: Character, condition: Condition
) -> None:
    """In a battle a condition's roll comes as its sufferer acts on its turn (l. 353, 413): the
    battle makes it, and `/cure` may not make it again out of turn."""
    found = running_battle(tx, guild, [character])
    if found is not None:
        raise PawpostError(
            f"{safe(character.name)} is in the battle in <#{found[1].channel_id}>: the bot rolls "
            f"against {condition.label} when {safe(character.name)} acts on their turn there."
        )


def skill_battle(
    tx: Transaction, actor: Actor, guild: Guild, character: Character
) -> tuple[Scene, Combatant] | None:
    """The battle the character fights in, under its row lock, for a skill used now: None when
    it fights none; refused from another channel, and while it is dead."""
    found = running_battle(tx, guild, [character])
    if found is None:
        return None
    _, combat = found
    if combat.channel_id != actor.channel_id:
        raise PawpostError(
            f"{safe(character.name)} is in the battle in <#{combat.channel_id}>: its skills are "
            "used there."
        )
    locked = caverns(tx).battles.get(guild.guild_id, combat.id, lock=True)
    if locked is None or locked.status != "active":
        return None
    scene = Scene(tx, guild, locked, locked.state.version)
    scene.sync_life()
    fighter = scene.state.of_character(character.id)
    if fighter is None or fighter.gone:
        return None
    if fighter.dead or caverns_sheet(character).is_dead:
        raise PawpostError(
            f"{safe(character.name)} is dead until the battle ends and Vitae brings them back."
        )
    return scene, fighter
