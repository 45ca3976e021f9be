"""What `pawpost bench` is asked to do: the ruleset, the seed's size, and how long to run."""

from __future__ import annotations

from dataclasses import dataclass, field

from storage.settings import DEFAULT_RULESET


@dataclass(frozen=True)
class Sizes:
    """The sizes of the other figures (smaller only to test the benchmark itself)."""

    big_server_cats: int = 10_000  # one server's weekly reminder
    reminder_servers: int = 1000  # servers due at the same minute, and start-up ...
    reminder_cats: int = 100  # ... with this many cats each
    size_cats: int = 1000  # cats whose month of hunts is weighed
    size_days: int = 30
    tick_cats: int = 100_000  # one server's game day and moon through the game clock


@dataclass(frozen=True)
class BenchOptions:
    servers: int = 100
    cats: int = 50
    seconds: float | None = None  # each timed run lasts this long (default when neither is set)
    commands: int | None = None  # or runs this many commands
    json_path: str | None = None
    db_path: str | None = None  # where the seeded file goes (default: a temporary folder)
    # A postgresql:// database to time instead of SQLite files (in schemas made and dropped).
    database: str | None = None
    seed: int = 7
    sizes: Sizes = field(default_factory=Sizes)
    ruleset: str = DEFAULT_RULESET  # whose mix runs: the server's ruleset, Germ by default
    tick_only: bool = False  # only the game clock's figure (no mix, no other job)
