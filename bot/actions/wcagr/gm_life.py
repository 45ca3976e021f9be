"""WCAGR's wounds and life for the GM toolkit: `/admin damage` and `/admin heal` as HP with the
knockout and the death roll, `/admin kill` and `/admin revive`, and what a death (or a
knockout) does to a cat's fight and hunt."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Actor
from bot.actions.formatting import describe_roll, safe
from bot.actions.wcagr.fight_scene import Scene, commit, leave_fight
from bot.actions.wcagr.hunting import leave_hunt
from bot.actions.wcagr.sheet import wcagr_sheet
from bot.outbox import Post, record_posts
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import (
    rank_info,
)
from rules.wcagr.death import REVIVED_HP
from rules.wcagr.fights import take_hit
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.settings import WcagrSettings

BOT_USER = 0  # the log's user for what the bot does by itself


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
    player may make a new cat). It rolls nothing."""
    return killed(tx, character)


def killed(tx: Transaction, character: Character) -> list[str]:
    character.sheet = wcagr_sheet(character).changed(dead=True)
    tx.characters.save_sheet(character)
    return [f"{safe(character.name)} is dead; its player may make a new cat."]


def revive(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """`/admin revive`: alive again with at least 1 HP and rid of the illness that killed it;
    a rank whose place another cat has taken meanwhile is given up. It rolls nothing."""
    return revived(tx, guild, character)


def revived(tx: Transaction, guild: Guild, character: Character) -> list[str]:
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
