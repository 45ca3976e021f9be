"""Free text as every verb receives it, the same on both backends: no NUL (SQLite stored it,
PostgreSQL refused it), no raw control characters but tab and newline, no bidi controls (they
reorder what is shown around them), and no lone surrogate (a sentence: it cannot be stored).
Names are left to `clean_name`, which refuses what is cleaned here."""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Mapping
from typing import Any

from rules.errors import PawpostError
from storage.names import BIDI_CONTROLS

BROKEN = "That text holds a broken character (a lone surrogate); type it again."
# Checked by clean_name, which names what it refuses instead of dropping it.
NAMES = frozenset({"name", "new_name"})
_UNWANTED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]|\r\n?")


def clean(text: str) -> str:
    """The text without NUL, raw control characters (a carriage return becomes a newline) and
    bidi controls."""
    clean_surrogates(text)
    if text.isprintable():
        return text
    return _UNWANTED.sub(lambda found: "\n" if found.group(0)[0] == "\r" else "", text)


def cleaned(value: Any, key: str | None = None) -> Any:
    """A verb's argument with its free text cleaned, looking into a form's fields and a
    select's values; names (by their parameter or field) only checked for lone surrogates."""
    if isinstance(value, str):
        if key in NAMES:
            clean_surrogates(value)
            return value
        return clean(value)
    if isinstance(value, Mapping):
        return {k: cleaned(v, k if isinstance(k, str) else None) for k, v in value.items()}
    if isinstance(value, list):
        return [cleaned(item, key) for item in value]
    if isinstance(value, tuple):
        return tuple(cleaned(item, key) for item in value)
    return value


def clean_surrogates(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise PawpostError(BROKEN) from None


@functools.cache
def parameter_names(verb: Callable[..., Any]) -> tuple[str, ...]:
    """The names of a verb's positional parameters after its services."""
    parameters = list(inspect.signature(verb).parameters.values())[1:]
    return tuple(p.name for p in parameters if p.kind is not inspect.Parameter.VAR_POSITIONAL)


def clean_arguments(
    verb: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Every argument of a call to `verb` (after its services) with its free text cleaned."""
    names = parameter_names(verb)
    positional = tuple(
        cleaned(value, names[index] if index < len(names) else None)
        for index, value in enumerate(args)
    )
    return positional, {key: cleaned(value, key) for key, value in kwargs.items()}
