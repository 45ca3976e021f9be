"""Posting as a character through the actions: who may post as whom, what may ping, and the
message commands' refusals (the webhook itself is the transport's: tests/e2e/test_bot_profiles)."""

from __future__ import annotations

import pytest

from bot.actions import buttons, posts, profiles
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import PostKind
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, TIGERCLAW, actor, dump

AVATAR = "https://images.example/firepaw.png"
MESSAGE = 1_300_000_000_000_000_001
WEBHOOK = 1_300_000_000_000_000_002


@pytest.fixture
async def cats(services):
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await profiles.set_profile(services, actor(ALICE), avatar_url=AVATAR)


async def _posted(services) -> None:
    reply = await posts.say(services, actor(ALICE), text="Hello.")
    assert reply.post is not None
    await posts.record(services, actor(ALICE), reply.post, MESSAGE, WEBHOOK, 10)


async def test_say_posts_with_the_name_and_avatar_and_pings_only_named_users(
    services, cats
) -> None:
    text = f"Hi <@{BOB}> and <@!{ADMIN}> and <@{BOB}>; @everyone <@&123456789012345678>"
    reply = await posts.say(services, actor(ALICE), text=f"  {text}  ")
    assert reply.ephemeral and reply.lines == ["Posted as Firepaw."]
    post = reply.post
    assert post is not None and post.kind is PostKind.send
    assert (post.name, post.avatar_url, post.text) == ("Firepaw", AVATAR, text)
    assert post.mentions == [BOB, ADMIN]  # each once; roles and everyone never


@pytest.mark.parametrize(
    ("who", "options", "message"),
    [
        (actor(BOB), {"character": "Firepaw", "text": "x"}, "Firepaw belongs to another player."),
        (
            actor(ADMIN, admin=True),
            {"character": "Firepaw", "text": "x"},
            "Firepaw belongs to another player.",
        ),
        (actor(ALICE), {"text": "   "}, "Say something: the text is empty."),
        (
            actor(ALICE),
            {"text": "y" * 2001},
            "A post can be at most 2000 characters; that one has 2001.",
        ),
    ],
)
async def test_say_refuses_with_one_sentence(services, db, cats, who, options, message) -> None:
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await posts.say(services, who, **options)
    assert refused.value.message == message
    assert dump(db.path) == before


async def test_say_without_text_opens_the_form_and_the_form_posts(services, cats) -> None:
    reply = await posts.say(services, actor(ALICE))
    assert reply.modal is not None and reply.modal.custom_id == "pawpost:say:0:post"
    assert reply.modal.fields[0].value == "Firepaw" and reply.modal.fields[1].long
    long_text = "A tale. " * 200
    sent = await buttons.press(
        services,
        actor(ALICE),
        reply.modal.custom_id,
        fields={"character": "Firepaw", "text": long_text},
    )
    assert sent.post is not None and sent.post.text == long_text.strip()


async def test_who_posted_it_is_for_anyone(services, cats) -> None:
    await _posted(services)
    reply = await posts.who(services, actor(BOB), MESSAGE)
    assert reply.ephemeral and reply.lines[0].startswith(f"Posted as Firepaw by <@{ALICE}> <t:")
    assert reply.mentions == []
    with pytest.raises(PawpostError, match="^That message was not posted as a character"):
        await posts.who(services, actor(BOB), MESSAGE + 1)


async def test_edit_and_delete_for_the_player_and_admins_only(services, db, cats) -> None:
    await _posted(services)
    before = dump(db.path)
    for verb in (
        lambda who: posts.edit_form(services, who, MESSAGE, "Hello."),
        lambda who: posts.edit(services, who, MESSAGE, "Changed."),
        lambda who: posts.delete(services, who, MESSAGE),
    ):
        with pytest.raises(PawpostError, match="^Only the player who posted that, or an admin"):
            await verb(actor(BOB))
    assert dump(db.path) == before

    form = await posts.edit_form(services, actor(ALICE), MESSAGE, "Hello.")
    assert form.modal is not None and form.modal.custom_id == f"pawpost:post:{MESSAGE}:edit"
    assert form.modal.fields[0].value == "Hello."
    edited = await buttons.press(
        services, actor(ALICE), form.modal.custom_id, fields={"text": f"Now <@{BOB}>."}
    )
    assert edited.post is not None and edited.post.kind is PostKind.edit
    assert (edited.post.message_id, edited.post.webhook_id) == (MESSAGE, WEBHOOK)
    assert edited.post.mentions == [BOB]

    removed = await posts.delete(services, actor(ADMIN, admin=True), MESSAGE)
    assert removed.post is not None and removed.post.kind is PostKind.delete
    await posts.record(services, actor(ADMIN, admin=True), removed.post, MESSAGE, WEBHOOK, 10)
    with pytest.raises(PawpostError, match="^That message was not posted as a character"):
        await posts.delete(services, actor(ALICE), MESSAGE)
