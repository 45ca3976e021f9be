"""Proxy tags as players write them, and which tag a message is written in."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules.errors import PawpostError
from rules.proxy_tags import MAX_TAG_LENGTH, MAX_TAGS, match, read_tags, shown


@dataclass(frozen=True)
class Tag:
    prefix: str
    suffix: str
    who: str = ""


@pytest.mark.parametrize(
    ("typed", "tags"),
    [
        ("Ash: text", [("Ash:", "")]),
        ("[text]", [("[", "]")]),
        ("text -Ash", [("", "-Ash")]),
        ("Ash: text | [text] |  a>text<  ", [("Ash:", ""), ("[", "]"), ("a>", "<")]),
        ("ASH: TEXT", [("ASH:", "")]),
    ],
)
def test_tags_are_read_as_prefix_and_suffix(typed: str, tags: list[tuple[str, str]]) -> None:
    assert read_tags(typed) == tags


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Ash:", "Each tag holds the word text once"),
        ("text text", "Each tag holds the word text once"),
        ("text", "A tag needs something around text"),
        ("Ash: text | Ash: text", 'The tag "Ash: text" is given twice.'),
        ("x" * (MAX_TAG_LENGTH + 1) + "text", f"at most {MAX_TAG_LENGTH} characters"),
        (" | ".join(f"{n}: text" for n in range(MAX_TAGS + 1)), f"at most {MAX_TAGS} tags"),
    ],
)
def test_a_tag_that_cannot_be_read_is_one_sentence(typed: str, message: str) -> None:
    with pytest.raises(PawpostError, match=message):
        read_tags(typed)


def test_tags_are_shown_as_templates() -> None:
    assert [shown(*tag) for tag in read_tags("Ash: text | [text] | text -Ash")] == [
        "Ash: text",
        "[text]",
        "text -Ash",
    ]


def test_a_message_matches_its_tag_and_says_what_is_inside() -> None:
    tags = [Tag("Ash:", "", "ash"), Tag("[", "]", "ash"), Tag("A", "", "a")]
    assert match("Ash: hello there", tags) == (tags[0], "hello there")
    assert match("ash:hi", tags) == (tags[0], "hi")  # case does not matter
    assert match("[ whispers ]", tags) == (tags[1], "whispers")
    assert match("Ashes to ashes", tags) == (tags[2], "shes to ashes")  # only "A" fits
    assert match("plain words", tags) is None
    assert match("[unfinished", tags) is None


def test_the_longest_tag_wins() -> None:
    tags = [Tag("A", ""), Tag("Ash:", ""), Tag("Ash:", "!")]
    assert match("Ash: run!", tags) == (tags[2], "run")
    assert match("Ash: run", tags) == (tags[1], "run")


def test_a_tag_alone_says_nothing() -> None:
    assert match("Ash:", [Tag("Ash:", "")]) == (Tag("Ash:", ""), "")
    assert match("[]", [Tag("[", "]")]) == (Tag("[", "]"), "")
    assert match("[", [Tag("[", "]")]) is None
