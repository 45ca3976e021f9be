"""One battle inside one transaction (book l. 403-429): the state read under its row lock, the
story told, Health lost by characters and NPCs, conditions put on either, and the save."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.actions import audit
from bot.actions.caverns import skills_b1_hooks
from bot.actions.caverns.common import caverns_sheet, require_caverns, save
from bot.actions.caverns.skill_reactions import enemy_died, sick_beat_ended, survive
from bot.actions.caverns.skills_b2_hooks import after_step, eject, loss_in_enemy_rows, psi_armour
from bot.actions.caverns.turn_start import at_turn_start
from bot.actions.context import Actor
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.caverns.afflictions import inflict, without
from rules.caverns.battle import (
    BattleEvent,
    BattleState,
    Combatant,
    LastHit,
    Phase,
    harm_npc,
    npc_afflicted,
    npc_cured,
    replace,
    whose_turn,
)
from rules.caverns.battle_skills_a import has_bonus_armour
from rules.caverns.bestiary import find_creature
from rules.caverns.conditions import Condition
from rules.caverns.constants import ARMOUR_BLOCKS, LOBOSHIGARU_ARMOUR_BLOCKS
from rules.caverns.flourishes import settle_unchosen
from rules.caverns.health import lose_health
from rules.caverns.races import Race
from rules.caverns.sheet import CavernsSheet
from rules.caverns.specials import died
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import Combat, CombatAction

AREA = "caverns-battle"
STALE = "That button is stale: the battle has moved on since."
BUSY = "Someone else acted on this battle at the same moment; look at /battle status and try again."


@dataclass
class Scene:
    """One battle inside one transaction: its state as read, the story told, the save."""

    tx: Transaction
    guild: Guild
    combat: Combat[BattleState]
    read_version: int
    events: list[BattleEvent] = field(default_factory=list)
    opened: BattleState | None = None  # the state as read, for what a step changed

    def __post_init__(self) -> None:
        if self.opened is None:
            self.opened = self.combat.state

    @property
    def state(self) -> BattleState:
        return self.combat.state

    @state.setter
    def state(self, state: BattleState) -> None:
        self.combat.state = state

    def say(self, text: str, roll: Roll | None = None) -> None:
        self.events.append(BattleEvent(text=text, roll=roll))

    def commit(self, actor: Actor, action: str, summary: str, now: datetime) -> Reply:
        """Store the new state over the version read (else refuse: someone got there first)."""
        after_step(self, self.opened if self.opened is not None else self.state)
        self.state, lost = settle_unchosen(self.state, self.read_version, action, safe)
        self.events[:0] = [BattleEvent(text=line) for line in lost]
        from bot.actions.caverns import battle_conditions  # it builds on the scene

        battle_conditions.turn_over(self)
        at_turn_start(self)
        self.state = self.state.model_copy(update={"version": self.read_version + 1})
        self.combat.updated_at = now
        waiting = self.state.phase in (Phase.PLAYER, Phase.ENEMY)
        hours = timedelta(hours=self.guild.settings.turn_timeout_hours)
        self.combat.due_at = now + hours if waiting else None
        battles = caverns(self.tx).battles
        if not battles.save(self.combat, self.read_version):
            raise PawpostError(BUSY)
        battles.add_action(
            CombatAction(
                guild_id=self.guild.guild_id,
                combat_id=self.combat.id,
                version=self.state.version,
                round=self.state.turn,
                user_id=actor.user_id,
                action=action,
                summary=summary,
                events=self.events,
                created_at=now,
            )
        )
        self.tx.audit.add(audit.entry(actor, f"battle {action}", summary, now))
        lines = [
            e.text if e.roll is None else f"{e.text}\n{describe_roll(e.roll)}" for e in self.events
        ]
        return Reply(
            title=summary,
            lines=[
                *lines,
                f"**Next:** {whose_turn(self.state)}",
                *battle_conditions.turn_notes(self),
            ],
            buttons=self.armour_buttons(),
            mentions=self.to_ping(),
        )

    def armour_buttons(self) -> list[Button]:
        """An Expend armour button for a hit just taken by a character with armour left."""
        fresh = [h for h in self.state.hits if h.version == self.state.version]
        if not fresh:
            return []
        return [
            Button(
                label="Expend armour against that hit",
                custom_id=f"pawpost:{AREA}:{self.combat.id}:armour:{self.state.version}",
                style=Style.primary,
            )
        ]

    def to_ping(self) -> list[int]:
        """Whose turn it is now: its player is mentioned."""
        if self.state.phase is not Phase.PLAYER or self.state.current is None:
            return []
        character_id = self.state.combatant(self.state.current).character_id
        if character_id is None:
            return []
        found = self.tx.characters.by_id(self.guild.guild_id, character_id)
        return [] if found is None else [found.owner_id]

    def character(self, fighter: Combatant) -> Character:
        """The character behind a player combatant, as stored in this transaction."""
        if fighter.character_id is None:
            raise PawpostError(f"{safe(fighter.name)} is not a character.")
        found = self.tx.characters.by_id(self.guild.guild_id, fighter.character_id)
        if found is None:
            raise PawpostError(f"{safe(fighter.name)} no longer exists.")
        return found

    def afflict(
        self,
        fighter: Combatant,
        condition: Condition,
        *,
        from_flourish: bool = False,
        note: str = "",
        by: str = "",
    ) -> bool:
        """Put a condition on a character (its sheet; immunities refuse it) or an NPC (the
        battle's state), and tell the story ("… is Entranced by the glowing orb"). `note` is
        kept with the condition (which limb, the source of a Fear). False when immune."""
        if skills_b1_hooks.shielded(self, fighter, condition):
            return False
        if fighter.character_id is None:
            current = self.state.combatant(fighter.id)
            self.state = replace(
                self.state,
                npc_afflicted(current, condition, from_flourish=from_flourish, note=note),
            )
        else:
            found = self.character(fighter)
            try:
                sheet = inflict(
                    caverns_sheet(found), condition, from_flourish=from_flourish, note=note
                )
            except PawpostError as immune:
                self.say(f"{safe(fighter.name)}: {immune}")
                return False
            save(self.tx, found, sheet)
        source = f" by {safe(by)}" if by else ""
        self.say(f"{safe(fighter.name)} is {condition.state}{source}.")
        return True

    def relieve(self, fighter: Combatant, condition: Condition, *, rolled: bool = False) -> None:
        """Take a condition off a character or an NPC (no change if it is not there);
        `rolled`: the NPC's own successful roll ended it (Discordant Chords)."""
        if fighter.character_id is None:
            self.state = replace(self.state, npc_cured(self.state.combatant(fighter.id), condition))
            sick_beat_ended(self, fighter, condition, rolled=rolled)
            return
        found = self.character(fighter)
        save(self.tx, found, without(caverns_sheet(found), condition))

    def conditions_of(self, fighter: Combatant) -> tuple[Condition, ...]:
        """The conditions a combatant suffers now."""
        if fighter.character_id is None:
            return tuple(a.condition for a in self.state.combatant(fighter.id).conditions)
        return tuple(a.condition for a in caverns_sheet(self.character(fighter)).conditions)


def find_battle(tx: Transaction, actor: Actor) -> tuple[Guild, Scene | None]:
    """The channel's running battle under its row lock, if there is one."""
    guild = tx.guilds.get(actor.guild_id)
    require_caverns(guild)
    found = caverns(tx).battles.active_in_channel(guild.guild_id, actor.channel_id, 1)
    combat = caverns(tx).battles.get(guild.guild_id, found[0].id, lock=True) if found else None
    if combat is None:  # none, or it ended between the two reads
        return guild, None
    return guild, Scene(tx, guild, combat, combat.state.version)


def pressed_battle(tx: Transaction, actor: Actor, combat_id: int, version: int) -> Scene:
    """The battle a button names, under its row lock, only at the state version it was posted
    for (else the stale-button sentence)."""
    guild = tx.guilds.get(actor.guild_id)
    require_caverns(guild)
    combat = caverns(tx).battles.get(guild.guild_id, combat_id, lock=True)
    if combat is None or combat.status != "active" or combat.state.version != version:
        raise PawpostError(STALE)
    return Scene(tx, guild, combat, version)


def open_battle(tx: Transaction, actor: Actor) -> tuple[Guild, Scene]:
    """The channel's running battle, or the sentence that there is none."""
    guild, scene = find_battle(tx, actor)
    if scene is None:
        raise PawpostError(
            "There is no battle in this channel; the MC opens one with /battle start."
        )
    return guild, scene


def your_turn(
    tx: Transaction, actor: Actor, guild: Guild, scene: Scene, name: str | None
) -> tuple[Character, Combatant]:
    found = acting_character(tx, actor, guild, name)
    fighter = scene.state.of_character(found.id)
    if fighter is None:
        raise PawpostError(f"{safe(found.name)} is not in this battle.")
    if scene.state.phase is not Phase.PLAYER or scene.state.current != fighter.id:
        raise PawpostError(f"It is not {safe(found.name)}'s turn: {whose_turn(scene.state)}")
    return found, fighter


def hurt_character(
    scene: Scene,
    character: Character,
    fighter: Combatant,
    amount: int,
    by: Combatant | None = None,
    *,
    preventable: bool = True,
) -> None:
    """A character loses Health (its armour may negate it with /battle armour right after,
    unless the hit is Destructive); `by` is the attacker, if a creature dealt it. The skills'
    caps (Anesthesia, Death Prophesy) come last: they bound the Health lost from any source."""
    from bot.actions.caverns import battle_conditions, race_traits  # they build on the scene

    amount = battle_conditions.hit_amount(scene, fighter, amount)
    amount = race_traits.lucidian_loss(scene.tx, scene.guild, character, amount)
    amount = loss_in_enemy_rows(scene.state.combatant(fighter.id), amount)
    amount = skills_b1_hooks.damage_taken(scene, fighter, amount, by)
    sheet = survive(scene, character, lose_health(caverns_sheet(character), amount))
    save(scene.tx, character, sheet)
    dead = sheet.is_dead
    scene.state = replace(scene.state, fighter.model_copy(update={"dead": dead}))
    hits = [h for h in scene.state.hits if h.combatant != fighter.id]
    if preventable:
        hits.append(LastHit(combatant=fighter.id, amount=amount, version=scene.read_version + 1))
    scene.state = scene.state.model_copy(update={"hits": hits})
    scene.say(
        f"{safe(character.name)} loses {amount} Health ({sheet.health} left)"
        + (": dead!" if dead else ".")
        + (
            f" /battle armour negates up to {armour_blocks(sheet)} of it."
            if preventable and (sheet.armour_left or has_bonus_armour(scene.state, fighter))
            else ""
        )
    )
    eject(scene, fighter.id)
    _beetles_feed(scene, dead and sheet.has_condition(Condition.ABLAZE))
    battle_conditions.after_hurt(scene, fighter, amount, character)
    skills_b1_hooks.after_damage(scene, fighter, amount, by)


def _beetles_feed(scene: Scene, died_ablaze: bool) -> None:
    """A death Ablaze feeds the Inferno Beetles (l. 480)."""
    scene.state, lines = died(scene.state, died_ablaze)
    for line in lines:
        scene.say(line)


def armour_blocks(sheet: CavernsSheet) -> int:
    blocks = LOBOSHIGARU_ARMOUR_BLOCKS if sheet.race is Race.LOBOSHIGARU else ARMOUR_BLOCKS
    return blocks + psi_armour(sheet)


def hurt_npc(
    scene: Scene,
    target: Combatant,
    amount: int,
    by: Combatant | None = None,
    *,
    ignore_armour: bool = False,
) -> None:
    """An NPC loses Health, its armour first unless the attack is Destructive (l. 377)."""
    from bot.actions.caverns import battle_conditions, race_traits  # they build on the scene

    amount = battle_conditions.hit_amount(scene, target, amount)
    amount = skills_b1_hooks.damage_taken(scene, target, loss_in_enemy_rows(target, amount), by)
    hurt, lost = harm_npc(scene.state.combatant(target.id), amount, ignore_armour=ignore_armour)
    if target.creature and find_creature(target.creature).health_offsets:  # the Zombie
        hurt = hurt.model_copy(
            update={"attributes": find_creature(target.creature).attributes_at(hurt.health)}
        )
    scene.state = replace(scene.state, hurt)
    spent = " (a piece of its armour takes up to 3)" if hurt.armour < target.armour else ""
    scene.say(
        f"{safe(target.name)} loses {lost} Health{spent} ({hurt.health} left)"
        + (": it dies!" if hurt.dead else ".")
    )
    if hurt.dead and not target.dead:
        enemy_died(scene, hurt)
        race_traits.killed(scene, by)
    if amount > 0:
        eject(scene, target.id)
    _beetles_feed(scene, hurt.dead and hurt.condition(Condition.ABLAZE) is not None)
    battle_conditions.after_hurt(scene, hurt, lost)
