"""WCAGR's part of the GM toolkit (`bot.gm.GmTools`): every settable value of a cat's sheet,
read and set through the sheet's own model (HP from what it is made of); damage and healing as
HP with the death roll; a kill and a revival; an admin's skip and end of a fight; what a death
does to a cat's fight and hunt; and the outcomes of its logged rolls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from bot.actions.context import Actor
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.gm.model_fields import refused
from bot.actions.reply import Reply
from bot.actions.wcagr.defence import jump_on_timeout
from bot.actions.wcagr.fight_scene import Scene, after_turn, commit, fight_by_id, leave_fight
from bot.actions.wcagr.hunting import leave_hunt
from bot.actions.wcagr.sheet import wcagr_sheet
from bot.actions.wcagr.wrestling import roll_wrestle
from bot.gm import GmTools, SheetField
from bot.outbox import Post, record_posts
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.life import Life
from rules.wcagr import (
    ABILITIES,
    KNACKS,
    SKILLS,
    Ability,
    Clan,
    Illness,
    Knack,
    Rank,
    Skill,
    WcagrSheet,
    check_rank_open,
    has_lives,
    rank_info,
    ranks_for,
    retire,
    with_score,
)
from rules.wcagr.constants import (
    ABILITY_MAX,
    ABILITY_MIN,
    LEADER_LIVES,
    SKILL_MAX,
    SKILL_MIN,
    SPRAIN_REST_SUNRISES,
)
from rules.wcagr.death import REVIVED_HP
from rules.wcagr.fight_state import Phase
from rules.wcagr.fights import WrestleChoice, take_hit
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.hunts import StoredHunt
from storage.wcagr.settings import WcagrSettings

BOT_USER = 0  # the log's user for what the bot does by itself
STATE = "State"  # WCAGR keeps the core's State itself: its sheet records death and retirement
NONE = ("none", "-", "—")
CHECKED_ACTIONS = ("check", "hunt")  # the logged rolls an adjudication makes succeed or fail
OUTCOMES = ("success", "failure")

# --- the sheet's fields ------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One settable value: its name as the sheet shows it, what it takes, how to read it and
    how a sheet takes a new value (the sheet's model validating it)."""

    name: str
    takes: str
    read: Callable[[WcagrSheet], str]
    write: Callable[[WcagrSheet, str], WcagrSheet]


def _number(name: str, text: str, low: int, high: int | None) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise PawpostError(f"{name} is a whole number; you gave {safe(text.strip())}.") from None
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise PawpostError(f"{name} is {span}; you gave {value}.")
    return value


def _score(ability: Ability) -> Field:
    """A score: its pool moves with it, as an age-table gain moves it (`with_score`)."""
    return Field(
        ability.label,
        f"{ABILITY_MIN} to {ABILITY_MAX} (its pool moves with it)",
        lambda s: str(s.score(ability)),
        lambda s, t: with_score(s, ability, _number(ability.label, t, ABILITY_MIN, ABILITY_MAX)),
    )


def _pool(ability: Ability) -> Field:
    name = f"{ability.label} points"
    return Field(
        name,
        "0 or more (points left in the pool)",
        lambda s: str(s.points_left(ability)),
        lambda s, t: s.changed(points=s.points.with_value(ability, _number(name, t, 0, None))),
    )


def _skill(skill: Skill) -> Field:
    name = f"Skill: {skill.label}"
    return Field(
        name,
        f"{SKILL_MIN} to {SKILL_MAX}",
        lambda s: str(s.skill(skill)),
        lambda s, t: s.changed(skills={**s.skills, skill: _number(name, t, SKILL_MIN, SKILL_MAX)}),
    )


def _knack(knack: Knack) -> Field:
    name = f"Knack: {knack.label}"
    most = KNACKS[knack].max_picks

    def write(sheet: WcagrSheet, text: str) -> WcagrSheet:
        picks = _number(name, text, 0, most)
        knacks = {k: n for k, n in sheet.knacks.items() if k is not knack}
        return sheet.changed(knacks={**knacks, **({knack: picks} if picks else {})})

    return Field(
        name,
        f"0 to {most} picks" if most is not None else "0 or more picks",
        lambda s: str(s.picks(knack)),
        write,
    )


