"""Posting in a voice through the actions: inline rolls, NPCs for admins, names Discord refuses,
proxy tags and autoproxy (and their sentence while proxying is off), a proxied message queued in
the outbox once, and the post log."""

from __future__ import annotations

import pytest

from bot.actions import log, npcs, post_log, posts, proxying, voice_tags
from bot.actions.context import PROXYING_OFF
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import PostFile, Reply, ReplyQuote
from bot.actions.speaker_names import webhook_name
from bot.actions.speakers import NPCS_ARE_ADMINS
from rules.errors import PawpostError
from storage.outbox import OutboxPost
from tests.conftest import ADMIN, ALICE, BOB, CHANNEL, FIREPAW, GUILD, TIGERCLAW, actor, cat, dump

BOSS = actor(ADMIN, admin=True)
MESSAGE = 1_300_000_000_000_000_001
WEBHOOK = 1_300_000_000_000_000_002
LOG_CHANNEL = 66


@pytest.fixture
async def cats(services):
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)


@pytest.fixture
def proxying_on(services):
    services.proxying_off = None
    return services


def message(content: str, number: int = 0, **extra) -> proxying.Incoming:  # type: ignore[no-untyped-def]
    return proxying.Incoming(
        message_id=MESSAGE + number,
        channel_id=CHANNEL,
        webhook_channel_id=CHANNEL,
        content=content,
        **extra,
    )


async def queued(db) -> list[OutboxPost]:  # type: ignore[no-untyped-def]
    return await db.transact(lambda tx: tx.outbox.claim(tx_now(), 100, tx_now()))


def tx_now():  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    return datetime(2100, 1, 1, tzinfo=UTC)


async def queued_posts(db) -> list[Reply]:  # type: ignore[no-untyped-def]
    return [Reply.model_validate_json(post.body) for post in await queued(db)]


# --- Inline rolls -----------------------------------------------------------------------------


async def test_inline_rolls_in_say_are_rolled_shown_and_logged(services, dice, cats) -> None:
    dice.load(3, 4, 15)
    reply = await posts.say(
        services, actor(ALICE), text="I pounce [[2d6+1]] and look [[1d20 [sharp]]]."
    )
    post = reply.post
    assert post is not None
    assert post.text == "I pounce **8** and look **15**."
    assert post.rolls == [
        "2d6+1: 2d6 [3, 4] + 1 = **8**",
        "1d20 \\[sharp\\]: 1d20 [15] \\[sharp\\] = **15**",
    ]
    logged = await log.recent(services, actor(BOB))
    assert "Firepaw — 1d20 \\[sharp\\]: 15" in logged.lines[0]
    assert "Firepaw — 2d6+1: 8" in logged.lines[1]


async def test_an_inline_roll_that_cannot_be_read_refuses_the_say(services, db, cats) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await posts.say(services, actor(ALICE), text="I try [[2d]]")
    assert refused.value.message == (
        '[[2d]] cannot be rolled: "2d" at position 2: expected the number of sides'
    )
    assert dump(db) == before


# --- NPCs -------------------------------------------------------------------------------------


async def test_an_admin_adds_an_npc_and_speaks_as_it(services, cats) -> None:
    made = await npcs.add(
        services, BOSS, "Old Guard", avatar_url="https://img.example/g.png", colour="red"
    )
    assert made.title == "The NPC Old Guard is ready"
    reply = await posts.say(services, BOSS, npc="old guard", text="Halt!")
    post = reply.post
    assert post is not None
    assert (post.name, post.avatar_url, post.colour, post.npc_id, post.character_id) == (
        "Old Guard",
        "https://img.example/g.png",
        0xE74C3C,
        post.npc_id,
        None,
    )
    await posts.record(services, BOSS, post, MESSAGE, WEBHOOK, CHANNEL)
    who = await posts.who(services, actor(BOB), MESSAGE)
    assert who.lines[0].startswith(f"Posted as the NPC Old Guard by <@{ADMIN}>")
    edited = await posts.edit(services, BOSS, MESSAGE, "Halt, I said!")
    assert edited.post is not None
    assert (edited.post.name, edited.post.text) == ("Old Guard", "Halt, I said!")


async def test_a_player_cannot_speak_as_an_npc_or_make_one(services, db, cats) -> None:
    await npcs.add(services, BOSS, "Old Guard")
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await posts.say(services, actor(ALICE), npc="Old Guard", text="Halt!")
    assert refused.value.message == NPCS_ARE_ADMINS
    with pytest.raises(PawpostError, match="Only an admin"):
        await npcs.add(services, actor(ALICE), "Sneaky")
    assert dump(db) == before


async def test_an_npc_cannot_take_a_characters_name(services, cats) -> None:
    with pytest.raises(PawpostError, match="Firepaw is a character's name"):
        await npcs.add(services, BOSS, "firepaw")


