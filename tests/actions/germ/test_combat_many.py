"""Combats of three and four cats through the actions and buttons; joining, the ambush of
either side, the terrain and the Hide button (issue 12)."""

from __future__ import annotations

import pytest

from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import combat
from bot.actions.germ.jobs import combat_timeouts
from bot.actions.reply import Reply
from rules.errors import PawpostError
from storage.germ import germ
from tests.actions.germ.combat_helpers import SHADEPAW, click, make_cats, pick, text
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)
DAVE = 104


def moves(reply: Reply) -> list[str]:
    assert reply.select is not None and reply.select.placeholder == "Your move"
    return [o.label for o in reply.select.options]


async def three_cats(services: Services, **options: str) -> Reply:
    """Firepaw challenges Tigerclaw and Longtail; both accept; all agree Firepaw goes first."""
    await make_cats(services)
    challenge = await combat.challenge(
        services, actor(ALICE), "Tigerclaw", target_2="Longtail", **options
    )
    assert challenge.title == "Combat 1: Firepaw vs Tigerclaw vs Longtail"
    assert challenge.mentions == [BOB, CAROL]
    one = await click(services, actor(BOB), challenge, "Accept")
    started = await click(services, actor(CAROL), one, "Accept")
    assert "**The combat begins.**" in started.lines
    assert [b.label for b in started.buttons] == ["I go first"]
    voted = await click(services, actor(ALICE), started, "I go first")
    voted = await pick(services, actor(BOB), voted, "Firepaw")
    return await pick(services, actor(CAROL), voted, "Firepaw")


async def test_three_cats_fight_in_turn_and_a_cat_that_escapes_leaves(services, dice) -> None:
    turn = await three_cats(services)
    assert "The players agree: Firepaw attacks first." in turn.lines
    assert moves(turn) == [
        "Attack Tigerclaw",
        "Attack Longtail",
        "Run from Tigerclaw",
        "Run from Longtail",
        "Hide from Tigerclaw",
        "Hide from Longtail",
    ]
    with pytest.raises(PawpostError, match=r"^Choose which cat to attack\.$"):
        await combat.attack(services, actor(ALICE))
    # Firepaw 5 + 10 = 15 against Longtail 3 + 2 = 5: power 10.
    dice.load(10, 2)
    hit = await pick(services, actor(ALICE), turn, "Attack Longtail")
    assert "**Hit, power 10: moderate.**" in text(hit)
    assert hit.mentions[:1] == [BOB]  # Tigerclaw's turn next, in the challenge's order
    assert CAROL in hit.mentions  # the cat hit is told
    with pytest.raises(PawpostError, match=r"^It is not your turn\.$"):
        await pick(services, actor(CAROL), hit, "Attack Firepaw")

    # Tigerclaw runs from Longtail; only Longtail's player chases or lets go.
    with pytest.raises(PawpostError, match=r"^Choose which cat to run from\.$"):
        await combat.run(services, actor(BOB))
    ran = await combat.run(services, actor(BOB), opponent="Longtail")
    assert "Tigerclaw runs from Longtail." in ran.lines
    with pytest.raises(PawpostError, match="Only Longtail's player or an admin"):
        await click(services, actor(ALICE), ran, "Chase")
    gone = await click(services, actor(CAROL), ran, "Let go")
    assert "Tigerclaw is out of the combat." in gone.lines
    assert "**Round 3: Longtail's turn**" in text(gone)
    assert [b.label for b in gone.buttons] == ["Attack", "Run", "Hide"]  # two cats left

    status = await combat.status(services, actor(ALICE))
    assert "Tigerclaw: unhurt — got away" in text(status)
    assert "Longtail: 10 (moderate)" in text(status)
    # Tigerclaw may fight again; the other two go on.
    tigerclaw = await services.db.transact(lambda tx: tx.characters.by_name(1000, "Tigerclaw"))
    assert tigerclaw is not None
    busy = await services.db.transact(lambda tx: germ(tx).combat.fighting(1000, [tigerclaw.id]))
    assert busy == {}
    dice.load(1, 20)
    missed = await click(services, actor(CAROL), gone, "Attack")
    assert "**Round 4: Firepaw's turn**" in text(missed)