def _hp(sheet: WcagrSheet, text: str) -> WcagrSheet:
    """HP is what is left of 5 + age + Strength (l.421): setting it sets the wounds."""
    hp = _number("HP", text, -10 * sheet.hp_max, sheet.hp_max)
    return sheet.changed(hp_lost=sheet.hp_max - hp)


def _illness(sheet: WcagrSheet, text: str) -> WcagrSheet:
    if text.strip().casefold() in NONE:
        return sheet.changed(illness=None, illness_day=None)
    try:
        illness = Illness(text.strip().casefold())
    except ValueError:
        listed = ", ".join(i.value for i in Illness)
        raise PawpostError(f"Illness is one of {listed}, or none.") from None
    return sheet.changed(illness=illness)  # its day: today, set by `set_field`


def _clan(sheet: WcagrSheet, text: str) -> WcagrSheet:
    try:
        clan = Clan(text.strip().casefold().replace(" ", "-"))
    except ValueError:
        listed = ", ".join(c.value for c in Clan)
        raise PawpostError(f"Clan is one of {listed}.") from None
    return sheet.changed(clan=clan)


def _rank(sheet: WcagrSheet, text: str) -> WcagrSheet:
    if text.strip().casefold() in NONE:
        return sheet.changed(rank=None, lives=None)
    try:
        rank = Rank(text.strip().casefold().replace(" ", "-"))
    except ValueError:
        raise PawpostError(f"{safe(text.strip())} is not a WCAGR rank.") from None
    rank_info(sheet.clan, rank)  # one of the group's
    lives = (sheet.lives or LEADER_LIVES) if has_lives(sheet.clan, rank) else None
    return sheet.changed(rank=rank, lives=lives)


def _lives(sheet: WcagrSheet, text: str) -> WcagrSheet:
    if sheet.lives is None:
        raise PawpostError("Only a Clan's leader has lives; make it the leader first.")
    return sheet.changed(lives=_number("Lives", text, 1, LEADER_LIVES))


def _sprain(sheet: WcagrSheet, text: str) -> WcagrSheet:
    left = _number("Sprain", text, 0, SPRAIN_REST_SUNRISES)
    return sheet.changed(sprain_sunrises_left=left)


def _ranks_of(sheet: WcagrSheet) -> str:
    names = [info.rank.value for info in ranks_for(sheet.clan)]
    return " | ".join(names) + " | none" if names else "none (its group has no ranks)"


def sheet_fields(sheet: WcagrSheet) -> list[Field]:
    """Every value an admin may correct, in the sheet's order."""
    return [
        *(_score(a) for a in ABILITIES),
        *(_pool(a) for a in ABILITIES),
        Field(
            "HP",
            f"up to {sheet.hp_max} (5 + age + Strength; below 0 is past a knockout)",
            lambda s: f"{s.hp} of {s.hp_max}",
            _hp,
        ),
        Field("Age", "0 or more moons", lambda s: str(s.age_moons), _age),
        Field("Clan", " | ".join(c.value for c in Clan), lambda s: s.clan.value, _clan),
        Field("Rank", _ranks_of(sheet), lambda s: "" if s.rank is None else s.rank.value, _rank),
        Field(
            "Lives",
            f"1 to {LEADER_LIVES} (a Clan's leader)",
            lambda s: "" if s.lives is None else str(s.lives),
            _lives,
        ),
        Field(
            "Sprain",
            f"0 to {SPRAIN_REST_SUNRISES} sunrises of rest",
            lambda s: str(s.sprain_sunrises_left),
            _sprain,
        ),
        Field(
            "Illness",
            " | ".join(i.value for i in Illness) + " | none (from today)",
            lambda s: "" if s.illness is None else s.illness.value,
            _illness,
        ),
        *(_skill(s) for s in SKILLS),
        *(_knack(k) for k in Knack),
    ]


def _age(sheet: WcagrSheet, text: str) -> WcagrSheet:
    """The age only, as `/admin age` with negative moons does: gains already taken stay, and
    none are given (that is `/admin age`'s moon by moon)."""
    return sheet.changed(age_moons=_number("Age", text, 0, None))


