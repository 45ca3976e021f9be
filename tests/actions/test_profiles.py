"""`/character profile` and what the core adds to every reply about a character: its avatar and
colour, else the outcome's tone (the same in every ruleset), the time and the audit id."""

from __future__ import annotations

import pytest

from bot.actions import characters, npcs, posts, profiles
from bot.actions.about import tone_of
from bot.actions.cat import risks
from bot.actions.context import Upload
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks as germ_checks
from bot.actions.reply import Tone
from bot.actions.wcagr import checks as wcagr_checks
from bot.discord import render
from rules.errors import PawpostError
from tests.actions.cat import helpers as cat_helpers
from tests.actions.wcagr import helpers as wcagr_helpers
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, GUILD, actor, dump

AVATAR = "https://images.example/firepaw.png"


@pytest.fixture
async def firepaw(services):
    await germ_cats.create(services, actor(ALICE), **FIREPAW)


async def test_a_profile_is_kept_and_shown_on_the_sheet(services, firepaw, clock) -> None:
    reply = await profiles.set_profile(
        services,
        actor(ALICE),
        avatar_url=AVATAR,
        colour="#3498db",
        pronouns="she/her",
        description="A bright young cat.",
    )
    assert reply.title == "Firepaw's profile is updated"
    assert reply.avatar_url == AVATAR and reply.colour == 0x3498DB
    shown = await characters.show(services, actor(BOB), "Firepaw")
    assert shown.avatar_url == AVATAR and shown.colour == 0x3498DB
    fields = {f.name: f.value for f in shown.fields}
    assert fields["Pronouns"] == "she/her" and fields["Description"] == "A bright young cat."
    assert shown.timestamp == clock.now
    embed = render.embed(shown)
    assert embed.thumbnail.url == AVATAR and embed.colour is not None
    assert embed.colour.value == 0x3498DB and embed.timestamp == clock.now

    # a dash clears one part and leaves the others
    cleared = await profiles.set_profile(services, actor(ALICE), colour="-")
    assert cleared.colour is None and cleared.avatar_url == AVATAR


UPLOAD = "https://cdn.discordapp.com/ephemeral-attachments/1/2/f.png?ex=1&is=1&hm=1"
KEPT = "https://cdn.discordapp.com/attachments/9/8/avatar.png?ex=2&is=2&hm=2"


async def test_an_attached_image_is_stored_until_the_transport_keeps_a_copy(
    services, firepaw
) -> None:
    upload = Upload(url=UPLOAD, content_type="image/png", filename="f.png")
    reply = await profiles.set_profile(services, actor(ALICE), avatar=upload)
    assert reply.avatar_url == UPLOAD
    assert reply.keep is not None
    assert (reply.keep.url, reply.keep.filename, reply.keep.npc_id) == (UPLOAD, "f.png", None)
    assert await profiles.keep_avatar(services, GUILD, reply.keep, KEPT) is True
    shown = await characters.show(services, actor(BOB), "Firepaw")
    assert shown.avatar_url == KEPT

    # a link, or a colour alone, asks for no copy
    linked = await profiles.set_profile(services, actor(ALICE), avatar_url=AVATAR)
    coloured = await profiles.set_profile(services, actor(ALICE), colour="red")
    assert linked.keep is None and coloured.keep is None


async def test_a_copy_kept_after_the_avatar_changed_again_is_not_used(services, firepaw) -> None:
    upload = Upload(url=UPLOAD, content_type="image/png")
    reply = await profiles.set_profile(services, actor(ALICE), avatar=upload)
    await profiles.set_profile(services, actor(ALICE), avatar_url=AVATAR)
    assert reply.keep is not None
    assert await profiles.keep_avatar(services, GUILD, reply.keep, KEPT) is False
    shown = await characters.show(services, actor(BOB), "Firepaw")
    assert shown.avatar_url == AVATAR