async def test_a_removed_npc_is_gone_but_its_posts_still_say_who(services, cats) -> None:
    await npcs.add(services, BOSS, "Old Guard")
    reply = await posts.say(services, BOSS, npc="Old Guard", text="Halt!")
    assert reply.post is not None
    await posts.record(services, BOSS, reply.post, MESSAGE, WEBHOOK, CHANNEL)
    await npcs.remove(services, BOSS, "Old Guard")
    listed = await npcs.list_npcs(services, actor(BOB))
    assert listed.lines == ["This server has no NPCs yet; an admin adds one with /npc add."]
    who = await posts.who(services, actor(BOB), MESSAGE)
    assert "the NPC Old Guard" in who.lines[0]


# --- Names Discord refuses --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "posted"),
    [
        ("Clyde", "\u0421lyde"),
        ("Discordia", "Dis\u0441ordia"),
        ("xCLYDEx and disCord", "x\u0421LYDEx and dis\u0421ord"),
        ("Firepaw", "Firepaw"),
    ],
)
def test_refused_names_get_a_look_alike_letter(name: str, posted: str) -> None:
    assert webhook_name(name) == posted


async def test_a_refused_name_is_posted_with_a_note_not_an_error(services) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Clyde"))
    reply = await posts.say(services, actor(ALICE), text="Hello.")
    assert reply.post is not None
    assert reply.post.name == "\u0421lyde"
    assert reply.lines[0] == "Posted as Clyde."
    assert "look-alike letter" in reply.lines[1]


# --- Proxy tags and autoproxy -----------------------------------------------------------------


async def test_proxy_commands_say_what_is_missing_while_proxying_is_off(services, db, cats) -> None:
    before = dump(db)
    for verb, options in (
        (voice_tags.set_tags, {"tags": "Fire: text"}),
        (voice_tags.show_tags, {}),
        (voice_tags.autoproxy, {"mode": "latch"}),
    ):
        with pytest.raises(PawpostError) as refused:
            await verb(services, actor(ALICE), **options)
        assert refused.value.message == PROXYING_OFF
    assert not await proxying.incoming(services, actor(ALICE), message("Fire: hi"))
    assert dump(db) == before


async def test_a_tagged_message_is_queued_as_the_character(proxying_on, db, cats) -> None:
    services = proxying_on
    set_reply = await voice_tags.set_tags(services, actor(ALICE), "Fire: text | [text]")
    assert set_reply.lines == ["Messages written as `Fire: text`, `[text]` are posted as Firepaw."]
    quote = ReplyQuote(name="player_two", excerpt="Who goes?", jump_url="https://x/1")
    files = (PostFile(url="https://cdn.example/a.png", filename="a.png"),)
    assert await proxying.incoming(
        services, actor(ALICE), message("fire: I stalk the deer", reply_to=quote, files=files)
    )
    assert not await proxying.incoming(services, actor(ALICE), message("plain words", 1))
    assert not await proxying.incoming(services, actor(BOB), message("Fire: not Bob's", 2))
    [reply] = await queued_posts(db)
    post = reply.post
    assert post is not None
    assert (post.name, post.text, post.reply_to, post.files) == (
        "Firepaw",
        "I stalk the deer",
        quote,
        list(files),
    )
    assert post.origin is not None
    assert (post.origin.message_id, post.origin.user_id) == (MESSAGE, ALICE)


async def test_an_escaped_message_stays_as_it_is(proxying_on, db, cats) -> None:
    await voice_tags.set_tags(proxying_on, actor(ALICE), "Fire: text")
    await voice_tags.autoproxy(proxying_on, actor(ALICE), "front")
    assert not await proxying.incoming(proxying_on, actor(ALICE), message("\\Fire: ooc, brb"))
    assert not await proxying.incoming(proxying_on, actor(ALICE), message("\\ooc"))
    assert await queued(db) == []


