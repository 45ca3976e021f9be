"""The race traits the bot acts on (book l. 75-93): `/skill use name:hug` and `name:"breathe
fire"` (the Tae'dae's and the Dracnari's actions, in a battle on their turn as race_actions
makes them), `/drunk` for a Dwarf's Vitae, `/admin party sunlight` for a Lucidian's lighter
wounds. An Orclach's Health when it kills is skills.reactions.orclach_feeds'."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.caverns.battle import race_actions
from bot.actions.caverns.battle.guard import skill_battle
from bot.actions.caverns.common import caverns_sheet, party_label, require_caverns, save
from bot.actions.caverns.parse import yes
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, living, named, require_admin
from bot.actions.reply import Reply
from rules.caverns.afflictions import inflict
from rules.caverns.moves import Move, refuse_if_unable
from rules.caverns.race_traits import RaceAction, drink, sunlit_damage
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.settings import CavernsSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild


def use_race_action(
    services: Services,
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    found: Character,
    action: RaceAction,
    target: str | None,
    now: datetime,
) -> Reply:
    """The race's action on someone: in a battle it takes the turn and needs the target in
    reach (race_actions; refused from another channel, or dead); outside one it puts the
    condition on the character named."""
    if not target or not target.strip():
        raise PawpostError(f"Name whom {found.name} means to {action.name.lower()}.")
    fighting = skill_battle(tx, actor, guild, found)
    if fighting is not None:
        scene, fighter = fighting
        return race_actions.on_turn(services, scene, actor, found, fighter, action, target, now)
    refuse_if_unable(caverns_sheet(found), Move.ROLL)
    victim = living(tx, guild.guild_id, target)
    if victim.id == found.id:
        raise PawpostError(f"{safe(found.name)} cannot {action.name.lower()} itself.")
    sheet = inflict(caverns_sheet(victim), action.condition)
    save(tx, victim, sheet)
    tx.audit.add(audit.entry(actor, "race", f"{action.name}: {victim.name}", now, character=found))
    return Reply(
        title=f"{safe(found.name)}: {action.name}",
        lines=[
            f"{safe(found.name)} {action.verb} {safe(victim.name)}: {safe(victim.name)} is "
            f"{action.condition.state}."
        ],
        mentions=[victim.owner_id],
    )


def in_sunlight(tx: Transaction, guild: Guild, character: Character) -> bool:
    """Whether the MC said the character's party is in sunlight (`/admin party sunlight`)."""
    membership = caverns(tx).parties.membership(character.id)
    sunlit = CavernsSettings.of(guild.settings).sunlit_parties
    return membership is not None and membership[0] in sunlit


def _battle_in_sunlight(tx: Transaction, guild: Guild, character: Character) -> bool:
    """Whether the running battle the character fights in is fought in sunlight (`/battle
    start sunlight:yes`)."""
    battles = caverns(tx).battles
    combat_id = battles.fighting(guild.guild_id, [character.id]).get(character.id)
    combat = None if combat_id is None else battles.get(guild.guild_id, combat_id)
    return combat is not None and combat.status == "active" and combat.state.sunlight


def lucidian_loss(tx: Transaction, guild: Guild, character: Character, amount: int) -> int:
    """The Health a Lucidian loses in sunlight, the party's or its battle's: one less from
    every source (l. 86). The battle's own blows count it in scene.hurt_character."""
    lit = in_sunlight(tx, guild, character) or _battle_in_sunlight(tx, guild, character)
    return sunlit_damage(caverns_sheet(character), amount, lit)


@runs_in_database
def set_sunlight(
    services: Services, actor: Actor, sunlight: str, character: str | None = None
) -> Reply:
    """`/admin party sunlight`: the MC says whether the party (the channel's, or the named
    character's) is in sunlight now."""
    lit = yes(sunlight, "Sunlight")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        if character is None:
            party = caverns(tx).parties.of_channel(guild.guild_id, actor.channel_id, now)
        else:
            found = named(tx, guild.guild_id, character)
            membership = caverns(tx).parties.membership(found.id)
            known = (
                None
                if membership is None
                else caverns(tx).parties.get(guild.guild_id, membership[0])
            )
            if known is None:
                raise PawpostError(f"{safe(found.name)} has not joined a party yet.")
            party = known
        settings = CavernsSettings.of(guild.settings)
        sunlit = [p for p in settings.sunlit_parties if p != party.id] + ([party.id] if lit else [])
        settings.model_copy(update={"sunlit_parties": sunlit}).store_in(guild.settings)
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "party", f"{party.name} sunlight: {lit}", now))
    where = "in sunlight" if lit else "out of the sunlight"
    return Reply(lines=[f"{party_label(party)} is {where}."])


@runs_in_database
def drunk(services: Services, actor: Actor, state: str, character: str | None = None) -> Reply:
    """`/drunk`: a Dwarf drinks (+1 Vitae while drunk, l. 76) or sobers up."""
    is_drunk = yes(state, "Drunk")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = drink(caverns_sheet(found), is_drunk)
        save(tx, found, sheet)
        tx.audit.add(audit.entry(actor, "race", f"drunk: {is_drunk}", now, character=found))
    if is_drunk:
        line = f"{safe(found.name)} is drunk: +1 Vitae ({sheet.vitae}/{sheet.max_vitae})."
    else:
        line = f"{safe(found.name)} sobers up: Vitae {sheet.vitae}/{sheet.max_vitae}."
    return Reply(lines=[line])