async def test_an_npcs_attached_avatar_is_kept_the_same_way(services, firepaw) -> None:
    boss = actor(ADMIN, admin=True)
    upload = Upload(url=UPLOAD, content_type="image/png", filename="guard.webp")
    made = await npcs.add(services, boss, "Old Guard", avatar=upload)
    assert made.keep is not None and made.keep.npc_id is not None
    assert made.keep.character_id is None and made.keep.filename == "guard.webp"
    assert await profiles.keep_avatar(services, GUILD, made.keep, KEPT) is True
    said = await posts.say(services, boss, npc="Old Guard", text="Halt!")
    assert said.post is not None and said.post.avatar_url == KEPT
    # in another server the NPC is not found: nothing changes there
    assert await profiles.keep_avatar(services, GUILD + 1, made.keep, UPLOAD) is False


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"avatar_url": "http://images.example/f.png"},
            "An avatar must be an https:// link to an image.",
        ),
        ({"avatar_url": "javascript:alert(1)"}, "An avatar must be an https:// link to an image."),
        (
            {
                "avatar": Upload(
                    url="https://cdn.discordapp.com/a/1/notes.txt", content_type="text/plain"
                )
            },
            "An avatar must be an image (PNG, JPEG, GIF or WebP).",
        ),
        ({"colour": "sparkly"}, "sparkly is not a colour: give a hex code such as #3498db"),
        ({"pronouns": "x" * 41}, "Pronouns can be at most 40 characters; that has 41."),
    ],
)
async def test_a_wrong_profile_is_refused_and_nothing_is_written(
    services, db, firepaw, options, message
) -> None:
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await profiles.set_profile(services, actor(ALICE), **options)
    assert refused.value.message.startswith(message)
    assert dump(db.path) == before


async def test_someone_elses_character_is_refused_but_an_admin_may(services, db, firepaw) -> None:
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Firepaw belongs to another player.$"):
        await profiles.set_profile(services, actor(BOB), character="Firepaw", colour="red")
    assert dump(db.path) == before
    reply = await profiles.set_profile(
        services, actor(ADMIN, admin=True), character="Firepaw", colour="red"
    )
    assert reply.colour == profiles.NAMED_COLOURS["red"]


@pytest.mark.parametrize(
    ("text", "value"),
    [("#3498db", 0x3498DB), ("3498DB", 0x3498DB), ("#fff", 0xFFFFFF), (" Blue ", 0x3498DB)],
)
def test_colours_by_hex_or_name(text: str, value: int) -> None:
    assert profiles.parse_colour(text) == value


async def test_a_roll_carries_the_avatar_colour_time_and_audit_id(
    services, dice, firepaw, clock
) -> None:
    await profiles.set_profile(services, actor(ALICE), avatar_url=AVATAR, colour="green")
    dice.load(15)
    reply = await germ_checks.check(services, actor(ALICE), "stealth", dc=10)
    assert reply.avatar_url == AVATAR and reply.colour == profiles.NAMED_COLOURS["green"]
    assert reply.tone is Tone.success and reply.timestamp == clock.now
    assert reply.audit_id == 3  # creation, profile, the check
    assert render.footer(reply) == "roll #3"  # named once


async def test_without_a_colour_the_outcome_colours_the_embed(services, dice, firepaw) -> None:
    dice.load(15, 2, 9)
    passed = await germ_checks.check(services, actor(ALICE), "stealth", dc=10)
    failed = await germ_checks.check(services, actor(ALICE), "stealth", dc=10)
    plain = await germ_checks.check(services, actor(ALICE), "stealth")
    assert passed.tone is Tone.success and failed.tone is Tone.failure
    assert plain.tone is Tone.neutral
    assert render.embed(passed).colour == render.TONE_COLOURS[Tone.success]
    assert render.embed(failed).colour == render.TONE_COLOURS[Tone.failure]
    assert render.embed(plain).colour == render.COLOUR


async def test_the_tone_is_the_same_in_taking_risks(services, dice) -> None:
    await cat_helpers.cat_server(services)
    await cat_helpers.make(services, ALICE, **cat_helpers.FIREPAW)
    dice.load(2, 4, 6, 1, 3)  # Legs 5: 3 evens against 1 needed
    risk = await risks.risk(services, actor(ALICE), "legs", "easy")
    assert risk.tone is Tone.success and risk.audit_id is not None


async def test_the_tone_is_the_same_in_wcagr(services, dice) -> None:
    await wcagr_helpers.wcagr_server(services)
    await wcagr_helpers.make(services, ALICE)
    await profiles.set_profile(services, actor(ALICE), avatar_url=AVATAR)
    dice.load(2, 3, 4)
    failed = await wcagr_checks.check(services, actor(ALICE), ability="strength", dc=14)
    assert failed.tone is Tone.failure and failed.avatar_url == AVATAR


@pytest.mark.parametrize(
    ("action", "outcome", "tone"),
    [
        ("check", "success", Tone.success),
        ("check", "failure (fumble)", Tone.failure),
        ("check", None, Tone.neutral),
        ("hunt", "caught", Tone.success),
        ("hunt", "got-away", Tone.failure),
        ("combat", "caught", Tone.neutral),  # caught escaping: no hunt's success
        ("contest", "Rook wins", Tone.neutral),
    ],
)
def test_tones_of_logged_outcomes(action: str, outcome: str | None, tone: Tone) -> None:
    assert tone_of(action, outcome) is tone
