"""`pawpost console` plays issue 14's parts: a profile with avatar and colour, posting as the
character, approval on (a pending cat refused a check, approved by an admin's click, then
rolling), and a card PNG for Germ."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.console import run_console, script_lines

SHEET = "strength:4 agility:4 charisma:4 intelligence:4 stealth:3 perception:3 age:12"
SCRIPT = [
    "/as user:ann",
    f"/character create name:Sandstorm {SHEET}",
    "/character profile avatar-url:http://images.example/s.png",
    "/character profile avatar-url:https://images.example/s.png colour:#3498db pronouns:she/her",
    '/say text:"Hello, Clan."',
    "/as user:ada admin:yes",
    "/config approval approval:on",
    "/as user:bob",
    f"/character create name:Sable {SHEET}",
    "/check stat:stealth",
    "/as user:ada admin:yes",
    "/click 1",
    "/as user:bob",
    "/check stat:stealth",
    "/character card character:Sandstorm",
]


async def test_a_console_script_plays_profiles_posts_approval_and_cards(
    services, dice, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the card's PNG is saved here
    dice.load(7, 12)  # the refused check's die is thrown away with it
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "error: An avatar must be an https:// link to an image." in text
    assert "(avatar https://images.example/s.png; colour #3498db)" in text
    assert "[Sandstorm] Hello, Clan." in text
    assert "Sable waits for an admin's approval before it rolls." in text
    assert "error: Sable waits for an admin's approval and cannot roll, hunt or fight yet." in text
    assert "Sable's sheet is approved by @ada." in text
    after = text[text.rindex("> /check") :]
    assert "== Sable: Stealth ==" in after and "d20 12" in after
    image = Image.open(tmp_path / "sandstorm-card.png")
    assert image.format == "PNG" and image.width == 800
