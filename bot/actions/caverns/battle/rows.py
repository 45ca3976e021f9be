"""Battle in rows (book l. 405-427): the MC opens a battle in the channel, places the party and
the enemies, fixes the order; characters Do Battle, Advance and Flee on their turns, the MC
has one enemy act on each enemy turn, and the dead come back by Vitae when it ends."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.caverns.battle import conditions as battle_conditions
from bot.actions.caverns.battle import entourages, specials
from bot.actions.caverns.battle import harmony as harmony_battle
from bot.actions.caverns.battle.acting import action_lost, before_acting, turn_skipped
from bot.actions.caverns.battle.board import board_fields
from bot.actions.caverns.battle.choices import DECLINE, decline, hold_on, waiting_line
from bot.actions.caverns.battle.enemy_moves import (
    enemy_advance,
    enemy_battle,
    enemy_flee,
    lure,
    strong_advance,
    turn_damage,
)
from bot.actions.caverns.battle.flourishes import (
    any_flourish,
    armed,
    on_doubles,
    with_flourish_buttons,
)
from bot.actions.caverns.battle.poisons import deliver_poison
from bot.actions.caverns.battle.scene import (
    AREA,
    STALE,
    Scene,
    armour_blocks,
    blocking_piece,
    hurt_character,
    hurt_npc,
    open_battle,
    pieces_left,
    pressed_battle,
    spend_piece,
    your_turn,
)
from bot.actions.caverns.common import (
    catalogue,
    caverns_sheet,
    hand_fated_die,
    items,
    require_caverns,
    save,
)
from bot.actions.caverns.melding import circle_flee, melded_attack, melded_flourish
from bot.actions.caverns.skills import (
    combat,
    common,
    divination,
    hooks,
    music,
    mysticism,
    rituals,
    totems,
)
from bot.actions.caverns.skills.illusions import advance_modifiers, flee_modifiers
from bot.actions.caverns.skills.mysticism import ChantRoll
from bot.actions.caverns.skills.stealth import attack_bonus, note_strike
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import plural, safe
from bot.actions.lookup import acting_character, require_admin
from bot.actions.reply import Button, Reply
from rules.caverns.attributes import Attribute, parse_attribute
from rules.caverns.battle.bestiary import CREATURES, find_creature, hyfae_colony_health
from rules.caverns.battle.blows import given_back
from rules.caverns.battle.flourishes import (
    Armament,
    AttackWith,
    Boost,
    implement_range,
    parse_boost,
    pay_boost,
)
from rules.caverns.battle.hands import off_hand_damage
from rules.caverns.battle.rows import (
    PARTY,
    BattleState,
    Blockable,
    Combatant,
    LastHit,
    Phase,
    Row,
    begin,
    check_enemy_may_act,
    close_lines,
    end_turn,
    enemy_acted,
    fled,
    flee_route,
    in_reach,
    npc,
    replace,
    whose_turn,
)
from rules.caverns.battle.specials import ambush_penalty, arrive, counter_damage
from rules.caverns.catalogue import Range, Special, item_key
from rules.caverns.conditions import Condition, parse_condition
from rules.caverns.constants import (
    BATTLE_HIT,
    BATTLE_SAFE,
)
from rules.caverns.health import heal, return_from_death
from rules.caverns.melding import CIRCLE_WAY
from rules.caverns.moves import Foe, Move, advance, do_battle, flee, refuse_if_unable
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.nature import tree_form_range
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import AlreadyFighting, Combat

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

ENEMIES = "enemies"
RANGE_ORDER = (Range.MELEE, Range.REACH, Range.RANGED)
MOST_ADDED = 10


def creature_suggestions(typed: str) -> list[tuple[str, str]]:
    """The bestiary's creatures whose name holds what was typed, for autocomplete."""
    key = typed.strip().lower()
    found = [c.name for c in CREATURES if key in c.name.lower()]
    return [(f"{name}"[:100], name[:100]) for name in found[:25]]


def _row(text: str | None) -> Row:
    try:
        return Row((text or "front").strip().lower())
    except ValueError:
        raise PawpostError("A row is front or back.") from None