async def test_a_cat_joins_a_running_combat_when_everyone_agrees(services, dice, clock) -> None:
    await make_cats(services)
    await germ_cats.create(services, actor(DAVE), **SHADEPAW)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw")
    accepted = await click(services, actor(BOB), challenge, "Accept")
    voted = await click(services, actor(ALICE), accepted, "I go first")
    await click(services, actor(BOB), voted, "They go first")

    # Carol asks for Longtail; Alice agrees, Bob disputes: an admin lets Longtail in.
    asked = await combat.join(services, actor(CAROL), "Firepaw")
    assert "Longtail asks to join the combat." in asked.lines
    assert asked.mentions[-2:] == [ALICE, BOB]
    yes = await click(services, actor(ALICE), asked, "Join: yes")
    disputed = await click(services, actor(BOB), yes, "Join: no")
    assert "Tigerclaw's player disputes Longtail joining." in disputed.lines
    assert "an admin lets them in or keeps them out" in text(disputed)
    with pytest.raises(PawpostError, match="already agreed"):
        await click(services, actor(ALICE), disputed, "Join: yes")
    joined = await click(services, ADMIN_ACTOR, disputed, "Join: yes")
    assert "An admin acts: Longtail joins." in joined.lines
    assert "**Longtail joins the combat** (last in the turn order)." in joined.lines
    assert moves(joined)[:3] == ["Attack Tigerclaw", "Attack Longtail", "Run from Tigerclaw"]

    # A fighter brings a fourth cat in: Shadepaw's player and the fighters agree.
    brought = await combat.join(services, actor(ALICE), "Shadepaw")
    assert "Firepaw's player brings Shadepaw into the combat." in brought.lines
    assert DAVE in brought.mentions
    reply = brought
    for who in (BOB, CAROL, DAVE):
        reply = await click(services, actor(who), reply, "Join: yes")
    assert "**Shadepaw joins the combat** (last in the turn order)." in reply.lines
    status = await combat.status(services, actor(DAVE))
    assert status.title == "Combat 1: Firepaw vs Tigerclaw vs Longtail vs Shadepaw"

    # Four cats in turn: Firepaw, Tigerclaw, Longtail, Shadepaw.
    for who, target in ((ALICE, "Shadepaw"), (BOB, "Firepaw"), (CAROL, "Firepaw")):
        dice.load(1, 20)
        await combat.attack(services, actor(who), target=target)
    status = await combat.status(services, actor(DAVE))
    assert "round 4: Shadepaw's turn" in text(status)

    # The turn timeout reminds whoever the 4-cat combat waits for.
    clock.advance(hours=25)
    late = await combat_timeouts(services, clock())
    (post,) = late.posts
    assert post.reply.mentions == [DAVE]
    assert post.reply.lines[0].startswith("Shadepaw has not acted for 24 h.")
    assert moves(post.reply)[0] == "Attack Firepaw"


async def test_joining_needs_a_cat_outside_and_one_inside(services, db) -> None:
    await make_cats(services)
    before = dump(db)
    with pytest.raises(PawpostError, match="^Name a cat in a combat, and act as a cat outside"):
        await combat.join(services, actor(CAROL), "Firepaw")
    assert dump(db) == before


async def test_an_ambush_is_refused_where_the_terrain_forbids_hiding(services, db) -> None:
    await make_cats(services)
    before = dump(db)
    with pytest.raises(PawpostError, match=r"^An ambush is impossible where the terrain"):
        await combat.challenge(
            services, actor(ALICE), "Tigerclaw", hiding="not-allowed", ambush="yes"
        )
    assert dump(db) == before


async def test_the_challenged_side_may_ambush_too_once(services, dice) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw", ambush="yes")
    dice.load(1, 20)  # Firepaw is spotted
    accepted = await click(services, actor(BOB), challenge, "Accept")
    assert "**Tigerclaw spots Firepaw.**" in accepted.lines
    assert "Before the first turn, a cat may try an ambush: /combat ambush." in accepted.lines
    with pytest.raises(PawpostError, match=r"^Each cat may try an ambush only once\.$"):
        await combat.ambush(services, actor(ALICE))
    # Tigerclaw: Stealth 4 + 20 against Perception 3 + 1; then a free attack, 6 + 10 − 5.
    dice.load(20, 1, 10)
    ambushed = await combat.ambush(services, actor(BOB))
    assert "Tigerclaw makes a free attack from ambush on Firepaw." in ambushed.lines
    assert "**Free attack, power 11: nasty.**" in text(ambushed)
    assert [b.label for b in ambushed.buttons] == ["I go first", "They go first"]
    voted = await click(services, actor(ALICE), ambushed, "I go first")
    started = await click(services, actor(BOB), voted, "They go first")
    assert "**Round 1: Firepaw's turn**" in text(started)
    with pytest.raises(PawpostError, match=r"^An ambush is only possible before the first"):
        await combat.ambush(services, actor(ALICE))


async def test_the_fighters_or_an_admin_change_the_terrain_and_hide_follows_it(
    services, dice
) -> None:
    await three_cats(services)
    proposed = await combat.terrain(services, actor(ALICE), "not-allowed")
    assert "Proposed: the terrain does not allow hiding. Still to agree: Tigerclaw, Longtail." in (
        proposed.lines
    )
    agreed = await click(services, actor(BOB), proposed, "Agree to terrain")
    with pytest.raises(PawpostError, match=r"^You have already agreed to this terrain\.$"):
        await click(services, actor(BOB), agreed, "Agree to terrain")
    changed = await click(services, actor(CAROL), agreed, "Agree to terrain")
    assert "**The terrain now does not allow hiding.**" in changed.lines
    # No hiding where the terrain forbids it: no Hide move, and the reply says why.
    assert "No Hide button: the terrain does not allow hiding here." in changed.lines
    assert not [m for m in moves(changed) if m.startswith("Hide")]
    status = await combat.status(services, actor(ALICE))
    assert "Terrain: does not allow hiding" in text(status)

    back = await combat.admin_terrain(services, ADMIN_ACTOR, "allowed", character="Firepaw")
    assert back.lines[0] == "An admin acts: The terrain now allows hiding."
    assert [m for m in moves(back) if m.startswith("Hide")] == [
        "Hide from Tigerclaw",
        "Hide from Longtail",
    ]
    with pytest.raises(PawpostError, match="Only the fighters' players or an admin"):
        await combat.terrain(services, actor(DAVE), "not-allowed", character="Firepaw")


async def test_two_cats_get_no_hide_button_where_the_terrain_forbids_it(services) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw", hiding="not-allowed")
    accepted = await click(services, actor(BOB), challenge, "Accept")
    voted = await click(services, actor(ALICE), accepted, "I go first")
    started = await click(services, actor(BOB), voted, "They go first")
    assert [b.label for b in started.buttons] == ["Attack", "Run"]
    assert "No Hide button: the terrain does not allow hiding here." in started.lines
