"""The `pawpost` command line: console scripts, export, run without a token, config loading."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import load_settings
from rules.errors import PawpostError

SCRIPT = """\
/character create name:Firepaw strength:4 agility:4 charisma:4 intelligence:4 stealth:3 perception:3 age:12
/character create name:"Bad Cat" strength:8 agility:8 charisma:8 intelligence:0 stealth:0 perception:0 age:12
/roll expression:3d8+5 reason:"warming up"
/roll expression:3d
/check stat:stealth dc:8
/as user:bob
/character create name:Tigerclaw strength:6 agility:4 charisma:2 intelligence:2 stealth:4 perception:4 age:40
/contest stat:strength target:Firepaw
/as user:alice
/click 1
/log character:Firepaw
/as user:boss admin:yes
/admin export
"""


def pawpost(
    *arguments: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *arguments],
        cwd=cwd,
        env={
            **os.environ,
            "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
            **(env or {}),
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_console_script_plays_a_session_and_exits_zero(tmp_path: Path) -> None:
    script = tmp_path / "session.txt"
    script.write_text(SCRIPT)
    database = tmp_path / "console.sqlite3"
    done = pawpost(
        "console", "--db", str(database), "--as", "alice", "--script", str(script), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "== Firepaw joins the server ==" in out
    assert "error: You spent 24 points; a Germ cat has 22." in out
    assert 'error: "3d" at position 2: expected the number of sides' in out
    assert "== Roll 3d8+5 for warming up ==" in out
    assert "@alice, Firepaw must roll Agility." in out
    assert "[1] Roll Agility" in out
    assert "== Contest: Tigerclaw vs Firepaw ==" in out
    assert "== Recent rolls of Firepaw ==" in out
    assert "(saved pawpost-1.json.gz" in out
    exported = json.loads(gzip.decompress((tmp_path / "pawpost-1.json.gz").read_bytes()))
    assert [c["name"] for c in exported["characters"]] == ["Firepaw", "Tigerclaw"]

    printed = pawpost("export", "--guild", "1", "--db", str(database), cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout)["characters"][0]["name"] == "Firepaw"


def test_console_refuses_unknown_commands_and_options_without_failing(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("/fly\n/check stat:wisdom\n/check stat:stealth dc:lots\n/click 4\n")
    done = pawpost(
        "console", "--db", str(tmp_path / "c.sqlite3"), "--script", str(script), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "error: There is no command /fly; try /help." in done.stdout
    assert "error: stat must be one of strength, agility" in done.stdout
    assert "error: dc must be a whole number, not 'lots'." in done.stdout
    assert "error: Click which?" in done.stdout


def test_run_without_a_token_says_how_to_get_one(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "", "PAWPOST_CONFIG": str(tmp_path / "none.toml")}
    done = pawpost("run", cwd=tmp_path, env=env)
    assert done.returncode == 2
    assert "DISCORD_TOKEN=<the token> pawpost run" in done.stderr
    assert "pawpost console" in done.stderr


def test_a_bad_config_file_is_one_sentence(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('databse = "x.sqlite3"\n')
    done = pawpost("run", "--config", str(config), cwd=tmp_path, env={"DISCORD_TOKEN": "t"})
    assert done.returncode == 2
    assert done.stderr.strip() == f"{config}: databse is not a setting Pawpost knows."


def test_settings_come_from_file_then_environment(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('database = "file.sqlite3"\nlog_level = "debug"\n')
    settings = load_settings(config, {"PAWPOST_DATABASE": "env.sqlite3", "DISCORD_TOKEN": "abc"})
    assert settings.database == "env.sqlite3"
    assert settings.log_level == "DEBUG"
    assert settings.token is not None and settings.token.get_secret_value() == "abc"
    assert "abc" not in repr(settings)


def test_no_file_is_needed_and_defaults_apply(tmp_path: Path) -> None:
    settings = load_settings(None, {"PAWPOST_CONFIG": str(tmp_path / "missing.toml")})
    assert settings.database == "./data/pawpost.sqlite3"
    assert settings.token is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "log_level = 'LOUD'",
            r"config.toml: log_level: it is one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not "
            r"'LOUD'\.$",
        ),
        ("database = ", "is not valid TOML"),
        ("[bot]\ntoken = 'x'", "bot is not a setting Pawpost knows."),
    ],
)
def test_bad_settings_are_refused(tmp_path: Path, text: str, message: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(text)
    with pytest.raises(PawpostError, match=message):
        load_settings(config, {})


def test_a_bad_value_from_the_environment_names_the_variable(tmp_path: Path) -> None:
    environ = {"PAWPOST_CONFIG": str(tmp_path / "none.toml"), "PAWPOST_LOG_LEVEL": "loud"}
    with pytest.raises(PawpostError) as refused:
        load_settings(None, environ)
    assert refused.value.message == (
        "PAWPOST_LOG_LEVEL (environment): log_level: it is one of DEBUG, INFO, WARNING, ERROR, "
        "CRITICAL, not 'LOUD'."
    )


def test_example_config_is_valid(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parent.parent / "config.example.toml"
    assert load_settings(example, {}).database == "./data/pawpost.sqlite3"