def _reach(sheet: CavernsSheet, known: dict[str, Range]) -> Range:
    """The longest range of the intact weapons the character carries (Melee with none)."""
    ranges = [
        known[i.name.lower()] for i in sheet.equipment if not i.broken and i.name.lower() in known
    ]
    if sheet.implement is not None:
        ranges.append(implement_range(sheet, None))  # Greater Implement's Ranged (l. 171)
    return max(ranges, key=RANGE_ORDER.index, default=Range.MELEE)


def _ranges(tx: Transaction, guild: Guild) -> dict[str, Range]:
    return {key: item.range for key, item in catalogue(tx, guild).items() if item.range}


@runs_in_database
def start(services: Services, actor: Actor, sunlight: str | None = None) -> Reply:
    """`/battle start` (the MC): open a battle in this channel; `sunlight` "yes" when it is
    fought in sunlight (a Lucidian takes one less damage from every source, l. 86)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_caverns(guild)
        battles = caverns(tx).battles
        if battles.active_in_channel(guild.guild_id, actor.channel_id, 1):
            raise PawpostError("A battle is already going on in this channel.")
        combat = Combat(
            guild_id=guild.guild_id,
            channel_id=actor.channel_id,
            created_by=actor.user_id,
            state=BattleState(sunlight=sunlight == "yes"),
            created_at=now,
            updated_at=now,
        )
        combat.id = battles.add(combat)
        tx.audit.add(audit.entry(actor, "battle start", f"battle #{combat.id}", now))
    return Reply(
        title="A battle begins",
        lines=[
            "Characters take their places with /battle join; the MC adds enemies with "
            "/battle add enemy or /battle add custom, then fixes the order with /battle order."
        ],
    )


@runs_in_database
def join(services: Services, actor: Actor, row: str, character: str | None = None) -> Reply:
    """`/battle join`: a character takes its place in the party's front or back row."""
    chosen = _row(row)
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found = acting_character(tx, actor, guild, character)
        sheet = caverns_sheet(found)
        if sheet.retired or sheet.is_dead:
            raise PawpostError(f"{safe(found.name)} cannot fight now.")
        if scene.state.of_character(found.id) is not None:
            raise PawpostError(f"{safe(found.name)} is already in this battle.")
        fighter = Combatant(
            id=0,
            name=found.name,
            side=PARTY,
            row=chosen,
            character_id=found.id,
            range=tree_form_range(sheet, _reach(sheet, _ranges(tx, guild))),
        )
        scene.state = arrive(scene.state, fighter)  # late, at the end of the order
        hooks.joins(scene, scene.state.combatants[-1], sheet)
        try:
            caverns(tx).battles.add_fighters(
                guild.guild_id, scene.combat.id, [found.id], len(scene.state.combatants)
            )
        except AlreadyFighting:
            raise PawpostError(f"{safe(found.name)} is in another battle.") from None
        scene.say(f"{safe(found.name)} takes the party's {chosen.value} row.")
        if scene.state.phase is not Phase.SETUP:
            scene.say(f"{safe(found.name)} arrives late and acts last in the order.")
        return scene.commit(actor, "join", f"{found.name} joins the battle", now)


@runs_in_database
def add_enemy(
    services: Services,
    actor: Actor,
    enemy: str,
    count: int = 1,
    side: str | None = None,
    row: str | None = None,
    health: int | None = None,
    among: str | None = None,
    reach: str | None = None,
) -> Reply:
    """`/battle add enemy` (the MC): bestiary creatures by name, on a side and row, even once
    the battle runs; an Assassin may start among the party's rows, unannounced. `reach`: the
    weapon the MC gives it where the book leaves a choice (a Brigand's Spear or Sling, l. 550;
    an Adorath Ranged rather than Poisoned, l. 505)."""
    creature = find_creature(enemy)
    weapon = _range(reach)
    if not 1 <= count <= MOST_ADDED:
        raise PawpostError(f"Add 1 to {MOST_ADDED} at a time.")
    where = _side(side)
    chosen = _row(row)
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        stands = specials.among(creature, among)
        first = len(scene.state.combatants)
        placed = {"among": stands, **({"range": weapon} if weapon else {})}
        if creature.health is None and health is None:  # the Hyfae pool their Health
            colony = npc(creature, where, chosen, health=hyfae_colony_health(count))
            scene.state = arrive(scene.state, colony.model_copy(update=placed))
            scene.say(f"The {count} Hyfae share one pool of Health.")
        else:
            for _ in range(count):
                one = npc(creature, where, chosen, health=health)
                scene.state = arrive(scene.state, one.model_copy(update=placed))
        added = scene.state.combatants[first]
        specials.on_added(services, scene, creature, scene.state.combatants[first:])
        reminders = "".join(f"\n{s.name}: {s.text}" for s in creature.specials)
        scene.say(
            f"{count} × {creature.name} join the {where} side's {chosen.value} row "
            f"(Health {added.health}, Damage {creature.damage}, Armour {creature.armour}, "
            f"{added.range.value}).{reminders}"
        )
        done = scene.commit(actor, "add", f"{creature.name} joins the battle", now)
        return done.model_copy(update={"ephemeral": specials.hides(creature)})


