"""`/trick` for every Trick (its Tail gate, tiers, evens and Magic Points), `/sleep`, `/dream`,
and the Narrator's rulings: Advantage granted, a drenching until the game day ends, the Bauble
Curse with its three Hard Tail Risks."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters, server_config
from bot.actions.cat import config, magic, narrator, risks
from bot.actions.cat.cats import create
from rules.cat.magic import TRICKS, Trick
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, BOB, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)
# Bob's cat has a Best Tail (5 dice, 10 Magic Points) and reaches every Trick.
MISTYFOOT = {
    "name": "Mistyfoot",
    "best": "tail",
    "strong": "claws, coat, fangs",
    "good": "face, legs",
    "reputations": "Wise 3, Kind 2, Quick 2",
}


@pytest.fixture
async def cats(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)  # a Good Tail: 3 dice, 8 Magic Points
    await create(services, actor(BOB), **MISTYFOOT)


async def _field(services, name: str, field: str) -> str:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), name)
    return next(f.value for f in shown.fields if f.name == field)


async def test_a_variable_trick_plays_the_highest_tier_the_tail_reaches(
    services, dice, cats
) -> None:
    dice.load(2, 4, 1, 1, 1)  # Tail 5 dice: 2 evens, the Strong tier needs 2, Best 3
    fell = await magic.trick(services, actor(BOB), "Fall on All Fours", tier="strong")
    assert fell.title == "Mistyfoot plays Fall on All Fours"
    assert fell.lines[0] == "Pool: Tail (Best) 5"
    assert fell.lines[2] == (
        "**It works**: 2 evens against 2 needed at its Strong tier. Mistyfoot falls 40 feet and "
        "suffers no Scars."
    )
    assert fell.lines[3:] == ["Paid: 1 Magic Point.", "Magic Points: 9 / 10."]
    dice.load(2, 1, 1, 1, 1)
    best = await magic.trick(services, actor(BOB), "fall-on-all-fours")  # aimed at Best
    assert best.lines[2] == (
        "**It works**: 1 even against 1 needed at its Good tier (the Best tier needs more). "
        "Mistyfoot falls 20 feet and takes no Scars."
    )


async def test_extra_magic_points_add_advantage_dice(services, dice, cats) -> None:
    dice.load(1, 1, 1, 2, 1)
    sneak = await magic.trick(services, actor(ALICE), "sneak", extra_mp=2)
    assert sneak.lines[0] == "Pool: Tail (Good) 3 + Advantage (extra Magic Points) 2"
    assert sneak.lines[2].startswith("**It works**: 1 even against 1 needed at its Good tier.")
    assert sneak.lines[-2:] == ["Paid: 3 Magic Points.", "Magic Points: 5 / 8."]
    before = dump(services.db.path)
    with pytest.raises(PawpostError, match="The cat has 5 Magic Points left; this Trick needs 6."):
        await magic.trick(services, actor(ALICE), "sneak", extra_mp=5)
    assert dump(services.db.path) == before
    slept = await magic.nap(services, actor(ALICE), 2)
    assert slept.lines == ["Firepaw sleeps 2 hours and gets 2 Magic Points back: 7 / 8."]
    slept = await magic.nap(services, actor(ALICE), 8)
    assert slept.lines == ["Firepaw sleeps 8 hours and gets 1 Magic Point back: 8 / 8."]


@pytest.mark.parametrize("trick", list(Trick))
async def test_every_trick_s_gate_for_a_good_tail(services, dice, cats, trick) -> None:
    info = TRICKS[trick]
    if trick is Trick.FIGHTING_FRENZY:
        return  # its gate is a fight's (tests/actions/cat/test_foes.py)
    if info.rank.value == "good":
        dice.load(2, 1, 1)
        played = await magic.trick(services, actor(ALICE), trick.value)
        assert played.lines[2].startswith("**It works**: 1 even against 1 needed")
        return
    before = dump(services.db.path)
    with pytest.raises(PawpostError, match=f"needs a {info.rank.label} Tail; this cat's Tail is"):
        await magic.trick(services, actor(ALICE), trick.value)
    assert dump(services.db.path) == before


async def test_the_whammy_rolls_its_minutes_and_doorslip_needs_two_evens(
    services, dice, cats
) -> None:
    dice.load(2, 4, 6, 1, 1, 2)  # Best tier: 3 evens; then the d3
    whammy = await magic.trick(services, actor(BOB), "The Chase Your Tail Whammy")
    assert whammy.lines[3] == "The dog chases its tail: 1d3 [2] → **2** minutes."
    dice.load(2, 1, 1, 1, 1)
    door = await magic.trick(services, actor(BOB), "doorslip")
    assert door.lines[2] == "**It fails**: 1 even against 2 needed."
    with pytest.raises(PawpostError, match="Sneak has no Legendary tier"):
        await magic.trick(services, actor(BOB), "sneak", tier="legendary")
    with pytest.raises(PawpostError, match="no Trick called pounce; the Tricks are Fall"):
        await magic.trick(services, actor(BOB), "pounce")


async def test_a_drenched_cat_has_no_magic_until_the_game_day_ends(
    services, dice, clock, cats
) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await narrator.wet(services, actor(ALICE), "Firepaw", "fell in the pond")
    await narrator.wet(services, ADMIN_ACTOR, "Firepaw", "fell in the pond")
    assert await _field(services, "Firepaw", "States") == "drenched: no magic until Day 1 ends"
    with pytest.raises(PawpostError, match="drenched and has no magic"):
        await magic.trick(services, actor(ALICE), "sneak")
    with pytest.raises(PawpostError, match="drenched and has no magic"):
        await magic.dream(services, actor(ALICE), "change-yourself")
    clock.advance(days=1)  # the next game day
    dice.load(2, 1, 1)
    played = await magic.trick(services, actor(ALICE), "sneak")
    assert played.lines[2].startswith("**It works**")


async def test_dream_changes_take_their_evens_and_their_tail(services, dice, cats) -> None:
    dice.load(2, 2, 1)
    changed = await magic.dream(services, actor(ALICE), "change-something-else")
    assert changed.title == "Firepaw: Change Something Else (dream)"
    assert changed.lines[2] == (
        f"**The Dream changes**: 2 evens against 2 needed. <@{ALICE}> narrates what changes."
    )
    with pytest.raises(PawpostError, match="Alter Something Else needs a Best Tail"):
        await magic.dream(services, actor(ALICE), "alter-something-else")
    with pytest.raises(PawpostError, match="Completely Change One Place needs a Legendary Tail"):
        await magic.dream(services, actor(BOB), "change-one-place")
    dice.load(2, 2, 2, 1, 1)
    altered = await magic.dream(services, actor(BOB), "alter-something-else")
    assert altered.lines[2].startswith("**The Dream changes**: 3 evens against 3 needed.")


async def test_granted_advantage_is_used_by_the_next_risk(services, dice, cats) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await narrator.advantage(services, actor(ALICE), "Firepaw", 2)
    granted = await narrator.advantage(services, ADMIN_ACTOR, "Firepaw", 2, "a clever plan")
    assert granted.lines == ["Firepaw has 2 granted Advantage dice for its next Risk."]
    assert await _field(services, "Firepaw", "States") == (
        "2 granted Advantage dice for its next Risk"
    )
    dice.load(1, 1, 1, 1, 1, 1, 2)
    taken = await risks.risk(services, actor(ALICE), "claws", "easy", advantage=1)
    assert taken.lines[0] == (
        "Pool: Claws (Strong) 4 + Advantage (granted) 2 + Advantage (claimed) 1"
    )
    dice.load(1, 1, 1, 2)
    plain = await risks.risk(services, actor(ALICE), "claws", "easy")
    assert plain.lines[0] == "Pool: Claws (Strong) 4"


async def test_the_bauble_curse_holds_for_three_hard_tail_risks(services, dice, cats) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await narrator.bauble_start(services, actor(ALICE), "Firepaw", "a feather")
    started = await narrator.bauble_start(services, ADMIN_ACTOR, "Firepaw", "a feather on string")
    assert "3 Hard Tail Risks to break free" in started.lines[0]
    assert "under the Bauble Curse (0 of 3" in await _field(services, "Firepaw", "States")
    with pytest.raises(PawpostError, match="can take no Risk but the Hard Tail Risks"):
        await risks.risk(services, actor(ALICE), "legs", "easy")
    with pytest.raises(PawpostError, match="can do nothing but try to break free"):
        await magic.trick(services, actor(ALICE), "sneak")
    for attempt in (1, 2):
        dice.load(1, 1, 1)
        tried = await risks.risk(services, actor(ALICE), "tail", "hard")
        assert tried.title == f"Firepaw: Breaking the Bauble Curse ({attempt} of 3)"
        assert tried.lines[3] == (
            f"The Bauble Curse holds ({attempt} of 3 Hard Tail Risks made, {3 - attempt} to go)."
        )
    dice.load(1, 1, 1)
    third = await risks.risk(services, actor(ALICE), "tail", "hard")
    assert third.lines[3] == "The Bauble Curse breaks: the cat is free."
    assert "Spend a Life to succeed" not in ids(third)
    assert await _field(services, "Firepaw", "States") == "none"
    # Again; by default (RULINGS) a success frees it at once, and a Life may buy that success.
    await narrator.bauble_start(services, ADMIN_ACTOR, "Firepaw", "the laser dot")
    dice.load(2, 1, 1)
    failed = await risks.risk(services, actor(ALICE), "tail", "hard")
    freed = await buttons.press(services, actor(ALICE), ids(failed)["Spend a Life to succeed"])
    assert "8 Lives left" in freed.lines[2]
    assert await _field(services, "Firepaw", "States") == "none"
    with pytest.raises(PawpostError, match="not under the Bauble Curse"):
        await narrator.bauble_end(services, ADMIN_ACTOR, "Firepaw", "gone")
    await narrator.bauble_start(services, ADMIN_ACTOR, "Firepaw", "a ribbon")
    ended = await narrator.bauble_end(services, ADMIN_ACTOR, "Firepaw", "the ribbon is put away")
    assert ended.lines == ["Firepaw is free of the Bauble Curse."]


async def test_the_server_settings_change_tricks_and_the_curse(services, dice, cats) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await config.trick_evens(services, actor(ALICE), 2, 2, 2)
    with pytest.raises(PawpostError, match="The Strong tier needs 1 to"):
        await config.trick_evens(services, ADMIN_ACTOR, 1, 0, 3)
    await config.trick_evens(services, ADMIN_ACTOR, 2, 2, 2)
    dice.load(2, 1, 1)
    sneak = await magic.trick(services, actor(ALICE), "sneak")
    assert sneak.lines[2] == "**It fails**: 1 even against 2 needed at its Good tier."
    await config.bauble_curse(services, ADMIN_ACTOR, "third-risk")
    shown = await server_config.show(services, ADMIN_ACTOR)
    [field] = [f for f in shown.fields if f.name == "Taking Risks"]
    assert field.value == (
        "a Trick needs 2/2/2 evens (Good/Strong/Best); the Bauble Curse breaks at the third "
        "try; a player claims up to 3 Advantage dice a roll; owed scars wait 24 h"
    )
    await narrator.bauble_start(services, ADMIN_ACTOR, "Firepaw", "a feather")
    dice.load(2, 2, 2)
    held = await risks.risk(services, actor(ALICE), "tail", "hard")
    assert held.lines[3] == "The Bauble Curse holds (1 of 3 Hard Tail Risks made, 2 to go)."
    assert "Spend a Life to succeed" not in ids(held)


def test_the_trick_autocomplete_names_each_trick_and_its_tail() -> None:
    assert magic.trick_suggestions("") == [
        ("Fall on All Fours (Good Tail and up, by tier)", "fall-on-all-fours"),
        ("Hide in Plain Sight (Good Tail and up, by tier)", "hide-in-plain-sight"),
        ("Sneak (Good Tail and up, by tier)", "sneak"),
        ("Doorslip (Strong Tail)", "doorslip"),
        ("The Dinner Dance Ritual (Good Tail)", "dinner-dance-ritual"),
        ("Dream Bite (Good Tail)", "dream-bite"),
        ("The Chase Your Tail Whammy (Best Tail)", "chase-your-tail-whammy"),
        ("Fighting Frenzy (Good Tail)", "fighting-frenzy"),
    ]
    assert magic.trick_suggestions("whammy") == [
        ("The Chase Your Tail Whammy (Best Tail)", "chase-your-tail-whammy")
    ]
    assert magic.trick_suggestions("dinner-dance") == [
        ("The Dinner Dance Ritual (Good Tail)", "dinner-dance-ritual")
    ]
