"""One battle inside one transaction (book l. 403-429): the state read under its row lock, the
story told, Health lost by characters and NPCs, conditions put on either, and the save."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.actions import audit
from bot.actions.caverns.battle.turn_end import after_step
from bot.actions.caverns.battle.turn_start import at_turn_start
from bot.actions.caverns.common import caverns_sheet, require_caverns, save
from bot.actions.caverns.skills import reactions
from bot.actions.caverns.skills.athletics import survive
from bot.actions.caverns.skills.music import sick_beat_ended
from bot.actions.caverns.skills.psionics import psi_armour
from bot.actions.caverns.skills.reactions import enemy_died
from bot.actions.caverns.skills.stealth import eject, loss_in_enemy_rows
from bot.actions.context import Actor
from bot.actions.formatting import describe_roll, plural, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.caverns.afflictions import inflict, without
from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.blows import armour_blocks_of, in_sunlight, killing_blow_defence
from rules.caverns.battle.effects import Effect, EffectKind, effects_of
from rules.caverns.battle.flourishes import settle_unchosen
from rules.caverns.battle.rows import (
    BattleEvent,
    BattleState,
    Blockable,
    Combatant,
    LastHit,
    Phase,
    harm_npc,
    npc_afflicted,
    npc_cured,
    replace,
    whose_turn,
)
from rules.caverns.battle.specials import died, expend_piece
from rules.caverns.catalogue import item_key
from rules.caverns.conditions import Condition
from rules.caverns.health import lose_health
from rules.caverns.party.harmony import TALLEST_TREE_ARMOUR, spend_harmony
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.athletics import vitality
from rules.caverns.wording import signed
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import Combat, CombatAction, CombatRepository

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
    put_on: set[tuple[int, Condition]] = field(default_factory=set)  # in this step
    moving: bool = False  # this step moves the battle on (the choices waiting lapse)

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
        from bot.actions.caverns.battle import board, choices  # they build on it
        from bot.actions.caverns.battle import conditions as battle_conditions

        lapsed = choices.settle(self, now)
        self.state, lost = settle_unchosen(self.state, self.read_version, not self.moving, safe)
        self.events[:0] = [BattleEvent(text=line) for line in (*lost, *lapsed)]

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
        self._release_the_gone(battles)
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
                *choices.waiting_line(self),
                f"**Next:** {whose_turn(self.state)}",
                *battle_conditions.turn_notes(self),
            ],
            fields=board.board_fields(self),
            buttons=[*self.armour_buttons(), *choices.decline_buttons(self, self.combat.id)],
            mentions=self.to_ping(),
        )

    def _release_the_gone(self, battles: CombatRepository[BattleState, BattleEvent]) -> None:
        """Characters who got away in this step (a 7-9 Flee comes true as their turn starts)
        may fight elsewhere again."""
        opened = self.opened if self.opened is not None else self.state
        were = {c.id for c in opened.combatants if c.gone}
        gone = [
            c.character_id
            for c in self.state.combatants
            if c.gone and c.id not in were and c.character_id is not None
        ]
        if gone:
            battles.release_fighters(self.guild.guild_id, self.combat.id, gone)

    def armour_buttons(self) -> list[Button]:
        """An Expend armour button for the hits just taken that a piece can still lessen, with
        the pieces left (one button: each player's press finds their own hit)."""
        left = []
        for hit in self.state.hits:
            if hit.version != self.state.version:
                continue
            fighter = self.state.combatant(hit.combatant)
            sheet = caverns_sheet(self.character(fighter))
            pieces = pieces_left(self, fighter, sheet, against=hit.version)
            if pieces:
                left.append(pieces)
        blocks = [
            Button(
                label=f"Block {b.condition.label} with armour",
                custom_id=f"pawpost:{AREA}:{self.combat.id}:block:{self.state.version}",
                style=Style.primary,
            )
            for b in self.state.blockable[:1]
            if b.version == self.state.version
        ]
        if not left:
            return blocks
        label = (
            f"Expend armour against that hit ({plural(left[0], 'piece')} left)"
            if len(left) == 1
            else "Expend armour against your hit"
        )
        return [
            Button(
                label=label,
                custom_id=f"pawpost:{AREA}:{self.combat.id}:armour:{self.state.version}",
                style=Style.primary,
            ),
            *blocks,
        ]

    def sync_life(self) -> None:
        """The characters' deaths as their sheets hold them (the MC's /admin damage may kill
        one between two steps): the battle believes the sheet."""
        ids = [c.character_id for c in self.state.combatants if c.character_id and not c.gone]
        if not ids:
            return
        sheets = self.tx.characters.by_ids(self.guild.guild_id, ids)
        for fighter in self.state.combatants:
            found = sheets.get(fighter.character_id or 0)
            if found is None or fighter.gone:
                continue
            dead = caverns_sheet(found).is_dead
            if dead != fighter.dead:
                self.state = replace(self.state, fighter.model_copy(update={"dead": dead}))

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
        if reactions.shielded(self, fighter, condition):
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
        self.put_on.add((fighter.id, condition))
        if fighter.character_id is not None:
            self._offer_block(fighter, condition)
        return True

    def _offer_block(self, fighter: Combatant, condition: Condition) -> None:
        """Armour that "can be expended to block" this affliction (l. 385) is offered right
        after it lands (/battle armour against:…)."""
        piece = blocking_piece(self, self.character(fighter), condition)
        if piece is None:
            return
        offer = Blockable(combatant=fighter.id, condition=condition, version=self.read_version + 1)
        kept = [b for b in self.state.blockable if b.version != offer.version or b != offer]
        self.state = self.state.model_copy(update={"blockable": [*kept, offer]})
        self.say(
            f"{safe(fighter.name)}'s {safe(piece)} may be expended to block it: /battle armour "
            f"against:{condition.value}."
        )

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
    scene = Scene(tx, guild, combat, combat.state.version)
    scene.sync_life()
    return guild, scene


def pressed_battle(tx: Transaction, actor: Actor, combat_id: int, version: int) -> Scene:
    """The battle a button names, under its row lock, only at the state version it was posted
    for (else the stale-button sentence)."""
    guild = tx.guilds.get(actor.guild_id)
    require_caverns(guild)
    combat = caverns(tx).battles.get(guild.guild_id, combat_id, lock=True)
    if combat is None or combat.status != "active" or combat.state.version != version:
        raise PawpostError(STALE)
    scene = Scene(tx, guild, combat, version)
    scene.sync_life()
    return scene


def open_battle(tx: Transaction, actor: Actor) -> tuple[Guild, Scene]:
    """The channel's running battle, or the sentence that there is none."""
    guild, scene = find_battle(tx, actor)
    if scene is None:
        raise PawpostError(
            "There is no battle in this channel; the MC opens one with /battle start."
        )
    return guild, scene


def your_turn(
    tx: Transaction, actor: Actor, guild: Guild, scene: Scene, name: str | None, now: datetime
) -> tuple[Character, Combatant]:
    """The character acting on its turn, once no choice of another's holds the battle."""
    from bot.actions.caverns.battle.choices import hold_on  # it builds on the scene

    found = acting_character(tx, actor, guild, name)
    fighter = scene.state.of_character(found.id)
    if fighter is None:
        raise PawpostError(f"{safe(found.name)} is not in this battle.")
    if scene.state.phase is not Phase.PLAYER or scene.state.current != fighter.id:
        raise PawpostError(f"It is not {safe(found.name)}'s turn: {whose_turn(scene.state)}")
    hold_on(scene, actor, now)
    return found, fighter


def hurt_character(
    scene: Scene,
    character: Character,
    fighter: Combatant,
    amount: int,
    by: Combatant | None = None,
    *,
    preventable: bool = True,
    attack: bool = True,
    cause: str = "",
) -> int:
    """A character loses Health, the blow resolved whole before anything follows from it:
    the skills' caps (Anesthesia, Death Prophesy) and a Lucidian's sunlight, then, against a
    blow that would kill, a piece of armour (or Forcefield) by itself where it saves them
    (`preventable`: not a Destructive hit, drowning or poison), then Vitality, then death.
    A blow that leaves them standing may still have a piece spent on it right after
    (/battle armour), giving back no more than it took. `by` is the attacker, if a creature
    dealt it; `attack`: a blow (not drowning or poison), doubled in the enemy rows and throwing
    them back from there; `cause` is told after the Health (" to the poison"). The sunlight is
    the battle's (`/battle start sunlight:`) or the party's (`/admin party sunlight`). Returns
    the Health the blow took."""
    from bot.actions.caverns import race_traits  # they build on the scene
    from bot.actions.caverns.battle import conditions as battle_conditions

    amount = battle_conditions.hit_amount(scene, fighter, amount)
    if attack:
        amount = loss_in_enemy_rows(scene.state.combatant(fighter.id), amount)
    amount = reactions.damage_taken(scene, fighter, amount, by)
    name = safe(character.name)
    sunlit = scene.state.sunlight or race_traits.in_sunlight(scene.tx, scene.guild, character)
    lit = in_sunlight(caverns_sheet(character), amount, sunlit)
    if lit < amount:
        scene.say(f"{name} is a Lucidian in sunlight: {amount - lit} less damage.")
    amount = lit
    if preventable:
        amount = _defend(scene, character, fighter, amount)
    struck = lose_health(caverns_sheet(character), amount)
    taken = caverns_sheet(character).health - struck.health
    save(scene.tx, character, struck)
    hits = [h for h in scene.state.hits if h.combatant != fighter.id]
    left = pieces_left(scene, fighter, struck, against=scene.read_version + 1)
    open_to_armour = preventable and taken > 0 and not struck.is_dead
    if open_to_armour:
        hits.append(LastHit(combatant=fighter.id, amount=taken, version=scene.read_version + 1))
    scene.state = scene.state.model_copy(update={"hits": hits})
    rescued = vitality(struck)  # Vitality (l. 194), told after the blow it answers
    scene.say(
        (f"{name} loses {taken} Health{cause}" if taken else f"{name} loses no Health")
        + f" ({struck.health} left)"
        + (": dead!" if struck.is_dead and rescued is None else ".")
        + (
            f" /battle armour negates up to {min(taken, armour_blocks(struck))} of it "
            f"({plural(left, 'piece')} left)."
            if open_to_armour and left
            else ""
        )
    )
    sheet = survive(scene, character, struck)
    save(scene.tx, character, sheet)
    dead = sheet.is_dead
    scene.state = replace(
        scene.state, scene.state.combatant(fighter.id).model_copy(update={"dead": dead})
    )
    if taken > 0 and attack:
        eject(scene, fighter.id)
    _beetles_feed(scene, dead and sheet.has_condition(Condition.ABLAZE))
    battle_conditions.after_hurt(scene, fighter, taken, character)
    reactions.after_damage(scene, fighter, taken, by)
    return taken


def _beetles_feed(scene: Scene, died_ablaze: bool) -> None:
    """A death Ablaze feeds the Inferno Beetles (l. 480)."""
    scene.state, lines = died(scene.state, died_ablaze)
    for line in lines:
        scene.say(line)


def armour_blocks(sheet: CavernsSheet) -> int:
    """What one piece negates for this character: 3, a Loboshigaru's 5, Psi Armour's +1."""
    return armour_blocks_of(sheet) + psi_armour(sheet)


def blocking_piece(scene: Scene, character: Character, condition: Condition) -> str | None:
    """The first intact armour the character wears whose catalogue entry blocks the
    condition (the server's catalogue says which do, l. 385), or None."""
    sheet = caverns_sheet(character)
    if not any(not i.broken for i in sheet.armour):
        return None
    known = caverns(scene.tx).catalogue.of(scene.guild.guild_id)
    for item in sheet.armour:
        found = known.get(item_key(item.name))
        if not item.broken and found is not None and condition in found.blocks:
            return item.name
    return None


def _bonus_pieces(scene: Scene, fighter: Combatant, against: int | None) -> list[Effect]:
    """The bonus pieces (Draconis, Disengage, Flow Like the River's) that may be spent on the
    blow of state version `against`: a piece good against one hit only (Flow's) waits for its
    own; None: the pieces kept for any blow to come."""
    return [
        p
        for p in effects_of(scene.state, EffectKind.BONUS_ARMOUR, owner=fighter.id)
        if p.version is None or p.version == against
    ]


def pieces_left(
    scene: Scene, fighter: Combatant, sheet: CavernsSheet, *, against: int | None = None
) -> int:
    """The pieces a character may still expend (on the blow of state version `against`, if
    given): bonus pieces, Strong as the Tallest Tree's free ones, items and the race's own."""
    return len(_bonus_pieces(scene, fighter, against)) + sheet.armour_left


def spend_piece(
    scene: Scene, character: Character, fighter: Combatant, *, against: int
) -> Callable[[int], str]:
    """Expend one piece against the blow of state version `against`: a bonus piece first,
    then Strong as the Tallest Tree's free ones (neither breaks), then an intact item, then
    the race's own (l. 83, 85, 341); the story of what it took ("Brunhild's Leather jerkin
    takes 3 of the blow and breaks")."""
    bonus = _bonus_pieces(scene, fighter, against)
    if bonus:
        kept = [e for e in scene.state.effects if e is not bonus[0]]
        scene.state = scene.state.model_copy(update={"effects": kept})
        return lambda back: f"{bonus[0].note}: {back} of the blow negated"
    spent, piece = expend_piece(caverns_sheet(character))
    save(scene.tx, character, spent)
    if piece == TALLEST_TREE_ARMOUR:  # a free piece: nothing breaks
        return lambda back: f"{piece}: {back} of the blow negated"
    owner = safe(character.name)
    return lambda back: f"{owner}'s {safe(piece)} takes {back} of the blow and breaks"


def _defend(scene: Scene, character: Character, fighter: Combatant, amount: int) -> int:
    """Against a blow that would kill: a piece, and Forcefield's Harmony, where they save the
    character (rules.caverns.battle.blows); what is left of the blow."""
    sheet = caverns_sheet(character)
    blow = scene.read_version + 1  # the version this step's blow is saved at
    left = pieces_left(scene, fighter, sheet, against=blow)
    defence = killing_blow_defence(sheet, amount, piece=left > 0, blocks=armour_blocks(sheet))
    if defence is None:
        return amount
    name = safe(character.name)
    if defence.piece:
        piece = spend_piece(scene, character, fighter, against=blow)
        blocked = min(amount, armour_blocks(sheet))
        scene.say(f"The blow would kill {name}: {piece(blocked)}.")
    if defence.harmony:
        paid = spend_harmony(caverns_sheet(character), defence.harmony, "Forcefield")
        save(scene.tx, character, paid)
        scene.say(
            f"The blow would kill {name}: Forcefield spends {defence.harmony} Harmony "
            f"({signed(paid.harmony)}) as armour."
        )
    return amount - defence.negated


def harm(scene: Scene, target: Combatant, amount: int, by: Combatant | None = None) -> int:
    """A combatant loses Health to a blow: a character (armour by itself only against a
    killing blow) or an NPC (its armour first)."""
    if target.character_id is None:
        return hurt_npc(scene, target, amount, by)
    return hurt_character(scene, scene.character(target), target, amount, by)


def hurt_npc(
    scene: Scene,
    target: Combatant,
    amount: int,
    by: Combatant | None = None,
    *,
    ignore_armour: bool = False,
    attack: bool = True,
    cause: str = "",
) -> int:
    """An NPC loses Health, its armour first unless the attack is Destructive (l. 377);
    `attack`: a blow (not poison), doubled in the enemy rows and throwing it back from there.
    Returns the Health lost."""
    from bot.actions.caverns.battle import conditions as battle_conditions  # it builds on the scene

    amount = battle_conditions.hit_amount(scene, target, amount)
    if attack:
        amount = loss_in_enemy_rows(scene.state.combatant(target.id), amount)
    amount = reactions.damage_taken(scene, target, amount, by)
    hurt, lost = harm_npc(scene.state.combatant(target.id), amount, ignore_armour=ignore_armour)
    if target.creature and find_creature(target.creature).health_offsets:  # the Zombie
        hurt = hurt.model_copy(
            update={"attributes": find_creature(target.creature).attributes_at(hurt.health)}
        )
    scene.state = replace(scene.state, hurt)
    spent = " (a piece of its armour takes up to 3)" if hurt.armour < target.armour else ""
    scene.say(
        f"{safe(target.name)} loses {lost} Health{cause}{spent} ({hurt.health} left)"
        + (": it dies!" if hurt.dead else ".")
    )
    if hurt.dead and not target.dead:
        enemy_died(scene, hurt, by)  # an Orclach's kill heals it (skills.reactions)
    if lost > 0 and attack:
        eject(scene, target.id)
    _beetles_feed(scene, hurt.dead and hurt.condition(Condition.ABLAZE) is not None)
    battle_conditions.after_hurt(scene, hurt, lost)
    return lost
