"""WCAGR's part of the GM toolkit (issue 24; /work contract `GmTools`): what its sheets and
scenes mean to the core's admin commands. Until the core lands these are plain functions of
the contract's signatures, each tested on its own."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Actor
from bot.actions.wcagr.fight_scene import Scene, commit, leave_fight
from bot.actions.wcagr.hunting import leave_hunt
from bot.outbox import Post, record_posts
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr

BOT_USER = 0  # the log's user for what the bot does by itself


def leave_scenes(tx: Transaction, guild: Guild, character: Character, now: datetime) -> list[str]:
    """A cat that died leaves its fight (a turn or a wait that was its passes on; a fight with
    fewer than two cats left ends; the fight's channel is told) and its hunt (the last hunter
    gives the prey up)."""
    lines: list[str] = []
    busy = wcagr(tx).fights.fighting(guild.guild_id, [character.id])
    if character.id in busy:
        combat = wcagr(tx).fights.get(guild.guild_id, busy[character.id], lock=True)
        if combat is not None:
            scene = Scene(tx, guild, combat)
            scene.cats[character.id] = character
            leave_fight(scene, character.id, "it is dead")
            bot = Actor(guild.guild_id, combat.channel_id, BOT_USER)
            told = commit(scene, bot, None, "leave", f"{character.name} leaves the fight", now)
            record_posts(tx, [Post(combat.channel_id, told, guild.guild_id)], now)
            lines += [event.text for event in scene.events]
    hunt = wcagr(tx).hunts.going_for(guild.guild_id, character.id)
    if hunt is not None:
        lines += leave_hunt(tx, hunt, character, now)
    return lines