def fields(tx: Transaction, guild: Guild, character: Character) -> Sequence[SheetField]:
    """`/admin sheet show`: the cat's State (kept on its sheet), then every settable value."""
    sheet = wcagr_sheet(character)
    # Its own State (not the core's): dying and retiring are written on a WCAGR sheet.
    state = SheetField(STATE, character.life.value, "active | dead | retired (an elder) | away")
    return [
        state,
        *(SheetField(f.name, f.read(sheet), f.takes) for f in sheet_fields(sheet)),
    ]


def set_field(
    tx: Transaction, guild: Guild, character: Character, name: str, text: str, now: datetime
) -> list[str]:
    """`/admin sheet set`: the value through the sheet's own model (its bounds, the group's
    ranks, a leader's lives), a rank within its group's counts; returns what changed beyond
    the field itself (HP follows Strength and age)."""
    sheet = wcagr_sheet(character)
    if name == STATE:
        return _set_state(tx, guild, character, text, now)
    field = next(f for f in sheet_fields(sheet) if f.name == name)
    try:
        after = field.write(sheet, text)
    except ValidationError as error:
        raise refused(error, name) from None
    lines: list[str] = []
    if name == "Illness" and after.illness is not None:
        after = after.changed(illness_day=game_day_at(now, guild.settings).number)
    if name in ("Rank", "Clan") and after.rank is not None and after.rank is not sheet.rank:
        holders = wcagr(tx).rank_holders(
            guild.guild_id, after.clan.value, after.rank.value, excluding=character.id
        )
        check_rank_open(after.clan, after.rank, holders)
    if after.hp_max != sheet.hp_max:
        lines.append(f"HP: {sheet.hp} of {sheet.hp_max} → {after.hp} of {after.hp_max}.")
    character.sheet = after
    tx.characters.save_sheet(character)
    return lines


def _set_state(
    tx: Transaction, guild: Guild, character: Character, text: str, now: datetime
) -> list[str]:
    """State on a WCAGR sheet: dead and retired are the sheet's own (its death, its
    retirement as an elder), away is the core's; active undoes any of them."""
    try:
        wanted = Life(text.strip().casefold())
    except ValueError:
        listed = ", ".join(life.value for life in Life)
        raise PawpostError(f"State is one of {listed}; you gave {safe(text.strip())}.") from None
    sheet = wcagr_sheet(character)
    if wanted is Life.DEAD:
        if sheet.dead:
            return []
        lines = kill(tx, guild, character, _NO_DICE, now)
        bot = Actor(guild.guild_id, 0, BOT_USER)
        return lines + leave_scenes(tx, bot, guild, character, now)
    if sheet.dead:
        lines = revive(tx, guild, character, _NO_DICE, now)
        sheet = wcagr_sheet(character)
    else:
        lines = []
    if wanted is Life.RETIRED and not sheet.retired:
        character.sheet = retire(sheet)
        tx.characters.save_sheet(character)
    elif wanted is not Life.RETIRED and sheet.retired:
        character.sheet = sheet.changed(retired=False)
        tx.characters.save_sheet(character)
    if wanted is Life.AWAY or (wanted is Life.ACTIVE and character.life is Life.AWAY):
        tx.characters.set_life(character, wanted)
    return lines


class _NoDice:
    """A kill or revival by State rolls nothing."""

    def roll(self, sides: int) -> int:
        raise RuntimeError("a change of State rolls no die")


_NO_DICE: DiceSource = _NoDice()


# --- wounds, death and life ---------------------------------------------------------------