def _range(text: str | None) -> Range | None:
    if text is None or not text.strip():
        return None
    try:
        return Range(text.strip().lower())
    except ValueError:
        raise PawpostError("A reach is melee, reach or ranged.") from None


def _side(text: str | None) -> str:
    name = " ".join((text or ENEMIES).strip().lower().split())
    if not name or len(name) > 24:
        raise PawpostError("A side's name is 1 to 24 characters.")
    if name == PARTY:
        raise PawpostError("The party's side is for the player characters.")
    return name


def _attributes(text: str) -> dict[Attribute, int]:
    """Five numbers in the bestiary's order Wi, Wo, Wa, Fi, Me: "1, 2, 0, 0, -1"."""
    parts = items(text.replace(" ", ","))
    order = ("wind", "wood", "water", "fire", "metal")
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise PawpostError(
            "Give the attributes as five numbers: Wind, Wood, Water, Fire, Metal."
        ) from None
    if len(values) != len(order) or any(not -5 <= v <= 10 for v in values):
        raise PawpostError("Give the attributes as five numbers: Wind, Wood, Water, Fire, Metal.")
    return {parse_attribute(a): v for a, v in zip(order, values, strict=True)}


@runs_in_database
def add_custom(
    services: Services,
    actor: Actor,
    name: str,
    health: int,
    damage: int,
    armour: int,
    attributes: str,
    side: str | None = None,
    row: str | None = None,
    reach: str | None = None,
) -> Reply:
    """`/battle add custom` (the MC): an enemy made up on the spot."""
    label = " ".join(name.split())
    if not 1 <= len(label) <= 32:
        raise PawpostError("A name is 1 to 32 characters.")
    stats = _attributes(attributes)
    where, chosen = _side(side), _row(row)
    weapon = _range(reach) or Range.MELEE
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        fighter = Combatant(
            id=0, name=label, side=where, row=chosen, health=health, max_health=health,
            damage=damage, armour=armour, range=weapon, attributes=stats,
        )  # fmt: skip
        scene.state = arrive(scene.state, fighter)
        scene.say(f"{safe(label)} joins the {where} side's {chosen.value} row (Health {health}).")
        return scene.commit(actor, "add", f"{label} joins the battle", now)


@runs_in_database
def set_order(services: Services, actor: Actor, characters: str) -> Reply:
    """`/battle order` (the MC): the players' fixed order; the first turn begins."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        if scene.state.phase is not Phase.SETUP:
            raise PawpostError("The order is fixed once the battle has begun.")
        ids = [scene.state.by_name(name).id for name in items(characters)]
        scene.state = begin(scene.state, ids)
        scene.say("Order: " + ", ".join(safe(scene.state.combatant(i).name) for i in ids) + ".")
        return scene.commit(actor, "order", "The battle begins", now)


@runs_in_database
def status(services: Services, actor: Actor) -> Reply:
    """`/battle status`: the rows, each combatant's Health, armour and conditions, whose turn."""
    with services.db.transaction() as tx:
        _, scene = open_battle(tx, actor)
        return Reply(
            title="The battle",
            fields=board_fields(scene),
            lines=[whose_turn(scene.state), *waiting_line(scene)],
        )


