"""A whole combat through the actions, a restart in the middle, the ambush, ending, reminders."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.actions import buttons
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import combat
from bot.actions.germ.jobs import combat_timeouts
from bot.registry import RULESETS
from rules.errors import PawpostError
from rules.germ.sheet import Condition, GermSheet
from storage.database import Database
from storage.germ import germ
from storage.repositories import Transaction
from tests.actions.germ.combat_helpers import click, custom_id, fighting, make_cats, pick, text
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor, cat, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)
DAVE = 104


async def _sheet(services: Services, name: str) -> GermSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(1000, name), write=False)
    assert found is not None
    assert isinstance(found.sheet, GermSheet)
    return found.sheet


async def test_a_whole_combat_survives_a_restart(services, db, dice, clock) -> None:
    await make_cats(services)

    def trust(tx: Transaction) -> None:
        firepaw = tx.characters.by_name(1000, "Firepaw")
        tigerclaw = tx.characters.by_name(1000, "Tigerclaw")
        assert firepaw is not None
        assert tigerclaw is not None
        germ(tx).trust.add_trust(1000, tigerclaw.id, firepaw.id, clock())

    await db.transact(trust)

    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw")
    assert challenge.mentions == [BOB]
    assert custom_id(challenge, "Accept") == "pawpost:combat:1:accept:0"
    accepted = await click(services, actor(BOB), challenge, "Accept")
    assert "Firepaw and Tigerclaw no longer fully trust each other." in accepted.lines
    assert accepted.update

    # Both want to go first: an admin decides.
    voted = await click(services, actor(ALICE), accepted, "I go first")
    disputed = await click(services, actor(BOB), voted, "I go first")
    assert "The players disagree about who attacks first; an admin decides." in disputed.lines
    with pytest.raises(PawpostError, match="Only an admin can decide who attacks first."):
        await pick(services, actor(BOB), disputed, "Firepaw")
    decided = await pick(services, ADMIN_ACTOR, disputed, "Firepaw")
    assert decided.lines[0] == "An admin acts: Firepaw attacks first."

    # Round 1: 13 against 14 misses.
    dice.load(8, 10)
    missed = await click(services, actor(ALICE), decided, "Attack")
    assert "**Miss:** Agility 14 beats Strength 13." in missed.lines

    # A new process on the same file: the buttons posted before still work.
    await db.close()
    reopened = await Database.open(db.path)
    services = Services(rulesets=RULESETS, db=reopened, dice=dice, clock=clock)
    try:
        dice.load(10, 2)
        hit = await click(services, actor(BOB), missed, "Attack")
        assert "**Hit, power 9: moderate.**" in hit.lines[3]

        before = dump(reopened)
        with pytest.raises(PawpostError) as stale:
            await click(services, actor(ALICE), missed, "Attack")
        assert stale.value.message == "That button is out of date; the combat has moved on."
        assert dump(reopened) == before

        # Round 3: Firepaw hides (3 + 20 − 5 = 18 against 4 + 1 = 5), then a free attack:
        # 5 + 20 = 25 − Agility 4 = 21, a permanent disability.
        dice.load(20, 1)
        hidden = await combat.hide(services, actor(ALICE))
        assert "**Firepaw is hidden.**" in hidden.lines
        with pytest.raises(PawpostError, match=r"Only Firepaw's player or an admin can choose\."):
            await click(services, actor(BOB), hidden, "Free attack")
        dice.load(20)
        struck = await click(services, actor(ALICE), hidden, "Free attack")
        assert "**Free attack, power 21: permanent disability.**" in text(struck)
        assert "Tigerclaw will carry a scar from this." in struck.lines
        assert struck.select is not None
        assert struck.mentions == [BOB]
        with pytest.raises(PawpostError, match="Only Tigerclaw's player or an admin can choose"):
            await pick(services, actor(ALICE), struck, "tail torn off")
        chosen = await pick(services, actor(BOB), struck, "tail torn off")
        assert chosen.lines[0] == (
            "Tigerclaw: tail torn off. It is a lasting condition now (no tail)."
        )
        assert "**Round 4: Tigerclaw's turn**" in text(chosen)
        sheet = await _sheet(services, "Tigerclaw")
        assert (sheet.scars, sheet.conditions) == (1, (Condition.NO_TAIL,))

        # Round 4: Tigerclaw runs; only Firepaw's player may chase. Tigerclaw, tailless and badly
        # wounded: 10 + 4 − 5 − 5 = 4 against 10 + 5 = 15, caught; a free attack 5 + 5 = 10
        # − (Agility 4 − 5 no tail) = 11.
        ran = await combat.run(services, actor(BOB))
        with pytest.raises(PawpostError) as runner:
            await click(services, actor(BOB), ran, "Chase")
        assert runner.value.message == (
            "You are the one running; Firepaw's player decides whether to chase."
        )
        dice.load(10, 10, 5)
        caught = await click(services, actor(ALICE), ran, "Chase")
        assert caught.lines[1:4] == [
            "Tigerclaw — Run (Agility): d20 **10** + Agility 4 − 5 no tail − 5 badly wounded "
            "= **4**",
            "Firepaw — Chase (Agility): d20 **10** + Agility 5 = **15**",
            "**Firepaw catches Tigerclaw.**",
        ]
        assert "Tigerclaw cannot dodge it; Agility 4 − 5 no tail = **-1** cuts its power." in (
            caught.lines
        )
        assert "**Free attack, power 11: nasty.**" in text(caught)
        assert "**Round 5: Firepaw's turn**" in text(caught)
        assert (await _sheet(services, "Tigerclaw")).scars == 2

        status = await combat.status(services, actor(CAROL), "Tigerclaw")
        fields = {f.name: f.value for f in status.fields}
        assert fields["Now"] == "round 5: Firepaw's turn"
        assert fields["Wounds this combat"] == (
            "Firepaw: 9 (moderate)\n"
            "Tigerclaw: 21 (permanent disability), 11 (nasty) — badly wounded"
        )
        assert fields["Last actions"].replace("\\", "").splitlines()[-1] == (
            "round 4: Tigerclaw is caught; Firepaw free attack on Tigerclaw: power 11 (nasty)"
        )

        # Ending by agreement: Firepaw's player proposes, Tigerclaw's player agrees.
        proposed = await combat.propose_end(services, actor(ALICE))
        assert proposed.mentions == [BOB]
        ended = await click(services, actor(BOB), proposed, "Agree to end")
        assert ended.lines[-1] == "**The combat is over:** the players agreed to end it."

        with pytest.raises(PawpostError, match=r"^This combat is over\.$"):
            await click(services, actor(ALICE), proposed, "Attack")
        with pytest.raises(PawpostError, match="None of your cats is in a combat."):
            await combat.attack(services, actor(ALICE))
        assert dice.remaining == 0

        entries, actions = await reopened.transact(
            lambda tx: (
                tx.audit.recent(1000, limit=50),
                germ(tx).combat.recent_actions(1000, 1, 50),
            ),
            write=False,
        )
        summaries = [entry.summary for entry in entries]
        assert "Dodging Firepaw's attack (combat 1, round 1)" in summaries
        assert "Running from Firepaw (combat 1, round 4)" in summaries
        assert "Free attack on Tigerclaw (combat 1, round 3)" in summaries
        assert "Disability (combat 1, round 3)" in summaries
        assert [a.version for a in actions] == list(range(len(actions) - 1, -1, -1))

        # Both cats may fight again.
        again = await combat.challenge(services, actor(BOB), "Firepaw")
        assert again.title == "Combat 2: Tigerclaw vs Firepaw"
    finally:
        await reopened.close()


async def test_an_ambusher_who_stays_hidden_strikes_before_the_first_attacker_is_chosen(
    services, dice
) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw", ambush="yes")
    assert "Firepaw is lying in ambush" in text(challenge)
    # Stealth 3 + 20 = 23 against Perception 4 + 1 = 5; then 5 + 10 = 15 − Agility 4 = 11.
    dice.load(20, 1, 10)
    accepted = await click(services, actor(BOB), challenge, "Accept")
    assert accepted.lines[:9] == [
        "Tigerclaw accepts the challenge.",
        "**The combat begins.**",
        "Firepaw lies in ambush for Tigerclaw.",
        "Firepaw — Ambush (Stealth): d20 **20** + Stealth 3 = **23**",
        "Tigerclaw — Spot (Perception): d20 **1** + Perception 4 = **5**",
        "**Firepaw stays hidden.**",
        "Firepaw makes a free attack from ambush on Tigerclaw.",
        "Firepaw — Free attack (Strength): d20 **10** + Strength 5 = **15**",
        "Tigerclaw cannot dodge it; Agility 4 cuts its power.",
    ]
    assert "Tigerclaw will carry a scar from this." in accepted.lines
    assert [b.label for b in accepted.buttons] == ["I go first", "They go first"]
    assert (await _sheet(services, "Tigerclaw")).scars == 1


async def test_a_spotted_ambusher_gets_no_free_attack(services, dice) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw", ambush="yes")
    dice.load(1, 20)
    accepted = await click(services, actor(BOB), challenge, "Accept")
    assert "**Tigerclaw spots Firepaw.**" in accepted.lines
    assert "free attack" not in text(accepted)
    assert dice.remaining == 0


async def test_no_hiding_terrain_makes_a_hide_fail_without_rolling(services, dice) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw", hiding="not-allowed")
    assert "The terrain does not allow hiding." in challenge.lines
    accepted = await click(services, actor(BOB), challenge, "Accept")
    voted = await click(services, actor(ALICE), accepted, "I go first")
    await click(services, actor(BOB), voted, "They go first")
    # No Hide button is offered there; /hide still fails without rolling.
    failed = await combat.hide(services, actor(ALICE))
    assert failed.lines[0] == (
        "Firepaw tries to hide, but the terrain does not allow hiding: the attempt fails."
    )
    assert "**Round 2: Tigerclaw's turn**" in text(failed)


async def test_letting_the_runner_go_ends_the_combat(services) -> None:
    await make_cats(services)
    started = await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    ran = await click(services, actor(ALICE), started, "Run")
    let_go = await click(services, actor(BOB), ran, "Let go")
    assert let_go.lines == [
        "Tigerclaw lets Firepaw go.",
        "Firepaw is out of the combat.",
        "**The combat is over:** the last cat was let go.",
    ]


async def test_declining_ends_the_challenge_and_frees_both_cats(services) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw")
    declined = await click(services, actor(BOB), challenge, "Decline")
    assert declined.lines[-1] == "**The combat is over:** the challenge was turned down."
    await combat.challenge(services, actor(CAROL), "Tigerclaw")


async def test_admins_decide_first_skip_and_end(services, dice) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw")
    await click(services, actor(BOB), challenge, "Accept")
    with pytest.raises(PawpostError, match="Only an admin of this server can do that."):
        await combat.admin_first(services, actor(ALICE), "Firepaw")
    decided = await combat.admin_first(services, ADMIN_ACTOR, "Tigerclaw")
    assert "**Round 1: Tigerclaw's turn**" in text(decided)
    skipped = await combat.admin_skip(services, ADMIN_ACTOR, "Firepaw")
    assert skipped.lines[0] == "An admin acts: Tigerclaw's turn is skipped."
    assert "**Round 2: Firepaw's turn**" in text(skipped)
    ended = await combat.admin_end(services, ADMIN_ACTOR, "Firepaw")
    assert ended.lines[-1] == "**The combat is over:** an admin ended it."
    entries = await services.db.transact(lambda tx: tx.audit.recent(1000, limit=10), write=False)
    assert [e.summary for e in entries if e.action == "admin"] == [
        "The combat ends (combat 1, round 2)",
        "Tigerclaw's turn is skipped (combat 1, round 1)",
        "Tigerclaw attacks first (combat 1, before the first round)",
    ]


async def test_an_admin_who_plays_no_fighter_ends_a_combat_at_once(services) -> None:
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    ended = await combat.propose_end(services, ADMIN_ACTOR, "Firepaw")
    assert ended.lines[-1] == "**The combat is over:** an admin ended it."


async def test_an_admin_may_act_for_an_absent_player(services, dice) -> None:
    await make_cats(services)
    started = await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    dice.load(8, 10)
    missed = await click(services, ADMIN_ACTOR, started, "Attack")
    assert missed.lines[0] == "Firepaw attacks Tigerclaw."
    dice.load(10, 2)
    hit = await combat.attack(services, ADMIN_ACTOR, character="Tigerclaw")
    assert hit.lines[0] == "Tigerclaw attacks Firepaw."


async def test_the_list_shows_the_servers_combats(services) -> None:
    await make_cats(services)
    empty = await combat.list_combats(services, actor(CAROL))
    assert empty.lines == ["No combat is going on in this server."]
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    listed = await combat.list_combats(services, actor(CAROL))
    assert listed.lines == ["**1** <#10> Firepaw vs Tigerclaw — round 1: Firepaw's turn"]
    assert listed.ephemeral


async def test_twenty_clicks_on_one_turn_make_one_attack(services, db, dice) -> None:
    await make_cats(services)
    started = await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    dice.load(8, 10)  # one attack's dice: a second attack would run out and fail loudly
    attack = custom_id(started, "Attack")
    results = await asyncio.gather(
        *(buttons.press(services, actor(ALICE), attack) for _ in range(20)),
        return_exceptions=True,
    )
    done = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, PawpostError)]
    assert (len(done), len(refused)) == (1, 19)
    assert {r.message for r in refused} == {"That button is out of date; the combat has moved on."}
    actions = await db.transact(lambda tx: germ(tx).combat.recent_actions(1000, 1, 50), write=False)
    assert [a.action for a in actions].count("attack") == 1


async def test_a_late_turn_is_reminded_once_and_a_late_first_choice_asks_admins(
    services, clock
) -> None:
    await make_cats(services)
    await germ_cats.create(services, actor(DAVE), **cat("Sandpaw"))
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    challenge = await combat.challenge(services, actor(CAROL), "Sandpaw")
    await click(services, actor(DAVE), challenge, "Accept")

    early = await combat_timeouts(services, clock())
    assert early.posts == []
    assert early.next_due == clock() + timedelta(hours=24)

    clock.advance(hours=25)
    late = await combat_timeouts(services, clock())
    turn, first = (post.reply for post in late.posts)
    assert [post.channel_id for post in late.posts] == [10, 10]
    assert turn.mentions == [ALICE]
    assert turn.lines[0] == (
        "Firepaw has not acted for 24 h. Admins may /admin combat skip or /admin combat end."
    )
    assert [b.label for b in turn.buttons] == ["Attack", "Run", "Hide"]
    assert first.lines[0] == "Who attacks first is not settled after 24 h; an admin decides."
    assert first.mentions == []
    decided = await pick(services, ADMIN_ACTOR, first, "Longtail")
    assert "**Round 1: Longtail's turn**" in text(decided)

    again = await combat_timeouts(services, clock())
    assert again.posts == []
    assert again.next_due == clock() + timedelta(hours=24)