def damage(
    tx: Transaction,
    guild: Guild,
    character: Character,
    amount: int,
    kind: str | None,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """`/admin damage`: HP lost as a hit takes them (l.299: "the GM may rule that your cat
    suffers damage"): a knockout at 0, the death roll at −(Strength + Spirit), a leader's life
    spent. A cat knocked out (or saved by a life) leaves its fight."""
    sheet = wcagr_sheet(character)
    lives_save = WcagrSettings.of(guild.settings).leader_lives_save
    wound = take_hit(sheet, amount, dice, lives_save=lives_save)
    character.sheet = wound.sheet
    tx.characters.save_sheet(character)
    name = safe(character.name)
    after = wound.sheet
    lines = [f"{name} loses {amount} HP: {after.hp} of {after.hp_max} left."]
    if wound.death_roll is not None:
        lines.append(f"{name}'s death roll: {describe_roll(wound.death_roll)}")
    if wound.died:
        lines.append(f"**{name} dies**, beyond the help of medicine.")
    elif wound.life_lost:
        lines.append(f"**{name} loses a life** ({after.lives} left) and wakes with 1 HP.")
    elif wound.knocked_out_now:
        lines.append(f"**{name} is knocked out** until healed to at least 1 HP.")
    if not wound.died and (wound.life_lost or after.knocked_out):
        why = "it loses a life" if wound.life_lost else "it is knocked out"
        lines += _leave_fight(tx, Actor(guild.guild_id, 0, BOT_USER), guild, character, why, now)
    return lines


def heal(
    tx: Transaction,
    guild: Guild,
    character: Character,
    amount: int,
    kind: str | None,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """`/admin heal`: wounds healed, never above the maximum (RULINGS: HP never exceeds it)."""
    sheet = wcagr_sheet(character)
    if not sheet.hp_lost:
        raise PawpostError(f"{safe(character.name)} has no wounds to heal.")
    healed = min(amount, sheet.hp_lost)
    after = sheet.changed(hp_lost=sheet.hp_lost - healed)
    character.sheet = after
    tx.characters.save_sheet(character)
    lines = [f"{safe(character.name)} heals {healed} HP: {after.hp} of {after.hp_max}."]
    if sheet.knocked_out and not after.knocked_out:
        lines.append(f"{safe(character.name)} comes round.")
    return lines


def kill(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """`/admin kill`: the GM's word is final: dead, whatever lives a leader has left (its
    player may make a new cat)."""
    character.sheet = wcagr_sheet(character).changed(dead=True)
    tx.characters.save_sheet(character)
    return [f"{safe(character.name)} is dead; its player may make a new cat."]


def revive(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """`/admin revive`: alive again with at least 1 HP and rid of the illness that killed it;
    a rank whose place another cat has taken meanwhile is given up."""
    sheet = wcagr_sheet(character)
    name = safe(character.name)
    lines = [f"{name} lives again."]
    after = sheet.changed(dead=False, illness=None, illness_day=None)
    if after.hp < REVIVED_HP:
        after = after.changed(hp_lost=after.hp_max - REVIVED_HP)
        lines.append(f"{name} wakes with {REVIVED_HP} HP.")
    if after.rank is not None:
        info = rank_info(after.clan, after.rank)
        holders = wcagr(tx).rank_holders(
            guild.guild_id, after.clan.value, after.rank.value, excluding=character.id
        )
        if info.most is not None and holders >= info.most:
            after = after.changed(rank=None, lives=None)
            lines.append(f"{name}'s place as {info.label.lower()} was taken meanwhile: no rank.")
    character.sheet = after
    tx.characters.save_sheet(character)
    return lines


# --- scenes -------------------------------------------------------------------------------


def _leave_fight(
    tx: Transaction, actor: Actor, guild: Guild, character: Character, why: str, now: datetime
) -> list[str]:
    """The cat leaves its fight (if in one), the fight's channel told."""
    busy = wcagr(tx).fights.fighting(guild.guild_id, [character.id])
    if character.id not in busy:
        return []
    combat = wcagr(tx).fights.get(guild.guild_id, busy[character.id], lock=True)
    if combat is None:
        return []
    scene = Scene(tx, guild, combat)
    scene.cats[character.id] = character
    leave_fight(scene, character.id, why)
    told = commit(scene, actor, None, "leave", f"{character.name} leaves the fight", now)
    record_posts(tx, [Post(combat.channel_id, told, guild.guild_id)], now)
    return [event.text for event in scene.events]


def leave_scenes(
    tx: Transaction, actor: Actor, guild: Guild, character: Character, now: datetime
) -> list[str]:
    """A cat that died leaves its fight (a turn or a wait that was its passes on; a fight with
    fewer than two cats left ends; the fight's channel is told) and its hunt (the last hunter
    gives the prey up)."""
    lines = _leave_fight(tx, actor, guild, character, "it is dead", now)
    hunt = wcagr(tx).hunts.going_for(guild.guild_id, character.id)
    if hunt is not None:
        lines += leave_hunt(tx, hunt, character, now)
    return lines


def _awaited(scene: Scene) -> list[int]:
    """Whom the fight waits for: the cat on turn, the wrestlers still to choose, or the target
    still to jump."""
    state = scene.state
    if state.phase is Phase.DEFENDING and state.jump_wait is not None:
        return [state.jump_wait.target]
    if state.phase is Phase.WRESTLING and state.attacker is not None:
        return [c for c in state.wrestle_of(state.attacker) or () if c not in state.choices]
    if state.phase is Phase.TURNS and state.attacker is not None:
        return [state.attacker]
    return []


def skip_turn(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    combat_id: int,
    character_id: int | None,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    """`/admin scene skip`: the fight goes on without whoever it waits for (D16: an absent
    fighter): the cat on turn's turn passes; a wrestler that has not chosen wrestles on; a
    target that has not jumped jumps as it stands (what the turn timeout does, at once)."""
    scene = fight_by_id(tx, guild, combat_id)
    state = scene.state
    awaited = _awaited(scene)
    if not awaited:
        raise PawpostError("The fight waits for no cat's move: it has not begun, or it is over.")
    if character_id is not None and character_id not in awaited:
        names = ", ".join(scene.name(c) for c in awaited)
        raise PawpostError(f"The fight waits for {names}, not that cat.")
    skipped = awaited if character_id is None else [character_id]
    if state.phase is Phase.WRESTLING and state.attacker is not None:
        group = state.wrestle_of(state.attacker) or ()
        choices = {**state.choices, **dict.fromkeys(skipped, WrestleChoice.WRESTLE)}
        scene.state = state.model_copy(update={"choices": choices})
        named = ", ".join(scene.name(c) for c in skipped)
        scene.say(f"An admin passes on: {named} wrestle on.")
        if all(c in choices for c in group):
            roll_wrestle(dice, scene, group)
    elif state.phase is Phase.DEFENDING:
        scene.say("An admin passes on for the target:")
        jump_on_timeout(dice, scene, 0)
    else:
        scene.say(f"An admin passes {scene.name(skipped[0])}'s turn.")
        after_turn(scene)
    return commit(scene, actor, None, "skip", "an admin skips a turn", now)


def end_scene(
    tx: Transaction, actor: Actor, guild: Guild, combat_id: int, reason: str, now: datetime
) -> Reply:
    """`/admin scene end` (and its older `/admin fight-end`): the fight is over."""
    scene = fight_by_id(tx, guild, combat_id)
    if scene.state.is_over:
        raise PawpostError(f"Fight {combat_id} is already over.")
    scene.state = scene.state.bumped(phase=Phase.OVER, end_reason=f"an admin ended it ({reason})")
    return commit(scene, actor, None, "end", "an admin ends the fight", now)


def outcomes(entry: AuditEntry) -> Sequence[str]:
    """A WCAGR check or hunting stage succeeds or fails; nothing else is ruled by outcome."""
    return OUTCOMES if entry.action in CHECKED_ACTIONS else ()


# --- undo: WCAGR's own rows -----------------------------------------------------------------


def snapshot(tx: Transaction, character: Character) -> dict[str, Any]:
    """What an undo puts back besides the sheet: the hunts the cat is or was last on (stage,
    tries, state, its latest roll, its hunters) and what their kills put on the pile (an
    adjudicated stage moves a hunt; a death takes a cat off its hunt)."""
    hunts = wcagr(tx).hunts.recent_of(character.guild_id, character.id)
    return {
        "hunts": [
            {
                "hunt": hunt.model_dump(mode="json", exclude={"members"}),
                "members": wcagr(tx).hunts.member_rows(hunt.id),
                "pieces": wcagr(tx).hunts.piece_rows(hunt.id),
            }
            for hunt in hunts
        ]
    }


def restore(tx: Transaction, character: Character, state: dict[str, Any]) -> None:
    hunts = wcagr(tx).hunts
    for kept in state.get("hunts", ()):
        hunt = StoredHunt.model_validate(kept["hunt"])
        hunts.save(hunt, hunt.created_at)
        hunts.set_members(hunt, kept["members"])
        hunts.set_pieces(hunt.id, kept["pieces"])


WCAGR_GM = GmTools(
    fields=fields,
    set_field=set_field,
    damage=damage,
    heal=heal,
    kill=kill,
    revive=revive,
    snapshot=snapshot,
    restore=restore,
    skip_turn=skip_turn,
    end_scene=end_scene,
    leave_scenes=leave_scenes,
    outcomes=outcomes,
)
