"""WCAGR's hunts as scenes of the GM toolkit: `/admin scene status` lists those still going,
`/admin scene end` gives one up. A hunt has no turns (any of its hunters rolls its next
stage), so a skip says so."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.actions.wcagr.hunting import log_hunt_end, title
from bot.gm import OwnScene, OwnScenes
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr.hunting import stage_dc
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.hunts import HuntState, StoredHunt
from storage.wcagr.settings import WcagrSettings

KIND = "Hunt"


def _doing(hunt: StoredHunt, tries: int) -> str:
    if hunt.state is HuntState.WEIGHING:
        return "the kill stands, its weight still to roll with /hunt continue"
    return (
        f"at {hunt.stage.label} (DC {stage_dc(hunt.prey, hunt.stage)}), {hunt.tries} of {tries} "
        "tries spent; any hunter rolls on with /hunt continue"
    )


def open_hunts(tx: Transaction, guild: Guild, limit: int) -> list[OwnScene]:
    """The server's hunts still going, longest-waiting first."""
    tries = WcagrSettings.of(guild.settings).tries_per_stage
    return [
        OwnScene(
            kind=KIND,
            id=hunt.id,
            channel_id=hunt.channel_id,
            characters=hunt.members,
            waiting_since=moved,
            doing=_doing(hunt, tries),
        )
        for hunt, moved in wcagr(tx).hunts.going(guild.guild_id, limit)
    ]


def skip_hunt(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    scene: OwnScene,
    character_id: int | None,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    """A hunt waits for no one turn: one sentence says what an admin may do instead."""
    raise PawpostError(
        f"Hunt #{scene.id} has no turns to pass: any of its hunters rolls its next stage with "
        "/hunt continue, a hunter who is away may /hunt abandon, and /admin scene end gives "
        "the hunt up."
    )


def end_hunt(
    tx: Transaction, actor: Actor, guild: Guild, scene: OwnScene, reason: str, now: datetime
) -> Reply:
    """`/admin scene end` on a hunt: the prey is given up, and each hunter's line in the
    hunting log ends as the hunt stood (no prey, or it got away)."""
    hunts = wcagr(tx).hunts
    hunt = hunts.get(guild.guild_id, scene.id)
    if hunt is None or not hunt.going:
        raise PawpostError(f"Hunt #{scene.id} is already over.")
    hunts.lock(hunt)
    hunt.state = HuntState.ABANDONED
    hunts.save(hunt, now)
    log_hunt_end(tx, hunt)
    tx.audit.add(
        audit.entry(
            actor,
            "scene",
            f"ended hunt {hunt.id}: the {hunt.prey.one} is given up",
            now,
            reason=reason,
        )
    )
    return Reply(
        title=title(hunt),
        lines=[f"An admin ends the hunt: the {hunt.prey.one} is given up. Reason: {safe(reason)}"],
    )


HUNT_SCENES = OwnScenes(open=open_hunts, skip=skip_hunt, end=end_hunt)