async def test_autoproxy_latch_follows_the_last_tag(proxying_on, db, services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm"))
    await voice_tags.set_tags(services, actor(ALICE), "Fire: text", "Firepaw")
    await voice_tags.set_tags(services, actor(ALICE), "Sand: text", "Sandstorm")
    await voice_tags.autoproxy(services, actor(ALICE), "latch")
    assert not await proxying.incoming(services, actor(ALICE), message("before any tag"))
    for number, text in enumerate(["Fire: one", "two", "Sand: three", "four"], 1):
        assert await proxying.incoming(services, actor(ALICE), message(text, number))
    said = [(r.post.name, r.post.text) for r in await queued_posts(db) if r.post]
    assert said == [
        ("Firepaw", "one"),
        ("Firepaw", "two"),
        ("Sandstorm", "three"),
        ("Sandstorm", "four"),
    ]
    other_channel = proxying.Incoming(
        message_id=MESSAGE + 9, channel_id=CHANNEL + 1, webhook_channel_id=CHANNEL + 1,
        content="elsewhere",
    )  # fmt: skip
    assert not await proxying.incoming(services, actor(ALICE, channel=CHANNEL + 1), other_channel)
    await voice_tags.autoproxy(services, actor(ALICE), "off")
    assert not await proxying.incoming(services, actor(ALICE), message("off now", 10))


async def test_autoproxy_front_speaks_as_the_character_named(proxying_on, db, cats) -> None:
    reply = await voice_tags.autoproxy(proxying_on, actor(ALICE), "front", "Firepaw")
    assert "posted as Firepaw" in reply.lines[0]
    assert await proxying.incoming(proxying_on, actor(ALICE), message("just talking"))
    [said] = await queued_posts(db)
    assert said.post is not None
    assert (said.post.name, said.post.text) == ("Firepaw", "just talking")
    with pytest.raises(PawpostError, match="belongs to another player"):
        await voice_tags.autoproxy(proxying_on, actor(BOB), "front", "Firepaw")


async def test_a_tag_taken_by_another_of_ones_characters_is_refused(proxying_on, services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm"))
    await voice_tags.set_tags(services, actor(ALICE), "F: text", "Firepaw")
    with pytest.raises(PawpostError, match="is already Firepaw's tag"):
        await voice_tags.set_tags(services, actor(ALICE), "f: text", "Sandstorm")


async def test_npc_tags_speak_only_for_admins(proxying_on, db, cats) -> None:
    await npcs.add(proxying_on, BOSS, "Old Guard", tags="G: text")
    assert not await proxying.incoming(proxying_on, actor(ALICE), message("G: halt"))
    assert await proxying.incoming(proxying_on, BOSS, message("G: halt", 1))
    [said] = await queued_posts(db)
    assert said.post is not None
    assert (said.post.name, said.post.npc_id is not None) == ("Old Guard", True)


async def test_a_proxied_message_may_be_files_alone_but_not_nothing(proxying_on, db, cats) -> None:
    await voice_tags.set_tags(proxying_on, actor(ALICE), "[text]")
    assert not await proxying.incoming(proxying_on, actor(ALICE), message("[]"))
    files = (PostFile(url="https://cdn.example/a.png", filename="a.png"),)
    assert await proxying.incoming(proxying_on, actor(ALICE), message("[]", 1, files=files))


async def test_inline_rolls_in_a_proxied_message(proxying_on, dice, db, cats) -> None:
    await voice_tags.set_tags(proxying_on, actor(ALICE), "Fire: text")
    dice.load(5)
    assert await proxying.incoming(
        proxying_on, actor(ALICE), message("Fire: I dodge [[1d6]] and [[2d]]")
    )
    [said] = await queued_posts(db)
    assert said.post is not None
    assert said.post.text == "I dodge **5** and [[2d]]"
    assert said.post.rolls[0] == "1d6: d6 **5**"
    assert said.post.rolls[1].startswith("\\[\\[2d\\]\\] is not a roll:")
    logged = await log.recent(proxying_on, actor(BOB))
    assert "Firepaw — 1d6: 5" in logged.lines[0]


async def test_a_proxied_post_is_kept_once_with_its_log_entry(proxying_on, db, cats) -> None:
    services = proxying_on
    await post_log.set_post_log(services, BOSS, LOG_CHANNEL)
    await voice_tags.set_tags(services, actor(ALICE), "Fire: text")
    assert await proxying.incoming(services, actor(ALICE), message("Fire: hello"))
    [outbox] = await queued(db)
    post = Reply.model_validate_json(outbox.body).post
    assert post is not None
    assert outbox.channel_id == CHANNEL
    for _ in range(2):  # a second try after a crash finds it recorded and keeps nothing twice
        await proxying.record_proxied(
            services, GUILD, post, MESSAGE + 50, WEBHOOK, CHANNEL, outbox.nonce
        )
    assert await proxying.posted_for(services, outbox.nonce) == MESSAGE + 50
    who = await posts.who(services, actor(BOB), MESSAGE + 50)
    assert who.lines[0].startswith(f"Posted as Firepaw by <@{ALICE}>")
    logged = [post for post in await queued(db) if post.channel_id == LOG_CHANNEL]
    assert len(logged) == 1
    entry = Reply.model_validate_json(logged[0].body)
    assert entry.title == f"Firepaw in <#{CHANNEL}>"
    assert entry.lines == [
        f"By <@{ALICE}>: [the post](https://discord.com/channels/{GUILD}/{CHANNEL}/{MESSAGE + 50})",
        "hello",
    ]
    assert entry.mentions == []


async def test_the_post_log_is_for_admins(services, db) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await post_log.set_post_log(services, actor(ALICE), LOG_CHANNEL)
    with pytest.raises(PawpostError, match="already off"):
        await post_log.post_log_off(services, BOSS)
