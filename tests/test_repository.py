"""What a newcomer's clone holds (issue 30): no wheels committed, a licence, and a Docker image
whose dependencies are pinned and installed before the code, with a health check."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0]).lower()


def test_no_wheel_files_are_committed_and_nothing_installs_from_one() -> None:
    assert list(ROOT.glob("*.whl")) == []
    for path in ("Dockerfile", "pyproject.toml", ".ci/run", "constraints.txt"):
        assert ".whl" not in (ROOT / path).read_text("utf-8"), path


def test_the_licence_is_mit() -> None:
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_the_image_pins_its_dependencies_and_installs_them_before_the_code() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text("utf-8").splitlines()]
    steps = [line for line in lines if line and not line.startswith("#")]
    pinned = steps.index("RUN pip install --no-cache-dir -r constraints.txt")
    first_code = next(i for i, step in enumerate(steps) if step.startswith("COPY bot"))
    assert steps.index("COPY constraints.txt ./") < pinned < first_code
    assert any(s.startswith("RUN pip install --no-cache-dir --no-deps .") for s in steps)
    assert any(s.startswith("HEALTHCHECK") and s.endswith('["pawpost", "health"]') for s in steps)


def test_the_constraints_pin_every_runtime_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    pins = {}
    for line in (ROOT / "constraints.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"{line!r} is not pinned"
            pins[_name(name)] = version
    for requirement in project["dependencies"]:
        assert _name(requirement) in pins, requirement
    assert {"psycopg-binary", "psycopg-pool"} <= set(pins)  # psycopg's extras


def test_docker_leaves_out_what_the_image_never_needs() -> None:
    ignored = set((ROOT / ".dockerignore").read_text("utf-8").split())
    assert {".git", "data", "tests", "*.sqlite3", "config.toml", ".env"} <= ignored


def test_a_compose_file_for_one_sqlite_container() -> None:
    text = (ROOT / "docker-compose.sqlite.yml").read_text("utf-8")
    assert "PAWPOST_DATABASE: /data/pawpost.sqlite3" in text and "pawpost-data:/data" in text
    assert "image: postgres" not in text and "PAWPOST_SHARDS" not in text
