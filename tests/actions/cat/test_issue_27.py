"""Issue 27: Taking Risks against its book. One test per defect of the audit
(`audits/cat.md`, D2-D15) and per item of its section 3, each named after it; D1 (the game-day
pace) is the clock's, and D11 (the Narrator's tools) is in test_gm.py."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions import buttons, characters, log, server_config
from bot.actions.cat import (
    card,
    cats,
    config,
    fights,
    foe_flow,
    magic,
    narrator,
    reputation,
    risks,
    style,
    wounds,
)
from bot.actions.cat.scar_timeouts import place_overdue_scars, scar_timeouts
from bot.actions.clock import admin_age, ageing, game_clock, show_time
from bot.actions.context import Services
from bot.actions.reply import Reply
from rules.cat.sheet import Rank, Trait, TraitState
from rules.errors import PawpostError
from storage.cat import cat
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, ids, make
from tests.conftest import (
    ADMIN,
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    OTHER_GUILD,
    actor,
    dump,
)

ADMIN_ACTOR = actor(ADMIN, admin=True)
FIREPAW_TRAITS = {  # FIREPAW's ranks, as created
    Trait.LEGS: TraitState(rank=Rank.BEST),
    **{trait: TraitState(rank=Rank.STRONG) for trait in (Trait.CLAWS, Trait.COAT, Trait.FANGS)},
    **{trait: TraitState(rank=Rank.GOOD) for trait in (Trait.FACE, Trait.TAIL)},
}


@pytest.fixture
async def both(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)  # Legs Best; Claws, Coat, Fangs Strong; Face, Tail Good
    await make(services, BOB, **TIGERCLAW)  # Claws Best; Fangs, Legs, Coat Strong; Face, Tail Good


async def _field(services: Services, name: str, field: str) -> str | None:
    shown = await characters.show(services, actor(ALICE), name)
    return next((f.value for f in shown.fields if f.name == field), None)


async def _sheet_change(services: Services, name: str, **changes: Any) -> None:
    def change(tx):  # type: ignore[no-untyped-def]
        found = tx.characters.by_name(GUILD, name)
        found.sheet = found.sheet.model_copy(update=changes)
        tx.characters.save_sheet(found)

    await services.db.transact(change)


async def _settings(services: Services, **changes: Any) -> None:
    def change(tx):  # type: ignore[no-untyped-def]
        guild = tx.guilds.get(GUILD)
        for key, value in changes.items():
            setattr(guild.settings, key, value)
        tx.guilds.save(guild)

    await services.db.transact(change)


def _text(reply: Reply) -> str:
    return "\n".join([reply.title or "", *reply.lines])


# D2: scars owed can be ignored forever.


async def test_d2_owed_scars_show_on_the_sheet_and_in_every_roll_reply(
    services, dice, both
) -> None:
    dice.load(3, 3, 3, 3)  # Claws (Strong) 4: no even against 3; lowest odd 3
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    assert failed.footer == "roll #4"
    owed = await _field(services, "Firepaw", "Scars owed")
    assert owed is not None and owed.startswith(
        "Firepaw still owes 3 scars from roll #4: /scars places them, or the Narrator puts them "
        "in Claws <t:"
    )
    dice.load(2, 1, 1, 1, 1)
    risk = await risks.risk(services, actor(ALICE), "legs", "easy")
    assert risk.lines[-1].startswith("Firepaw still owes 3 scars from roll #4")
    dice.load(2, 1, 1)
    trick = await magic.trick(services, actor(ALICE), "sneak")
    assert trick.lines[-1].startswith("Firepaw still owes 3 scars from roll #4")
    listed = await wounds.owed(services, actor(ALICE))
    assert listed.title == "Firepaw: 3 scars to place"
    assert next(iter(ids(listed))) == "3 scars in Claws"
    placed = await buttons.press(services, actor(ALICE), ids(listed)["3 scars in Claws"])
    assert placed.lines[0] == "Firepaw takes 3 in Claws."
    assert await _field(services, "Firepaw", "Scars owed") is None
    assert (await wounds.owed(services, actor(ALICE))).lines == ["Firepaw owes no scars."]


async def test_d2_owed_scars_go_where_the_narrator_puts_them_after_the_timeout(
    services, dice, clock, both
) -> None:
    dice.load(3, 3, 3, 3)
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    clock.advance(hours=23)
    early = await scar_timeouts(services, clock())
    assert early.posts == []
    assert early.next_due is not None and early.next_due == clock() + _hours(1)
    clock.advance(hours=1)
    due = await scar_timeouts(services, clock())
    [post] = due.posts
    assert post.channel_id == CHANNEL and post.reply.mentions == [ALICE]
    assert post.reply.lines == [
        f"<@{ALICE}>, Firepaw's 3 scars from roll #4 waited 24 h: the Narrator places them, in "
        "the trait it used first.",
        "Firepaw takes 3 in Claws.",
        "Three scars: Claws drops from Strong to Good.",
    ]
    assert "**Claws** Good → 3 dice" in (await _field(services, "Firepaw", "Traits") or "")
    again = await scar_timeouts(services, clock())
    assert again.posts == [] and again.next_due is None
    logged = await log.recent(services, actor(ALICE), "Firepaw")
    assert any("(the Narrator's default)" in line for line in logged.lines)


async def test_d2_the_scar_timeout_is_a_server_setting(services, dice, clock, both) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await config.scar_timeout(services, actor(ALICE), 48)
    with pytest.raises(PawpostError, match="Scars wait 1 to 336 hours; you gave 0."):
        await config.scar_timeout(services, ADMIN_ACTOR, 0)
    await config.scar_timeout(services, ADMIN_ACTOR, 48)
    dice.load(3, 3, 3, 3)
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    clock.advance(hours=25)
    assert (await scar_timeouts(services, clock())).posts == []
    clock.advance(hours=23)
    assert len((await scar_timeouts(services, clock())).posts) == 1


async def _owe_in_the_other_server(services: Services, dice) -> None:  # type: ignore[no-untyped-def]
    """A cat of another Taking Risks server owing 3 scars (timeout: the default 24 h)."""
    await server_config.set_ruleset(services, actor(ADMIN, admin=True, guild=OTHER_GUILD), "cat")
    await cats.create(services, actor(CAROL, guild=OTHER_GUILD), **FIREPAW)
    dice.load(3, 3, 3, 3)
    await risks.risk(services, actor(CAROL, guild=OTHER_GUILD), "claws", "hard", dangerous="yes")


async def test_d2_each_server_s_owed_scars_wait_its_own_timeout_and_none_holds_another_back(
    services, dice, clock, both
) -> None:
    # Two wounds waiting out this server's two weeks come first by age; the other server's,
    # due after its 24 h, is placed all the same, however few the job places a wake.
    await config.scar_timeout(services, ADMIN_ACTOR, 336)
    dice.load(3, 3, 3, 3, 3, 3, 3, 3, 3)
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    await risks.risk(services, actor(BOB), "claws", "hard", dangerous="yes")
    started = clock()
    clock.advance(minutes=1)
    await _owe_in_the_other_server(services, dice)
    clock.advance(hours=24)
    posts, next_due = await place_overdue_scars(services, clock(), limit=2)
    assert [(post.guild_id, post.reply.title) for post in posts] == [
        (OTHER_GUILD, "Firepaw's scars are placed")
    ]
    assert next_due == started + _hours(336)
    assert await _field(services, "Firepaw", "Scars owed") is not None  # this server's still wait


async def test_d2_a_console_serving_one_server_places_that_server_s_scars_only(
    services, dice, clock, both
) -> None:
    dice.load(3, 3, 3, 3)
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    await _owe_in_the_other_server(services, dice)
    clock.advance(hours=25)
    services.db.serve_only(OTHER_GUILD)
    try:
        posts, _ = await place_overdue_scars(services, clock())
    finally:
        services.db.serve_only(None)
    assert [post.guild_id for post in posts] == [OTHER_GUILD]
    assert await _field(services, "Firepaw", "Scars owed") is not None
    posts, next_due = await place_overdue_scars(services, clock())
    assert [post.guild_id for post in posts] == [GUILD] and next_due is None


async def test_d2_a_cat_owing_scars_fights_with_them(services, dice, both) -> None:
    # The audit's repro: two dangerous Hard Claws failures owe 3 + 5 scars, none placed.
    dice.load(3, 3, 3, 3, 3, 5, 5, 5, 5, 5)
    await risks.risk(services, actor(BOB), "claws", "hard", dangerous="yes")
    await risks.risk(services, actor(BOB), "claws", "hard", dangerous="yes")
    assert "**Claws** Best → 5 dice" in (await _field(services, "Tigerclaw", "Traits") or "")
    dice.load(2, 2, 2)  # Claws, now Good: 3 dice
    started = await fights.challenge(services, actor(BOB), "Firepaw", "claws")
    assert started.lines[:6] == [
        "Tigerclaw fights with the 3 scars it owed from roll #4, placed where the Narrator puts "
        "them:",
        "Tigerclaw takes 3 in Claws.",
        "Three scars: Claws drops from Best to Strong.",
        "Tigerclaw fights with the 5 scars it owed from roll #5, placed where the Narrator puts "
        "them:",
        "Tigerclaw takes 5 in Claws.",
        "Three scars: Claws drops from Strong to Good.",
    ]
    traits = await _field(services, "Tigerclaw", "Traits") or ""
    assert "**Claws** Good → 3 dice · 2 of 3 scars" in traits
    dice.load(1, 1, 1, 1)  # Firepaw's Claws: no even
    answered = await buttons.press(services, actor(ALICE), ids(started)["Roll Claws"])
    assert answered.lines[0] == "Tigerclaw: 3d6 [**2**, **2**, **2**] evens 3 = **3**"


async def test_d2_the_defender_and_a_cat_against_a_foe_fight_with_the_scars_they_owe(
    services, dice, both
) -> None:
    dice.load(3, 3, 3, 3)  # Firepaw's Claws (Strong) 4: 3 scars owed
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    dice.load(2, 2, 2, 2, 2)
    started = await fights.challenge(services, actor(BOB), "Firepaw", "claws")
    dice.load(1, 1, 1)  # Firepaw's Claws, Good once the 3 scars are in: 3 dice
    answered = await buttons.press(services, actor(ALICE), ids(started)["Roll Claws"])
    assert answered.lines[1] == "Firepaw: 3d6 [1, 1, 1] evens 0 = **0**"
    assert (
        "Firepaw fights with the 3 scars it owed from roll #4, placed where the Narrator puts them:"
    ) in answered.lines
    dice.load(5, 5, 5, 5, 5)  # Tigerclaw's Claws (Best): 5 scars owed
    await risks.risk(services, actor(BOB), "claws", "hard", dangerous="yes")
    fight = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 5, character="Tigerclaw")
    assert fight.lines[:3] == [
        "Tigerclaw fights with the 5 scars it owed from roll #8, placed where the Narrator puts "
        "them:",
        "Tigerclaw takes 5 in Claws.",
        "Three scars: Claws drops from Best to Strong.",
    ]
    assert await _field(services, "Tigerclaw", "Scars owed") is None


# D3, D4: Tricks and dream changes lost their Style; a failed dream change offered no Life.


async def test_d3_a_trick_s_surplus_evens_are_style_to_bank_or_spend(services, dice, both) -> None:
    dice.load(2, 4, 6)  # the audit's repro: Sneak, 3 evens against 1
    played = await magic.trick(services, actor(ALICE), "sneak")
    assert "2 surplus evens: Style to bank." in played.lines
    assert list(ids(played)) == ["Bank 2 Style", "Edit the scene with 2 Style"]
    with pytest.raises(PawpostError, match="A Trick is not a Risk"):
        await buttons.press(
            services, actor(ALICE), ids(played)["Bank 2 Style"].replace(":bank", ":life")
        )
    banked = await buttons.press(services, actor(ALICE), ids(played)["Bank 2 Style"])
    assert banked.lines == ["Firepaw banks 2 Style from roll #4: 2 banked now."]
    assert await _field(services, "Firepaw", "Style banked") == "2"


async def test_d3_a_dream_change_s_surplus_evens_are_style_to_bank_or_spend(
    services, dice, both
) -> None:
    dice.load(2, 4, 6)  # change something else: 3 evens against 2
    changed = await magic.dream(services, actor(ALICE), "change-something-else")
    assert "1 surplus even: Style to bank." in changed.lines
    form = await buttons.press(services, actor(ALICE), ids(changed)["Edit the scene with 1 Style"])
    assert form.modal is not None
    edited = await buttons.press(
        services, actor(ALICE), form.modal.custom_id, fields={"scene": "the clock rings twice"}
    )
    assert edited.lines[-1] == "Firepaw spends 1 Style on the scene and banks 0: 0 banked now."


async def test_d4_a_failed_dream_change_offers_a_life_to_succeed(services, dice, both) -> None:
    dice.load(1, 1, 1)  # the audit's repro: change yourself, no even against 1
    held = await magic.dream(services, actor(ALICE), "change-yourself")
    assert held.lines[2] == (
        "**The Dream holds**: 0 evens against 1 needed. The Narrator narrates what happens."
    )
    assert list(ids(held)) == ["Spend a Life to succeed"]
    spent = await buttons.press(services, actor(ALICE), ids(held)["Spend a Life to succeed"])
    assert spent.lines[2] == (
        f"Firepaw spends a Life: the Risk of roll #4 succeeds, and <@{ALICE}> narrates. "
        "8 Lives left."
    )


# D5: the drenched state never cleared and showed an internal day number.


async def test_d5_drenched_ends_with_its_game_day_and_names_it_as_time_does(
    services, clock, dice, both
) -> None:
    await game_clock(services, clock())  # the clock sees the server: today is day 1
    await narrator.wet(services, ADMIN_ACTOR, "Firepaw", "fell in the pond")
    assert await _field(services, "Firepaw", "States") == "drenched: no magic until Day 1 ends"
    clock.advance(days=1)
    await game_clock(services, clock())
    time = await show_time(services, actor(ALICE))
    assert time.lines[0] == "It is **day 2** of this server's game calendar."
    assert await _field(services, "Firepaw", "States") == "none"
    dice.load(2, 1, 1)
    assert (await magic.trick(services, actor(ALICE), "sneak")).lines[2].startswith("**It works")


# D6: claimed Advantage had no limit.


async def test_d6_a_player_s_claim_is_capped_and_only_the_narrator_grants_more(
    services, dice, both
) -> None:
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await risks.risk(services, actor(BOB), "claws", "easy", advantage=60)
    assert refused.value.message == (
        "A player may claim at most 3 Advantage dice on a roll; you claimed 60. The Narrator "
        "grants more (/admin advantage)."
    )
    with pytest.raises(PawpostError, match="claim at most 3"):
        await magic.dream(services, actor(BOB), "change-yourself", advantage=4)
    assert dump(services.db) == before
    dice.load(*[1] * 8)
    claimed = await risks.risk(services, actor(BOB), "claws", "easy", advantage=3)
    assert claimed.lines[0] == "Pool: Claws (Best) 5 + Advantage (claimed) 3"
    dice.load(*[1] * 15)
    granted = await risks.risk(
        services, ADMIN_ACTOR, "claws", "easy", advantage=10, character="Tigerclaw"
    )
    assert granted.lines[0] == "Pool: Claws (Best) 5 + Advantage (granted) 10"
    await config.claimed_advantage(services, ADMIN_ACTOR, 0)
    with pytest.raises(PawpostError, match="claim at most 0 Advantage dice"):
        await risks.risk(services, actor(BOB), "claws", "easy", advantage=1)


# D7: Fighting Frenzy on the last Life left the foe fight running for a dead cat.


async def test_d7_frenzy_on_the_last_life_ends_the_foe_fight(services, dice, both) -> None:
    await _sheet_change(services, "Firepaw", lives=1)
    await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 20, character="Firepaw")
    asked = await magic.trick(services, actor(ALICE), "fighting-frenzy")
    assert asked.ephemeral
    dice.load(2, 2, 2)
    died = await buttons.press(
        services, actor(ALICE), ids(asked)["Spend the last Life on the Frenzy (the cat dies)"]
    )
    assert died.lines[-2:] == [
        "That was Firepaw's last Life: it dies.",
        "Firepaw is dead: fight 1 is over.",
    ]
    assert not any("cat-foe" in button.custom_id for button in died.buttons)

    def fighting(tx):  # type: ignore[no-untyped-def]
        return cat(tx).foes.fighting(GUILD, [tx.characters.by_name(GUILD, "Firepaw").id])

    assert await services.db.transact(fighting) == {}


# D8: scars were placed with no reason.


async def test_d8_scars_placed_elsewhere_than_the_trait_used_need_a_reason(
    services, dice, both
) -> None:
    dice.load(3, 3, 3, 3)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    asked = await buttons.press(services, actor(ALICE), ids(failed)["3 scars in Coat"])
    assert asked.modal is not None and asked.modal.title == "Why these scars in Coat?"
    before = dump(services.db)
    with pytest.raises(PawpostError, match="Say why the scars go in Coat"):
        await buttons.press(services, actor(ALICE), asked.modal.custom_id, fields={"reason": " "})
    assert dump(services.db) == before
    placed = await buttons.press(
        services, actor(ALICE), asked.modal.custom_id, fields={"reason": "dragged through brambles"}
    )
    assert placed.lines[0] == "Firepaw takes 3 in Coat: dragged through brambles"
    logged = await log.recent(services, actor(ALICE), "Firepaw")
    assert any("dragged through brambles" in line for line in logged.lines)


async def test_i9_the_narrator_places_a_player_s_scars_without_a_form(services, dice, both) -> None:
    # Audit I9 (untested): an admin places the scars, anywhere, with no reason asked.
    dice.load(3, 3, 3, 3)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    placed = await buttons.press(services, ADMIN_ACTOR, ids(failed)["3 scars in Coat"])
    assert placed.lines == [
        "Firepaw takes 3 in Coat.",
        "Three scars: Coat drops from Strong to Good.",
    ]


# D9: a missing comma made a wrong Reputation.


async def test_d9_a_missing_comma_between_reputations_is_refused(services, both) -> None:
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await cats.create(
            services,
            actor(ALICE),
            "Odd",
            "face",
            "claws coat fangs",
            "legs tail",
            "Brave 3 Clever 2, Sly 3, Quick 2",
        )
    assert refused.value.message == (
        '"Brave 3 Clever 2" looks like two Reputations; put a comma between them: '
        '"Brave 3, Clever 2".'
    )
    assert dump(services.db) == before


# D12: the "N scars in X" buttons lied when X could not take N.


async def test_d12_a_trait_button_says_what_the_trait_can_take(services, dice, both) -> None:
    dice.load(5, 5, 5)  # Face (Good) 3: no even against 3, 5 scars
    first = await risks.risk(services, actor(ALICE), "face", "hard", dangerous="yes")
    await buttons.press(services, actor(ALICE), ids(first)["5 scars in Face"])  # Hurt, 2 scars
    dice.load(3, 3)  # Face (Hurt) 2: 3 scars; it can take 1 before it is Crippled
    second = await risks.risk(services, actor(ALICE), "face", "hard", dangerous="yes")
    assert list(ids(second))[1] == "1 in Face (Crippled), 2 more to place"
    placed = await buttons.press(
        services, actor(ALICE), ids(second)["1 in Face (Crippled), 2 more to place"]
    )
    assert placed.lines[:2] == [
        "Firepaw takes 1 in Face.",
        "Three scars: Face drops from Hurt to Crippled.",
    ]
    assert placed.title == "Firepaw: 2 scars to place"
    assert not any("Face" in label for label in ids(placed))
    traits = await _field(services, "Firepaw", "Traits") or ""
    assert "**Claws** Strong → 4 dice\n" in traits  # nothing spilled into Claws


# D14: rules left out.


async def test_d14_style_is_spent_on_fight_rolls(services, dice, both) -> None:
    for user in (ALICE, BOB):
        dice.load(2, 4, 6, 1, 1)  # Legs (Best for Firepaw, Strong for Tigerclaw): Style
        banked = await risks.risk(services, actor(user), "legs", "easy")
        await buttons.press(services, actor(user), next(iter(ids(banked).values())))
    dice.load(1, 1, 1, 1)  # Firepaw's Claws: no even, 2 automatic
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws", style=2)
    assert "Firepaw spends 2 Style: 2 automatic evens." in started.lines
    readied = await style.ready(services, actor(BOB), 1)
    assert readied.lines == [
        "Tigerclaw readies 1 Style for its next fight roll: 1 automatic even there (2 banked)."
    ]
    dice.load(1, 1, 1, 1, 1)
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Claws"])
    assert answered.lines[0] == "Firepaw: 4d6 [1, 1, 1, 1] evens 0 + Style spent 2 = **2**"
    assert answered.lines[1] == "Tigerclaw: 5d6 [1, 1, 1, 1, 1] evens 0 + Style spent 1 = **1**"
    assert answered.lines[2] == "**Firepaw wins: 2 evens against 1**"
    assert await _field(services, "Tigerclaw", "Style banked") == "1"
    assert await _field(services, "Firepaw", "Style banked") == "0"


async def test_d14_fighting_frenzy_in_a_cat_fight(services, dice, both) -> None:
    # Book l. 56: "Lives or Fighting Magic to dodge Scars" in a fight with another cat.
    dice.load(2, 1, 1)  # Tail (Good) 3: 1 even
    frenzy = await magic.trick(services, actor(ALICE), "fighting-frenzy")
    assert frenzy.lines[4] == (
        "Firepaw is in a Fighting Frenzy: 3 actions a round in its next fight (a cat fight or one "
        "against a non-cat), if it comes before the game day ends."
    )
    assert "in a Fighting Frenzy: 3 actions" in (await _field(services, "Firepaw", "States") or "")
    dice.load(2, 2, 2, 2, 2)  # Tigerclaw's Claws: 5 evens
    started = await fights.challenge(services, actor(BOB), "Firepaw", "claws")
    dice.load(*[2, 1, 1, 1, 1] * 3)  # Firepaw's Legs (Best, 5 dice) three times: 1 even each
    answered = await buttons.press(services, actor(ALICE), ids(started)["Roll Legs (dodge)"])
    assert "Firepaw fights in a Frenzy: Legs ×3." in answered.lines
    assert answered.lines[1].startswith("Firepaw: 15d6 [")
    assert "Firepaw takes 2 scars" in _text(answered)  # 5 evens less its 3 dodging
    assert await _field(services, "Firepaw", "States") == "none"


async def test_d14_several_foes_and_a_frenzy_s_actions_each_chosen(services, dice, both) -> None:
    started = await foe_flow.start(services, ADMIN_ACTOR, "Rat", 1, 1, character="Firepaw", count=2)
    assert started.title == "Fight 1: Firepaw against 2 × Rat"
    assert list(ids(started)) == [
        "Claws once at Rat A",
        "Claws once at Rat B",
        "Fangs once at Rat A",
        "Fangs once at Rat B",
        "Dodge",
        "End the fight (admin)",
    ]
    dice.load(2, 1, 1, 1, 1, 1)  # Claws at Rat B: 1 even; each rat's die: odd
    fought = await buttons.press(services, actor(ALICE), ids(started)["Claws once at Rat B"])
    assert fought.lines[1] == "Firepaw at Rat B: 4d6 [**2**, 1, 1, 1] evens 1 = **1**"
    assert "Rat A has taken 0 of 1 scars. Rat B has taken 1 of 1 scars (out)." in fought.lines
    joined = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 1, 5, character="Firepaw")
    assert joined.lines[0] == "Boggin joins fight 1."
    dice.load(2, 1, 1)  # Fighting Frenzy: 3 actions a round
    frenzy = await magic.trick(services, actor(ALICE), "fighting-frenzy")
    assert "Claws ×3" not in ids(frenzy)  # two foes still in: each action at one of them
    one = await buttons.press(services, actor(ALICE), ids(frenzy)["Claws once at Boggin C"])
    assert one.update and (
        "Firepaw's actions so far: Claws at Boggin C (2 more to pick)." in one.lines
    )
    two = await buttons.press(services, actor(ALICE), ids(one)["Dodge once"])
    dice.load(2, 2, 1, 1, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1)
    three = await buttons.press(services, actor(ALICE), ids(two)["Fangs once at Rat A"])
    assert three.lines[1:4] == [
        "Firepaw at Boggin C: 4d6 [**2**, **2**, 1, 1] evens 2 = **2**",
        "Firepaw: 5d6 [**2**, 1, 1, 1, **2**] evens 2 = **2**",
        "Firepaw at Rat A: 4d6 [**2**, **2**, 1, 1] evens 2 = **2**",
    ]
    assert "**The foes are out of the fight: Firepaw wins.**" not in three.lines


async def test_d14_a_foe_fight_reminds_its_player_after_the_turn_timeout(
    services, clock, both
) -> None:
    await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 3, character="Firepaw")
    clock.advance(hours=23)
    assert (await foe_flow.fight_timeouts(services, clock())).posts == []
    clock.advance(hours=2)
    [post] = (await foe_flow.fight_timeouts(services, clock())).posts
    assert post.reply.title == "The fight waits"
    assert post.reply.lines[0] == "Fight 1 has waited 24 h for Firepaw's move."
    assert post.reply.mentions == [ALICE] and "Claws" in ids(post.reply)
    assert (await foe_flow.fight_timeouts(services, clock())).posts == []


# D15: cosmetics.


async def test_d15_a_foe_round_is_logged_without_markdown(services, dice, both) -> None:
    started = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 1, 3, character="Firepaw")
    dice.load(2, 1, 1, 1, 1)
    await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    logged = await log.recent(services, actor(ALICE), "Firepaw")
    [line] = [line for line in logged.lines if "round 1" in line]
    summary = line.split(" — ", 1)[1].split("\n")[0]  # the rolls follow on the next line
    assert summary == (
        "fight 1, round 1: Firepaw: 4d6 \\[2, 1, 1, 1\\] evens 1 = 1 Boggin: 1d6 \\[1\\] evens "
        "0 = 0 Firepaw deals 1 scar and takes 0."
    )


async def test_d15_the_whammy_s_minutes_and_a_foe_s_one_die_read_as_english(
    services, dice, both
) -> None:
    # Audit D15: "The dog chases its tail: d3 1 minutes."; likewise "Rat rolls 1 dice."
    def best_tail(tx):  # type: ignore[no-untyped-def]
        found = tx.characters.by_name(GUILD, "Firepaw")
        traits = {**found.sheet.traits, Trait.TAIL: TraitState(rank=Rank.BEST)}
        found.sheet = found.sheet.model_copy(update={"traits": traits})
        tx.characters.save_sheet(found)

    await services.db.transact(best_tail)
    dice.load(2, 4, 6, 1, 1, 1)  # Tail (Best) 5: 3 evens at the Best tier; then the d3: 1
    whammy = await magic.trick(services, actor(ALICE), "whammy")
    assert "The dog chases its tail: 1d3 [1] → **1** minute." in whammy.lines
    fight = await foe_flow.start(services, ADMIN_ACTOR, "Rat", 1, 1, character="Tigerclaw")
    assert "Rat rolls 1 die." in fight.lines
    logged = await log.recent(services, actor(BOB), "Tigerclaw")
    assert any("against Rat (1 die, out after 1 scar)" in line for line in logged.lines)


# Section 3: UX friction.


async def test_s3_owed_scars_heals_due_magic_and_reputations_show_on_the_card(
    services, dice, both
) -> None:
    dice.load(3, 3, 3, 3)
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")

    def drawn(tx):  # type: ignore[no-untyped-def]
        return card.card(tx, tx.characters.by_name(GUILD, "Firepaw"))

    shown = await services.db.transact(drawn)
    assert shown.scars == "3 owed, to place"
    coat = TraitState(rank=Rank.STRONG, scars=1)  # a scar carried a week: one heal due
    await _sheet_change(services, "Firepaw", traits={**FIREPAW_TRAITS, Trait.COAT: coat})
    await _sheet_change(services, "Firepaw", heals_due=1)
    shown = await services.db.transact(drawn)
    assert shown.scars == "Coat 1, 3 owed, to place, 1 due to heal"
    assert shown.reserve is not None and (shown.reserve.value, shown.reserve.most) == (8, 8)
    assert shown.subtitle == "0 Style banked"
    assert shown.group == "Brave 3, Clever 2, Sly 2"  # drawn where other rulesets put the clan


async def test_s3_the_day_post_names_each_cat_to_heal_and_pings_its_player(
    services, dice, clock, both
) -> None:
    await _settings(services, clock=_clock_with_channel(services))
    await game_clock(services, clock())
    dice.load(1, 3, 5, 2)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    await buttons.press(services, actor(ALICE), ids(failed)["1 scar in Claws"])
    clock.advance(days=7)
    result = await game_clock(services, clock())
    posts = [post for post in result.posts if "heal" in _text(post.reply)]
    assert posts and posts[-1].reply.mentions == [ALICE]
    # Seven days at once are a downtime's catch-up: one digest, each day with its own figures.
    heal = f"**Day 8:** Firepaw (<@{ALICE}>) can heal a scar: its player picks which with /heal."
    assert heal in posts[-1].reply.lines
    healing = await _field(services, "Firepaw", "Healing")
    assert healing == "1 scar heals when its player picks where: /heal trait"


async def test_s3_no_life_is_spent_on_a_failure_once_the_cat_rolled_again(
    services, dice, both
) -> None:
    dice.load(1, 1, 1, 1)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard")
    dice.load(2, 1, 1, 1, 1)
    await risks.risk(services, actor(ALICE), "legs", "easy")
    with pytest.raises(PawpostError) as refused:
        await buttons.press(services, actor(ALICE), ids(failed)["Spend a Life to succeed"])
    assert refused.value.message == (
        "Firepaw has rolled again since roll #4: the story has moved on, so no Life can be "
        "spent on it now."
    )


async def test_s3_a_life_spent_redraws_the_risk_without_its_other_buttons(
    services, dice, both
) -> None:
    dice.load(1, 3, 5, 2)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    assert len(failed.buttons) > 1
    spent = await buttons.press(services, actor(ALICE), ids(failed)["Spend a Life to succeed"])
    assert spent.update and spent.buttons == [] and spent.select is None
    assert spent.title == "Firepaw: Hard Claws Risk"
    assert spent.lines[1] == "4d6 [1, 3, 5, **2**] evens 1 = **1**"


async def test_s3_a_failure_is_told_to_the_narrator(services, dice, both) -> None:
    await _settings(services, admin_channel_id=77, admin_role_id=55)
    dice.load(1, 1, 1, 1)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard")
    assert failed.lines[2] == (
        "**Failure**: 0 evens against 3 needed. Fate intervenes: the Narrator (<@&55>) narrates "
        "what happens."
    )
    [(channel, told)] = failed.elsewhere
    assert channel == 77 and told.lines == [
        f"Firepaw failed a Hard Claws Risk (roll #4) in <#{CHANNEL}>: the Narrator narrates what "
        "happens."
    ]
    dice.load(2, 1, 1, 1)
    assert (await risks.risk(services, actor(ALICE), "claws", "easy")).elsewhere == []


async def test_s3_a_player_cannot_grant_a_reputation_between_its_own_cats(services, both) -> None:
    await make(services, BOB, **{**TIGERCLAW, "name": "Smudge"})
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await reputation.grant(services, actor(BOB), "Tigerclaw", "Bold", "Fierce", "Smudge")
    assert refused.value.message == (
        "Tigerclaw and Smudge are both your cats; another player's cat must witness the deed."
    )
    assert dump(services.db) == before


async def test_s3_the_challenger_s_dice_stay_hidden_until_the_defender_answers(
    services, dice, both
) -> None:
    dice.load(2, 4, 6, 1)
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    assert "4d6" not in _text(started) and "[" not in _text(started)
    dice.load(1, 1, 1, 1, 1)
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Claws"])
    assert answered.lines[0] == "Firepaw: 4d6 [**2**, **4**, **6**, 1] evens 3 = **3**"


async def test_s3_trick_names_may_be_a_part_of_the_name(services, dice, both) -> None:
    assert magic.trick_named("whammy").value == "chase-your-tail-whammy"
    assert magic.trick_named("dinner dance").value == "dinner-dance-ritual"
    with pytest.raises(PawpostError) as refused:
        magic.trick_named("ea")
    assert refused.value.message == "ea could be Sneak or Dream Bite; type more of its name."


async def test_s3_a_fight_whose_defender_fell_under_the_curse_is_called_off(
    services, dice, both
) -> None:
    dice.load(2, 4, 6, 1)
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    await narrator.bauble_start(services, ADMIN_ACTOR, "Tigerclaw", "a feather")
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Claws"])
    assert answered.lines[2:] == [
        "**The fight is called off: Tigerclaw is under the Bauble Curse, helpless**",
        "No one takes scars.",
    ]
    await narrator.bauble_end(services, ADMIN_ACTOR, "Tigerclaw", "the feather is gone")
    dice.load(2, 1, 1, 1)
    again = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    assert again.title == "Firepaw picks a fight with Tigerclaw"


async def test_s3_a_foe_fight_ends_when_the_cat_can_fight_no_more(services, dice, both) -> None:
    await _sheet_change(
        services,
        "Firepaw",
        traits={
            **{trait: TraitState(rank=Rank.GOOD) for trait in (Trait.COAT, Trait.FACE, Trait.TAIL)},
            Trait.CLAWS: TraitState(rank=Rank.CRIPPLED),
            Trait.FANGS: TraitState(rank=Rank.CRIPPLED),
            Trait.LEGS: TraitState(rank=Rank.HURT, scars=2),
        },
    )
    started = await foe_flow.start(services, ADMIN_ACTOR, "Dog", 1, 5, character="Firepaw")
    dice.load(1, 1, 2)  # Legs (Hurt) 2: no even; the dog's die: 1 even
    fought = await buttons.press(services, actor(ALICE), ids(started)["Dodge"])
    placed = await buttons.press(services, actor(ALICE), ids(fought)["1 scar in Legs"])
    assert placed.lines[-1] == (
        "**Firepaw's Claws, Fangs and Legs are all Crippled: it can fight no more, and the fight "
        "is over. The Narrator says what the foe does.**"
    )
    assert placed.buttons == []


async def test_s3_the_frenzy_s_last_life_confirmation_keeps_the_style_typed(
    services, dice, both
) -> None:
    await _sheet_change(services, "Firepaw", lives=1, style=2)
    await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 20, character="Firepaw")
    asked = await magic.trick(services, actor(ALICE), "fighting-frenzy", 1, style=2)
    dice.load(1, 1, 1, 1)
    played = await buttons.press(services, actor(ALICE), next(iter(ids(asked).values())))
    assert played.lines[0] == (
        "Pool: Tail (Good) 3 + Advantage (extra Magic Points) 1 + Style spent 2 automatic"
    )


async def test_s3_a_game_without_ages_says_nothing_of_them(services, both) -> None:
    time = await show_time(services, actor(ALICE))
    # The clock says what this ruleset does (issue 25): it has no ageing, and nothing more of it.
    aged = [line for line in time.lines if "older" in line or "moon" in line]
    assert aged == ["Taking Risks has no ageing: its characters never grow older."]
    # /admin age and /config ageing exist in every ruleset and say the same (issue 25).
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await admin_age(services, actor(ADMIN, admin=True), "Firepaw", 12, "a year")
    assert refused.value.message == "Taking Risks has no ageing: its characters never grow older."
    with pytest.raises(PawpostError) as refused:
        await ageing(services, actor(ADMIN, admin=True), "on")
    assert refused.value.message == "Taking Risks has no ageing: its characters never grow older."
    assert dump(services.db) == before


def _hours(count: int):  # type: ignore[no-untyped-def]
    from datetime import timedelta

    return timedelta(hours=count)


def _clock_with_channel(services: Services):  # type: ignore[no-untyped-def]
    from storage.settings import ClockSettings

    return ClockSettings(game_day_channel_id=55)
