"""`pawpost console` never prints a terminal escape it was given (issue 13)."""

from __future__ import annotations

import io

from bot.console import printable, run_console, script_lines

HOSTILE = "\x1b]0;owned\x07\x1b[2J\u202edlrow\x9b31m"


async def test_the_console_shows_escapes_instead_of_printing_them(services, dice) -> None:
    dice.load(11)
    lines = [
        "/character create name:Firepaw strength:4 agility:4 charisma:4 intelligence:4"
        " stealth:3 perception:3 age:12",
        f'/roll expression:d20 reason:"{HOSTILE}"',  # echoed, and shown in the roll's reply
        f'/character show character:"Fire{HOSTILE}"',  # an error naming what was given
        f'/character rename name:"{HOSTILE}x"',  # refused
        '/roll expression:d20 reason:"\ud800"',  # a lone surrogate: a sentence, not a bug
    ]
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(lines), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    for character in "\x1b\x07\u202e\x9b\ud800":
        assert character not in text
    assert "\\x1b]0;owned\\x07\\x1b[2J\\u202edlrow\\x9b31m" in text
    assert "error: A character's name cannot hold control characters" in text
    assert text.endswith(
        '> /roll expression:d20 reason:"\\ud800"\n'
        "error: That text holds a broken character (a lone surrogate); type it again.\n"
    )


def test_plain_text_is_printed_as_it_is() -> None:
    text = "== Firepaw ==\n  Stats:\tStrength 4 · Ｆｉｒｅ · Rose\u200dthorn"
    assert printable(text) == text
