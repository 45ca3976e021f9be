"""Proxy tags as players write them (`Ash: text`, `[text]`, several joined by `|`), and which
tag a message is written in. Matching ignores case; when several tags fit, the longest wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from rules.errors import PawpostError

TEXT = "text"  # where the message goes in a tag template
SEPARATOR = "|"
MAX_TAGS = 10  # tags one character (or NPC) may have
MAX_TAG_LENGTH = 50  # characters before and after `text` together


class HasTag(Protocol):
    @property
    def prefix(self) -> str: ...

    @property
    def suffix(self) -> str: ...


T = TypeVar("T", bound=HasTag)


def read_tags(typed: str) -> list[tuple[str, str]]:
    """`Ash: text | [text]` as (prefix, suffix) pairs: `[("Ash:", ""), ("[", "]")]`. The space
    between a tag and what is said does not count (a message is matched without it)."""
    tags: list[tuple[str, str]] = []
    for template in typed.split(SEPARATOR):
        template = template.strip()
        if template.casefold().count(TEXT) != 1:
            raise PawpostError(
                f'Each tag holds the word {TEXT} once, where the message goes: "Ash: {TEXT}" '
                f'or "[{TEXT}]" ({SEPARATOR} between several).'
            )
        at = template.casefold().index(TEXT)
        prefix, suffix = template[:at].rstrip(), template[at + len(TEXT) :].lstrip()
        if not prefix and not suffix:
            raise PawpostError(f'A tag needs something around {TEXT}, like "Ash: {TEXT}".')
        if len(prefix) + len(suffix) > MAX_TAG_LENGTH:
            raise PawpostError(f"A tag can be at most {MAX_TAG_LENGTH} characters around {TEXT}.")
        if (prefix.casefold(), suffix.casefold()) in {
            (p.casefold(), s.casefold()) for p, s in tags
        }:
            raise PawpostError(f'The tag "{template}" is given twice.')
        tags.append((prefix, suffix))
    if len(tags) > MAX_TAGS:
        raise PawpostError(f"A character can have at most {MAX_TAGS} tags.")
    return tags


def shown(prefix: str, suffix: str) -> str:
    """A tag as a template: `Ash: text`, `[text]`, `text -Ash`."""
    before = prefix + (" " if prefix[-1:].isalnum() or prefix.endswith(":") else "")
    after = (" " if suffix[:1].isalnum() or suffix.startswith("-") else "") + suffix
    return f"{before}{TEXT}{after}"


def fits(content: str, prefix: str, suffix: str) -> bool:
    if len(content) < len(prefix) + len(suffix):
        return False
    starts = content[: len(prefix)].casefold() == prefix.casefold()
    ends = not suffix or content[len(content) - len(suffix) :].casefold() == suffix.casefold()
    return starts and ends


def match(content: str, tags: Sequence[T]) -> tuple[T, str] | None:
    """The tag a message is written in (the longest when several fit) and what it says, or None.
    What it says may be empty: a message of files alone."""
    for tag in sorted(tags, key=lambda t: len(t.prefix) + len(t.suffix), reverse=True):
        if fits(content, tag.prefix, tag.suffix):
            return tag, content[len(tag.prefix) : len(content) - len(tag.suffix)].strip()
    return None


def same_tag(first: tuple[str, str], second: tuple[str, str]) -> bool:
    return first[0].casefold() == second[0].casefold() and (
        first[1].casefold() == second[1].casefold()
    )
