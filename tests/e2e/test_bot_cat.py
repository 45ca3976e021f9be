"""Taking Risks through Discord, the issue's "Done when": two cats play Risks with Style banked
and spent, a dangerous failure's scars split by the select (a rank lost), a Life spent, a cat
fight answered with a dodge (its scars placed after a restart), a Reputation granted, a Trick
and a night's sleep; a fight against a non-cat by button."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.bot_process import (
    bot_world,
    custom_ids,
    find_id,
    is_ephemeral,
    one_sentence,
    pinged,
    text_of,
)

FIREPAW = {
    "name": "Firepaw",
    "best": "legs",
    "strong": "claws, coat, fangs",
    "good": "face, tail",
    "reputations": "Brave 3, Clever 2, Sly 2",
}
TIGERCLAW = {
    "name": "Tigerclaw",
    "best": "claws",
    "strong": "fangs, legs, coat",
    "good": "face, tail",
    "reputations": "Fierce 3, Proud 3, Sly 1",
}
BEFORE_RESTART = [
    *(2, 4, 6, 1, 3),  # Easy Legs: 3 evens, 2 Style
    *(2, 1, 1, 1, 1),  # Hard Legs with 2 Style: 1 rolled + 2 automatic
    *(3, 5, 3, 4),  # dangerous Hard Claws: fails, 3 scars
    *(1, 1, 1),  # Hard Face: fails
    *(2, 4, 6, 1, 1),  # Tigerclaw's Claws: 3 evens
    *(2, 1, 1, 1, 1),  # Firepaw's dodge (Legs): 1 even
]
AFTER_RESTART = [
    *(2, 1, 1),  # Sneak: 1 even
    *(2, 2, 1, 1, 1, 1),  # against the Boggin: Claws 2 evens, the Boggin 0
    *(1, 1, 1, 1),  # dangerous Hard Coat: fails, 1 scar
]


async def test_two_cats_play_taking_risks_through_discord(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        ann, bob, admin = fake.player1, fake.player2, fake.admin
        await world.start(dice=BEFORE_RESTART)
        body = await world.command("config ruleset", {"ruleset": "cat"}, user=admin)
        assert text_of(body) == "This server now plays Taking Risks."
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        assert {"risk", "fight", "trick", "sleep", "dream"} <= world.synced_names()
        for user, sheet in ((ann, FIREPAW), (bob, TIGERCLAW)):
            body = await world.command("character create", sheet, user=user)
            assert "joins the server" in text_of(body)

        # Style banked, then spent as automatic evens.
        inter = await fake.slash("risk", {"trait": "legs", "difficulty": "easy"}, user=ann)
        body = await world.answer(inter)
        assert "2 surplus evens: Style to bank." in text_of(body)
        risk = world.stored(inter)
        bank = find_id(risk, r"pawpost:cat-risk:\d+:bank")
        wrong = await world.answer(await fake.click(risk, bank, user=bob))
        assert is_ephemeral(wrong) and one_sentence(wrong["content"])
        banked = await world.answer(await fake.click(risk, bank, user=ann))
        assert "Firepaw banks 2 Style" in text_of(banked)
        body = await world.command(
            "risk", {"trait": "legs", "difficulty": "hard", "style": 2}, user=ann
        )
        assert "Pool: Legs (Best) 5 + Style spent 2 automatic" in text_of(body)
        assert "**Success**: 3 evens against 3 needed." in text_of(body)

        # A dangerous failure: one scar by the select, the other two by a button.
        inter = await fake.slash(
            "risk", {"trait": "claws", "difficulty": "hard", "dangerous": "yes"}, user=ann
        )
        body = await world.answer(inter)
        assert "Dangerous: 3 scars (the lowest odd die) to place." in text_of(body)
        failed = world.stored(inter)
        select = find_id(failed, r"pawpost:cat-wound:\d+:one:0")
        one = await fake.select(failed, select, ["claws"], user=ann)
        await world.answer(one)
        panel = world.stored(one)  # the same message, redrawn with what is left
        assert "Firepaw takes 1 in Claws." in text_of(panel)
        rest = find_id(panel, r"pawpost:cat-wound:\d+:in-claws:1")
        placed = await world.answer(await fake.click(panel, rest, user=ann))
        assert "Three scars: Claws drops from Strong to Good." in text_of(placed)

        # A Life spent to succeed.
        inter = await fake.slash("risk", {"trait": "face", "difficulty": "hard"}, user=ann)
        await world.answer(inter)
        life = find_id(world.stored(inter), r"pawpost:cat-risk:\d+:life")
        spent = await world.answer(await fake.click(world.stored(inter), life, user=ann))
        assert "8 Lives left." in text_of(spent)

        # A cat fight: Firepaw's player dodges.
        inter = await fake.slash("fight cat", {"target": "Firepaw", "with": "claws"}, user=bob)
        body = await world.answer(inter)
        assert pinged(body) == {ann}
        fight = world.stored(inter)
        assert len(custom_ids(fight)) == 3
        dodge = find_id(fight, r"pawpost:contest:\d+:roll:2")
        answered = await fake.click(fight, dodge, user=ann)
        assert (await answered.response())["type"] == 7
        settled = world.stored(answered)
        assert "Firepaw dodges and loses: Tigerclaw wins" in text_of(settled)
        assert "Tigerclaw takes no scars." in text_of(settled)
        show = find_id(settled, r"pawpost:cat-wound:\d+:show")
        ping = await answered.wait_followup()  # an edit pings no one: the challenger's ping
        assert pinged(ping) == {bob}

        await world.restart(dice=AFTER_RESTART)  # the fight's scars wait in the database
        panel_inter = await fake.click(settled, show, user=ann)
        await world.answer(panel_inter)
        panel = world.stored(panel_inter)
        legs = find_id(panel, r"pawpost:cat-wound:\d+:in-legs:0")
        placed = await world.answer(await fake.click(panel, legs, user=ann))
        assert "Firepaw takes 2 in Legs." in text_of(placed)
        again = await world.answer(await fake.click(panel, legs, user=ann))
        assert is_ephemeral(again) and again["content"] == "Those scars are placed already."

        body = await world.command(
            "reputation grant", {"to": "Firepaw", "name": "Tough", "from": "Fierce"}, user=bob
        )
        assert "Tigerclaw grants Firepaw the Reputation Tough at rank 1" in text_of(body)
        inter = await fake.autocomplete("trick", {"name": "fall"}, "name", user=ann)
        offered = (await inter.response())["data"]["choices"]
        assert offered == [
            {"name": "Fall on All Fours (Good Tail and up, by tier)", "value": "fall-on-all-fours"}
        ]
        body = await world.command("trick", {"name": "sneak"}, user=ann)
        assert "**It works**: 1 even against 1 needed at its Good tier." in text_of(body)
        body = await world.command("sleep", {"hours": 8}, user=ann)
        assert "gets 1 Magic Point back: 8 / 8." in text_of(body)
        shown = text_of(await world.command("character show", {"character": "Firepaw"}, user=ann))
        assert "**Claws** Good → 3 dice" in shown
        assert "**Legs** Best → 5 dice · 2 of 3 scars" in shown
        assert "Tough 1" in shown

        # A fight against a non-cat: an admin sets it, the cat's player fights by button.
        refused = await world.command(
            "fight foe", {"name": "Boggin", "dice": 2, "scars": 2}, user=ann
        )
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        inter = await fake.slash(
            "fight foe",
            {"name": "Boggin", "dice": 2, "scars": 2, "character": "Firepaw"},
            user=admin,
        )
        await world.answer(inter)
        started = world.stored(inter)
        claws = find_id(started, r"pawpost:cat-foe:\d+:claws:0")
        round_one = await world.answer(await fake.click(started, claws, user=ann))
        assert "**Boggin is out of the fight: Firepaw wins.**" in text_of(round_one)
        stale = await world.answer(await fake.click(started, claws, user=ann))
        assert is_ephemeral(stale) and stale["content"] == "That fight is over."

        # A scar put elsewhere than the trait used: the reason form opens, and is logged.
        inter = await fake.slash(
            "risk", {"trait": "coat", "difficulty": "hard", "dangerous": "yes"}, user=ann
        )
        await world.answer(inter)
        failed = world.stored(inter)
        elsewhere = find_id(failed, r"pawpost:cat-wound:\d+:in-claws:0")
        opened = await fake.click(failed, elsewhere, user=ann)
        modal = await opened.response()
        assert modal["type"] == 9 and modal["data"]["title"] == "Why the scar in Claws?"
        submitted = await world.answer(
            await fake.submit_modal(opened, {"reason": "caught on a nail"}, user=ann)
        )
        assert "Firepaw takes 1 in Claws: caught on a nail" in text_of(submitted)
