"""The dice players know, through the real client against the fake Discord: d20's notation with
every die shown, a secret roll for the roller and the admins' channel, inline rolls in `/say`,
and saved rolls with the sheet's values and their names autocompleted."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.bot_process import bot_world, create_cat, is_ephemeral, one_sentence, text_of


async def test_the_notation_players_know_shows_every_die(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(dice=[3, 6, 1, 4, 17, 20, 6, 3, 2])
        shown = {}
        for expression in ("4d6kh3", "2d20kl1", "2d6!"):
            body = await world.command("roll", {"expression": expression}, user=fake.player1)
            shown[expression] = body["embeds"][0]["description"]
        assert shown == {
            "4d6kh3": "4d6kh3 [3, 6, ~~1~~, 4] = **13**",
            "2d20kl1": "2d20kl1 [17, ~~20~~] = **17**",
            "2d6!": "2d6e6 [6!, 3, 2] = **11**",
        }
        refused = await world.command("roll", {"expression": "101d6"}, user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert refused["content"] == "That roll asks for 101 dice; at most 100 are rolled at once."
        bad = await world.command("roll", {"expression": "2d6 $"}, user=fake.player1)
        assert is_ephemeral(bad) and bad["content"].startswith('"$" at position 5')


async def test_a_secret_roll_is_for_the_roller_and_the_admins(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(dice=[19])
        await world.command("config admin-channel", {"channel": "admin"}, user=fake.admin)
        inter = await fake.slash(
            "roll", {"expression": "1d20+2", "secret": "yes"}, user=fake.player1, channel="hunting"
        )
        body = await world.answer(inter)
        assert is_ephemeral(body) and "1d20 [19] + 2 = **21**" in text_of(body)
        told = await fake.wait_for_message(lambda m: "Secret" in text_of(m), channel="admin")
        assert "1d20 [19] + 2 = **21**" in text_of(told)
        said = await inter.wait_followup()
        assert text_of(said) == f"<@{fake.player1}> made a secret roll."
        assert not is_ephemeral(said) and said["allowed_mentions"]["users"] == []
        # the total is not told (the mention is left out: a player's id may hold "21")
        assert "21" not in text_of(said).replace(f"<@{fake.player1}>", "")


async def test_inline_rolls_and_saved_rolls(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(dice=[3, 4, 12])
        await create_cat(world, "Rook", user=fake.player1, stealth=3)
        body = await world.command("say", {"text": "I leap [[2d6+1]]!"}, user=fake.player1)
        assert is_ephemeral(body)
        [sent] = fake.webhooks.executions
        assert sent.body["content"] == "I leap **8**!"
        assert sent.body["embeds"][0]["description"] == "2d6+1: 2d6 [3, 4] + 1 = **8**"

        saved = await world.command(
            "macro set", {"name": "Sneak", "expression": "1d20+{stealth}"}, user=fake.player1
        )
        assert "(now 1d20+3)" in text_of(saved)
        await world.command("macro set", {"name": "Swipe", "expression": "1d6"}, user=fake.player1)
        inter = await fake.autocomplete("macro roll", {"name": "s"}, "name", user=fake.player1)
        choices = (await inter.response())["data"]["choices"]
        assert [c["value"] for c in choices] == ["Sneak", "Swipe"]
        rolled = await world.command("macro roll", {"name": "Sneak"}, user=fake.player1)
        assert rolled["embeds"][0]["title"] == "Rook: Sneak"
        assert "1d20 [12] + 3 = **15**" in text_of(rolled)
        logged = await world.command("log", {"character": "Rook"}, user=fake.player2)
        assert "Sneak (1d20+3): 15" in text_of(logged) and "2d6+1: 8" in text_of(logged)