@runs_in_database
def attack(
    services: Services,
    actor: Actor,
    target: str,
    character: str | None = None,
    boost: str | None = None,
    destructive: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """`/battle attack`: Do Battle with an enemy in reach: 5+ it loses your Damage, under 8
    you lose its Damage if you are in its reach, doubles a Flourish (l. 294-297); `boost`
    pays a skill's Harmony before the roll (Assault, Nerve Pinch, Greater Implement, Lunge);
    a Taurian may sacrifice a piece of armour to make it Destructive (l. 92)."""
    paid = parse_boost(boost) if boost else None
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        foe = scene.state.by_name(target)
        specials.check_target(foe)
        if not common.is_foe(scene, fighter, foe):  # a Paranoid one has no allies (l. 363)
            raise PawpostError(f"{safe(foe.name)} is not an enemy still in the battle.")
        fighter, meld_bonus = melded_attack(tx, actor, guild, found, fighter, now)
        weapon = armed(scene, caverns_sheet(found), fighter, foe, paid)
        totems.check_attack(scene, fighter, foe)
        battle_conditions.refuse(scene, fighter, Move.DO_BATTLE)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        found, fighter = scene.character(fighter), scene.state.combatant(fighter.id)  # as changed
        sacrificed = specials.destructive_attack(scene, found, destructive == "yes")
        chant = mysticism.chant_roll(scene, fighter)
        fated = _fated(tx, actor, guild, scene.character(fighter), chant, fated_die, fated_from)
        found = scene.character(fighter)
        sheet = caverns_sheet(found)
        back = (
            in_reach(foe, fighter)
            and hooks.foe_answers(scene, foe, fighter)
            and battle_conditions.strikes_back(scene, foe)
        )
        divination.harm_attempted(scene, fighter, foe)
        result = do_battle(
            pay_boost(sheet, paid, weapon),
            _as_foe(scene, foe, fighter),
            services.dice, in_foe_reach=back, assault=paid is Boost.ASSAULT,
            off_hand=_off_hand_attack(scene, fighter, weapon),
            modifiers=[
                *totems.roll_bonus(scene, fighter), *chant.modifiers,
                *harmony_battle.passion(scene, fighter, sheet.attribute(
                    sheet.implement.rolls if sheet.implement else Attribute.WOOD
                )),
            ],
            fated_die=fated,
            bonus_damage=hooks.attack_bonus(scene, fighter, sheet)
            + attack_bonus(sheet, fighter) + meld_bonus + turn_damage(scene, fighter),
        )  # fmt: skip
        save(tx, found, result.sheet)
        scene.say(f"{safe(found.name)} does battle with {safe(foe.name)}.", result.roll)
        if result.hit and result.sick_beat:
            music.sick_beat(scene, fighter, foe, result.afflictions)
        elif result.hit:
            ruin = sacrificed or Special.DESTRUCTIVE in result.specials
            if foe.is_npc:
                hurt_npc(scene, foe, result.foe_loses, by=fighter, ignore_armour=ruin)
            else:  # an ally, by a Paranoid attacker
                ally = scene.character(foe)
                hurt_character(scene, ally, foe, result.foe_loses, fighter, preventable=not ruin)
            note_strike(scene, fighter, foe)
        else:
            scene.say(f"Under {BATTLE_HIT}: a miss.")
        if result.you_lose:
            scene.say(f"Under {BATTLE_SAFE}: {safe(foe.name)} strikes back.")
            hurt_character(scene, found, scene.state.combatant(fighter.id), result.you_lose, by=foe)
        specials.after_attack(services, scene, found, fighter, foe, result)
        if result.flourishes and entourages.shielded(scene, fighter, foe):
            if any_flourish(scene, fighter, result, paid, weapon):
                scene.say(f"{safe(foe.name)}'s Entourage turns the Flourish aside (l. 383).")
        elif not (
            result.flourishes
            and deliver_poison(services, scene, fighter, scene.state.combatant(foe.id), weapon.name)
        ):
            implement = weapon.armament is Armament.IMPLEMENT
            melded = melded_flourish(tx, actor, guild, found, now) if implement else ()
            on_doubles(scene, fighter, foe, result, paid, weapon, melded)
        hooks.after_attack(scene, fighter, found, foe, result)
        battle_conditions.side_attacked(scene, foe)
        scene.state = end_turn(scene.state)
        summary = f"{found.name} does battle with {foe.name}"
        return with_flourish_buttons(scene, scene.commit(actor, "attack", summary, now))


def _off_hand_attack(scene: Scene, fighter: Combatant, weapon: AttackWith) -> bool:
    """An attack made with a one-handed weapon in the off hand does one less Damage (l. 370)."""
    if fighter.off_hand is None or weapon.name != fighter.off_hand:
        return False
    return off_hand_damage(catalogue(scene.tx, scene.guild).get(item_key(weapon.name)))


def _as_foe(scene: Scene, foe: Combatant, fighter: Combatant) -> Foe:
    """What Do Battle needs of the one attacked: a creature's attributes and Damage, or, when
    a Paranoid character attacks an ally, that character's."""
    if foe.is_npc:
        return Foe(name=foe.name, attributes=foe.attributes, damage=counter_damage(foe, fighter))
    ally = caverns_sheet(scene.character(foe))
    return Foe(
        name=foe.name, attributes=ally.attributes, damage=hooks.counter_damage(scene, foe, ally)
    )


def _fated(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    found: Character,
    chant: ChantRoll,
    face: int | None,
    holder: str | None,
) -> int | None:
    """The die this roll is doubles of: Balance's, or one of Twist Fate's dice handed to it
    (l. 219, its holder's player giving it); one roll takes one of them."""
    if face is None:
        return chant.fated_die
    if chant.fated_die is not None:
        raise PawpostError("Balance makes this roll doubles already; keep the fated die.")
    return hand_fated_die(tx, actor, guild, found, face, holder)


@runs_in_database
def advance_in_battle(
    services: Services,
    actor: Actor,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """`/battle advance`: +Fire from the back row to the front (l. 289-292)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        if fighter.row is Row.FRONT:
            raise PawpostError("You are in your front row already; only Infiltrate goes further.")
        battle_conditions.refuse(scene, fighter, Move.ADVANCE)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        found, fighter = scene.character(fighter), scene.state.combatant(fighter.id)  # as changed
        chant = mysticism.chant_roll(scene, fighter, moving=True)
        fated = _fated(tx, actor, guild, found, chant, fated_die, fated_from)
        found = scene.character(fighter)
        to = [
            *totems.roll_bonus(scene, fighter),
            *advance_modifiers(scene, f"{fighter.side}:{Row.FRONT.value}"),
            *chant.modifiers,
            *harmony_battle.passion(scene, fighter, caverns_sheet(found).attribute(Attribute.FIRE)),
        ]
        result = advance(caverns_sheet(found), services.dice, modifiers=to, fated_die=fated)
        save(tx, found, result.sheet)
        scene.state = close_lines(
            replace(scene.state, fighter.model_copy(update={"row": Row.FRONT}))
        )
        scene.say(f"{safe(found.name)} advances to the front row.", result.roll)
        if result.bonus_damage:
            strong_advance(scene, fighter)
        if result.may_act:
            scene.say("7+: you may still act this turn (/battle attack).")
            return scene.commit(actor, "advance", f"{found.name} advances", now)
        scene.say("6-: the advance takes your action.")
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "advance", f"{found.name} advances", now)


@runs_in_database
def flee_in_battle(
    services: Services,
    actor: Actor,
    character: str | None = None,
    route: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """`/battle flee`: to the back row (+Wind), or out (+Water from the back, +Metal from the
    front when no occupied back row is behind you); 7-9 leaves at the next turn's start.
    `route` "mushroom circle": out from any row by +Wood (melding.circle_flee)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        battle_conditions.refuse(scene, fighter, Move.FLEE)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        found, fighter = scene.character(fighter), scene.state.combatant(fighter.id)  # as changed
        chant = mysticism.chant_roll(scene, fighter, moving=True)
        fated = _fated(tx, actor, guild, found, chant, fated_die, fated_from)
        found = scene.character(fighter)
        circle = circle_flee(tx, actor, guild, found, route, services.dice, now)
        by_row = flee_route(scene.state, fighter)
        result = circle or flee(
            caverns_sheet(found),
            by_row,
            services.dice,
            modifiers=[
                *totems.roll_bonus(scene, fighter),
                *flee_modifiers(scene, fighter),
                *chant.modifiers,
                *ambush_penalty(scene.state, fighter),
                *harmony_battle.passion(
                    scene, fighter, caverns_sheet(found).attribute(by_row.attribute)
                ),
            ],
            fated_die=fated,
        )
        way = CIRCLE_WAY if circle else result.route.value
        save(tx, found, result.sheet)
        scene.say(f"{safe(found.name)} flees ({way}).", result.roll)
        combat.fleeing(scene, fighter, result.sheet)
        scene.say(f"**{result.band.value}**: {result.result}")
        scene.state = fled(scene.state, fighter, result.route, result.band)
        if scene.state.combatant(fighter.id).gone:
            caverns(tx).battles.release_fighters(guild.guild_id, scene.combat.id, [found.id])
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "flee", f"{found.name} flees", now)


@runs_in_database
def stand_in_battle(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/battle stand`: standing up takes the action and ends Prone (l. 364)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        battle_conditions.check_prone(scene, fighter)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        battle_conditions.stand(scene, fighter)
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "stand", f"{found.name} stands up", now)


@runs_in_database
def pass_turn(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/battle pass`: on your turn, do nothing (more): the turn ends, after a 7+ Advance with
    nobody to attack, or to hold. The conditions' rolls of the turn are made as for any
    action (Ablaze burns)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        scene.say(f"{safe(found.name)} passes.")
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "pass", f"{found.name} passes", now)


@runs_in_database
def decline_pressed(services: Services, actor: Actor, combat_id: int, version: int) -> Reply:
    """The Let it pass button: the presser's reactions waiting in the battle lapse now, so it
    goes on (the others' stay open)."""
    now = services.clock()
    with services.db.transaction() as tx:
        scene = pressed_battle(tx, actor, combat_id, version)
        let_pass = decline(scene, actor)
        scene.say(f"{let_pass}: let pass.")
        reply = scene.commit(actor, "decline", "A reaction is let pass", now)
        return with_flourish_buttons(scene, reply)


@runs_in_database
def wake_in_battle(
    services: Services, actor: Actor, target: str, character: str | None = None
) -> Reply:
    """`/battle wake`: on your turn, take your action to wake a sleeper (l. 367)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        sleeper = scene.state.by_name(target)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        refuse_if_unable(caverns_sheet(scene.character(fighter)), Move.ROLL)
        battle_conditions.wake_up(scene, fighter, scene.state.combatant(sleeper.id))
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "wake", f"{found.name} wakes {sleeper.name}", now)


@runs_in_database
def spend_armour(
    services: Services, actor: Actor, character: str | None = None, against: str | None = None
) -> Reply:
    """`/battle armour`: expend a piece against the last hit taken (up to 3, a Loboshigaru's
    5); the piece is broken until repaired (l. 298, 385). `against`: an affliction just put on,
    which a piece made to block it takes instead (l. 385)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found = acting_character(tx, actor, guild, character)
        fighter = scene.state.of_character(found.id)
        if against:
            condition = parse_condition(against)
            offer = next(
                (
                    b
                    for b in scene.state.blockable
                    if fighter and b.combatant == fighter.id and b.condition is condition
                ),
                None,
            )
            if offer is None or offer.version != scene.read_version:
                raise PawpostError(
                    "Armour blocks only an affliction just put on you, right after it lands."
                )
            return _block(scene, actor, found, offer, now)
        hit = next((h for h in scene.state.hits if fighter and h.combatant == fighter.id), None)
        if fighter is None or hit is None or hit.version != scene.read_version:
            raise PawpostError("Armour negates only the latest hit, right after it lands.")
        return _expend(scene, actor, found, hit, now)


@runs_in_database
def armour_pressed(services: Services, actor: Actor, combat_id: int, version: int) -> Reply:
    """The Expend armour button: for the hit of that state version only, by its player."""
    now = services.clock()
    with services.db.transaction() as tx:
        scene = pressed_battle(tx, actor, combat_id, version)
        guild = scene.guild
        for hit in scene.state.hits:
            character_id = scene.state.combatant(hit.combatant).character_id
            found = (
                None if character_id is None else tx.characters.by_id(guild.guild_id, character_id)
            )
            if hit.version == version and found is not None and found.owner_id == actor.user_id:
                return _expend(scene, actor, found, hit, now)
        raise PawpostError("That hit did not land on a character of yours.")


def _block(scene: Scene, actor: Actor, found: Character, offer: Blockable, now: datetime) -> Reply:
    """A piece made to block the affliction is expended: it breaks, and the affliction is
    gone (l. 385)."""
    piece = blocking_piece(scene, found, offer.condition)
    if piece is None:
        raise PawpostError(f"None of your armour blocks {offer.condition.label}.")
    sheet = caverns_sheet(found)
    worn = next(i for i in sheet.equipment if i.name == piece and not i.broken)
    equipment = [i.model_copy(update={"broken": True}) if i is worn else i for i in sheet.equipment]
    save(scene.tx, found, sheet.model_copy(update={"equipment": tuple(equipment)}))
    fighter = scene.state.combatant(offer.combatant)
    scene.relieve(fighter, offer.condition)
    left = [b for b in scene.state.blockable if b is not offer]
    scene.state = scene.state.model_copy(update={"blockable": left})
    scene.say(
        f"{safe(found.name)}'s {safe(piece)} blocks the {offer.condition.label} and breaks "
        f"({plural(pieces_left(scene, fighter, caverns_sheet(found)), 'piece')} left)."
    )
    return with_flourish_buttons(scene, scene.commit(actor, "armour", f"{found.name} blocks", now))


@runs_in_database
def block_pressed(services: Services, actor: Actor, combat_id: int, version: int) -> Reply:
    """The Block button: the presser's character's affliction of that state version."""
    now = services.clock()
    with services.db.transaction() as tx:
        scene = pressed_battle(tx, actor, combat_id, version)
        for offer in scene.state.blockable:
            character_id = scene.state.combatant(offer.combatant).character_id
            found = (
                None
                if character_id is None
                else scene.character(scene.state.combatant(offer.combatant))
            )
            if offer.version == version and found is not None and found.owner_id == actor.user_id:
                return _block(scene, actor, found, offer, now)
        raise PawpostError("That affliction did not land on a character of yours.")


def _expend(scene: Scene, actor: Actor, found: Character, hit: LastHit, now: datetime) -> Reply:
    """A piece spent right after a blow that left the character standing: it gives back up to
    what it blocks, never more than the blow took (l. 298)."""
    fighter = scene.state.combatant(hit.combatant)
    sheet = caverns_sheet(found)
    if not pieces_left(scene, fighter, sheet, against=hit.version):
        raise PawpostError("You have no intact armour left.")
    back = given_back(hit.amount, armour_blocks(sheet))
    piece = spend_piece(scene, found, fighter, against=hit.version)
    healed = heal(caverns_sheet(found), back)
    save(scene.tx, found, healed)
    left = [h for h in scene.state.hits if h is not hit]
    scene.state = scene.state.model_copy(update={"hits": left})
    scene.say(
        piece(back)
        + f" ({healed.health} Health; {plural(pieces_left(scene, fighter, healed), 'piece')} "
        "left)."
    )
    reply = scene.commit(actor, "armour", f"{found.name} expends armour", now)
    return with_flourish_buttons(scene, reply)


@runs_in_database
def enemy_act(
    services: Services, actor: Actor, enemy: str, action: str, target: str | None = None
) -> Reply:
    """`/enemy act` (the MC): on the enemies' turn one enemy acts; its attack is the bot's roll
    2d6 + its Wood − the target's Wind, with the same bands and counter-attack (RULINGS)."""
    now = services.clock()
    verb = action.strip().lower()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        mover = scene.state.by_name(enemy)
        check_enemy_may_act(scene.state, mover)
        hold_on(scene, actor, now)
        battle_conditions.refuse(scene, mover, battle_conditions.ENEMY_MOVES.get(verb))
        if verb == "stand":
            battle_conditions.check_prone(scene, mover)
        specials.before_enemy_acts(scene, mover)
        if not before_acting(services, scene, mover):
            return action_lost(scene, actor, mover, now)
        mover = scene.state.combatant(mover.id)  # as the checks before acting left it
        if Condition.PARANOIA in scene.conditions_of(mover):
            scene.say(
                f"**For the MC:** {safe(mover.name)} is Paranoid: it has no allies, only enemies, "
                "and may turn on anyone (l. 363)."
            )
        still = False
        if verb == "battle":
            if not target:
                raise PawpostError("Name whom it attacks.")
            enemy_battle(services, scene, mover, target)
        elif verb == "advance":
            still = enemy_advance(services, scene, mover)
        elif verb == "flee":
            enemy_flee(services, scene, mover)
        elif verb == "stand":
            battle_conditions.stand(scene, mover)
        elif verb == "wake":
            if not target:
                raise PawpostError("Name the sleeper it wakes.")
            battle_conditions.wake_up(scene, mover, scene.state.by_name(target))
        elif verb == "skill" and mover.creature == "Cave Fisher":
            lure(scene, mover, target)
        elif verb == "skill":
            specials.use_special(services, scene, mover, target)
        else:
            raise PawpostError("An enemy's action is battle, advance, flee, stand, wake or skill.")
        if still:  # a 7+ Advance: the same enemy may act again this turn
            scene.state = scene.state.model_copy(update={"enemy_acting": mover.id})
        else:
            scene.state = enemy_acted(scene.state, mover)
        return with_flourish_buttons(scene, scene.commit(actor, "enemy", f"{mover.name} acts", now))


@runs_in_database
def skip(
    services: Services, actor: Actor, version: int | None = None, combat_id: int | None = None
) -> Reply:
    """`/battle skip` (the MC): pass over the turn of whoever keeps everyone waiting; from the
    reminder's button, only the turn it was posted for."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        stale = combat_id is not None and combat_id != scene.combat.id
        if stale or (version is not None and version != scene.read_version):
            raise PawpostError(STALE)
        if scene.state.phase not in (Phase.PLAYER, Phase.ENEMY):
            raise PawpostError("No turn is waiting.")
        hold_on(scene, actor, now, force=True)  # the MC moves on past any choice waiting
        scene.say(f"The MC skips the turn: {whose_turn(scene.state)}")
        current = scene.state.current
        if scene.state.phase is Phase.PLAYER and current is not None:
            turn_skipped(services, scene, scene.state.combatant(current))
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "skip", "A turn is skipped", now)


@runs_in_database
def end(services: Services, actor: Actor) -> Reply:
    """`/battle end` (the MC): the battle closes; the dead mark off one Vitae and return at
    full Health, and one with none left retires (l. 298)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        hold_on(scene, actor, now, force=True)  # a choice still open lapses with the battle
        close_battle(scene)
        return scene.commit(actor, "end", "The battle ends", now)


def close_battle(scene: Scene) -> None:
    """What a battle's end does: the dead come back by Vitae (Revivify sparing it) or retire,
    the battle's conditions end, the fighters are free, the battle is over."""
    tx, guild = scene.tx, scene.guild
    ids = [c.character_id for c in scene.state.combatants if c.character_id is not None]
    found = tx.characters.by_ids(guild.guild_id, ids)
    for character_id in ids:
        character = found[character_id]
        sheet = caverns_sheet(character)
        if not sheet.is_dead:
            continue
        spared = rituals.revivified(scene, character_id)
        back = return_from_death(sheet, revivified=spared)
        save(tx, character, back)
        if back.retired:
            scene.say(f"{safe(character.name)} has no Vitae left and retires from adventuring.")
        elif spared:
            scene.say(rituals.REVIVIFIED.format(name=safe(character.name), vitae=back.vitae))
        else:
            scene.say(
                f"{safe(character.name)} marks off 1 Vitae ({back.vitae} left) and "
                "returns at full Health."
            )
    battle_conditions.battle_over(scene)
    fallen = [c.name for c in scene.state.combatants if c.is_npc and c.dead]
    scene.say("Fallen enemies: " + (", ".join(safe(n) for n in fallen) or "none") + ".")
    caverns(tx).battles.release_fighters(guild.guild_id, scene.combat.id, ids)
    scene.state = scene.state.model_copy(update={"phase": Phase.OVER, "current": None})


def skip_button(combat: Combat[BattleState]) -> Button:
    return Button(
        label="Skip this turn (admins)",
        custom_id=f"pawpost:{AREA}:{combat.id}:skip:{combat.state.version}",
    )


async def _armour_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await armour_pressed(services, actor, press.id, press.arg or 0)


async def _skip_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await skip(services, actor, press.arg or 0, press.id)


async def _block_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await block_pressed(services, actor, press.id, press.arg or 0)


async def _decline_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await decline_pressed(services, actor, press.id, press.arg or 0)


BATTLE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, "armour"): _armour_button,
    (AREA, "skip"): _skip_button,
    (AREA, "block"): _block_button,
    (AREA, DECLINE): _decline_button,
}
