"""`pawpost health` asks the running bot (issue 30, Docker's HEALTHCHECK): healthy while it is
connected and its database answers; no bot, or a bot not connected, is unhealthy."""

from __future__ import annotations

from pathlib import Path

from bot.cli import main
from bot.health import answering, ask, socket_path


async def test_the_answer_comes_from_the_process(tmp_path: Path) -> None:
    path = str(tmp_path / "h")
    state = {"ready": False}

    async def status() -> tuple[bool, str]:
        return state["ready"], "ready" if state["ready"] else "not connected to Discord"

    assert await ask(path) == (False, f"no bot answers at {path} (No such file or directory)")
    async with answering(path, status):
        assert await ask(path) == (False, "unhealthy: not connected to Discord")
        state["ready"] = True
        assert await ask(path) == (True, "ok: ready")
        # a second process on the same path leaves it to the first
        async with answering(path, status):
            assert await ask(path) == (True, "ok: ready")
    healthy, line = await ask(path)
    assert not healthy and line.startswith(f"no bot answers at {path}")


def test_the_socket_lies_beside_an_sqlite_database() -> None:
    assert socket_path("/data/pawpost.sqlite3") == "/data/pawpost.sqlite3.health"
    assert socket_path("/data/pawpost.sqlite3", "/run/h") == "/run/h"
    assert socket_path("postgresql://db/pawpost").endswith("pawpost.health")


def test_pawpost_health_exits_1_without_a_bot(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PAWPOST_DATABASE", str(tmp_path / "x.sqlite3"))
    monkeypatch.setenv("PAWPOST_CONFIG", str(tmp_path / "none.toml"))
    assert main(["health"]) == 1
    assert "no bot answers at" in capsys.readouterr().out
