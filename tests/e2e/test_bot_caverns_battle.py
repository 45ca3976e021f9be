"""Caverns and Cloiers' battle through Discord: the party of three against a Cave Fisher and two
Brigands, placed by the MC (the bestiary and the combatants autocompleted), a hit on doubles
whose Flourish the battle waits for, a rest refused mid-battle, a killing blow that armour
undoes, the enemy-turn rule refused in one sentence, a death, and the return by Vitae when the
MC ends the battle, after a restart in the middle."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.bot_process import bot_world, find_id, is_ephemeral, one_sentence, text_of
from tests.e2e.test_bot_caverns import ILSA, PIPER

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
BRUNHILD = {
    "name": "Brunhild",
    "race": "human",
    "class": "warrior",
    "attributes": "wind +1, water +1, wood +2, fire 0, metal -1",
    "extra": "water",
    "advanced": "Parry",
    "tertiary": "hunting",
}
# Brunhild's hit 4, 4; the Fisher on her 3, 2 (a killing blow her armour takes); (restart)
# Ilsa's advance 2, 1; the Brigand on Ilsa 6, 5; Piper's flee 1, 1; the Fisher on Ilsa 6, 6.
BEFORE = [4, 4, 3, 2]
AFTER = [2, 1, 6, 5, 1, 1, 6, 6]


async def slash(world, name: str, options: dict, *, user: int):  # type: ignore[no-untyped-def]
    """A command's answer and the message it made (to click on)."""
    inter = await world.fake.slash(name, options, user=user)
    data = await world.answer(inter)
    return data, world.stored(inter)


async def test_a_battle_in_rows_through_discord(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2, p3, mc = fake.player1, fake.player2, fake.owner, fake.admin
        await world.start(clock=START, dice=BEFORE)
        body = await world.command("config ruleset", {"ruleset": "caverns"}, user=mc)
        assert text_of(body) == "This server now plays Caverns and Cloiers."
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        for user, choices in ((p1, BRUNHILD), (p2, ILSA), (p3, PIPER)):
            body = await world.command("character create", choices, user=user)
            assert "joins the party" in text_of(body)
        hurt = {"character": "Brunhild", "amount": 5, "reason": "a rockfall"}  # the core verb
        assert "2 / 7" in text_of(await world.command("admin damage", hurt, user=mc))

        refused = await world.command("battle start", user=p1)
        assert is_ephemeral(refused) and refused["content"].startswith("Only an admin")
        assert "A battle begins" in text_of(await world.command("battle start", user=mc))
        for user, row in ((p1, "front"), (p2, "back"), (p3, "back")):
            await world.command("battle join", {"row": row}, user=user)
        typed = await fake.autocomplete("battle add enemy", {"enemy": "fish"}, "enemy", user=mc)
        choices = (await typed.response())["data"]["choices"]
        assert "Cave Fisher" in [c["value"] for c in choices]
        body = await world.command("battle add enemy", {"enemy": "Cave Fisher"}, user=mc)
        assert "Lure:" in text_of(body)
        await world.command("battle add enemy", {"enemy": "Brigand", "count": 2}, user=mc)
        body = await world.command("battle order", {"characters": "Brunhild, Ilsa, Piper"}, user=mc)
        assert "Brunhild's turn." in text_of(body)
        typed = await fake.autocomplete("battle attack", {"target": "brig"}, "target", user=p1)
        named = [c["value"] for c in (await typed.response())["data"]["choices"]]
        assert named == ["Brigand", "Brigand 2"]

        wrong = await world.command("battle attack", {"target": "Brigand"}, user=p2)
        assert is_ephemeral(wrong) and one_sentence(wrong["content"])
        hit, message = await slash(world, "battle attack", {"target": "Brigand"}, user=p1)
        assert "2d6 [4, 4] + Wood 2 − 1 Brigand's Wind = **9**" in text_of(hit)
        assert "**Waiting for:** Brunhild's Flourish" in text_of(hit)
        fisher = {"enemy": "Cave Fisher", "action": "battle", "target": "Brunhild"}
        kept = await world.command("enemy act", fisher, user=mc)  # the Flourish is kept
        assert is_ephemeral(kept) and one_sentence(kept["content"])
        assert "The battle waits for Brunhild's Flourish" in kept["content"]
        rest = await world.command("rest short", user=p2)  # no rest in the middle of a battle
        assert is_ephemeral(rest) and one_sentence(rest["content"])
        assert "the party rests once it is over" in rest["content"]
        inter = await world.click(
            message, find_id(message, r"pawpost:caverns-flourish:\d+:none:\d+"), user=p1
        )
        assert "Brunhild uses no Flourish." in text_of(world.stored(inter))
        body = await world.command("enemy act", fisher, user=mc)  # it would kill her
        saved = text_of(body)
        assert "The blow would kill Brunhild: Brunhild's Leather jerkin takes 3" in saved
        assert "Brunhild loses no Health (2 left)." in saved
        assert "Brunhild: Health 2/7, armour 1" in saved  # the board, in the step's reply

        await world.restart(clock=START + timedelta(minutes=30), dice=AFTER)
        await world.command("battle advance", user=p2)
        twice = await world.command(
            "enemy act", {"enemy": "Cave Fisher", "action": "battle", "target": "Ilsa"}, user=mc
        )
        assert is_ephemeral(twice) and one_sentence(twice["content"])
        assert "Cave Fisher acted last time" in twice["content"]
        await world.command(
            "enemy act", {"enemy": "Brigand", "action": "battle", "target": "Ilsa"}, user=mc
        )
        fled = await world.command("battle flee", user=p3)
        assert "Piper flees (back-to-out)." in text_of(fled)
        body = await world.command(
            "enemy act", {"enemy": "Cave Fisher", "action": "battle", "target": "Ilsa"}, user=mc
        )
        assert "Ilsa loses 2 Health (0 left): dead!" in text_of(body)
        status = text_of(await world.command("battle status", user=p2))
        assert "Ilsa (dead)" in status and "Brunhild's turn." in status
        ended = text_of(await world.command("battle end", user=mc))
        assert "Ilsa marks off 1 Vitae (5 left) and returns at full Health." in ended
        shown = text_of(await world.command("character show", {"character": "Ilsa"}, user=p2))
        assert "Vitae\n5 / 6" in shown
