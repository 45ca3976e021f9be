"""One timed run's figures, and how they are printed and written as JSON."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class RunFigures:
    """One timed run of the mix at one concurrency."""

    concurrency: int
    commands: int
    seconds: float
    latencies: list[float]
    cpu_seconds: float = 0.0  # this process's CPU time: well under `seconds` on a shared core
    verbs: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    refusal: dict[str, str] = field(default_factory=dict)  # the first refusal of each verb
    # PostgreSQL: round trips in the run, and each verb's (counted at concurrency 1 only,
    # where each is the one command running)
    round_trips: int | None = None
    verb_round_trips: Counter[str] = field(default_factory=Counter)

    @property
    def commands_per_s(self) -> float:
        return self.commands / self.seconds if self.seconds else 0.0

    def percentile_ms(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return 0.0
        index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
        return ordered[index] * 1000

    def trips_per_command(self) -> dict[str, float]:
        """Each verb's mean round trips (at concurrency 1), and "all" for the whole run."""
        if self.round_trips is None or not self.commands:
            return {}
        each = {
            name: round(self.verb_round_trips[name] / count, 2)
            for name, count in sorted(self.verbs.items())
            if name in self.verb_round_trips
        }
        return each | {"all": round(self.round_trips / self.commands, 2)}

    def as_json(self) -> dict[str, float | dict[str, float]]:
        shown: dict[str, float | dict[str, float]] = {
            "commands_per_s": round(self.commands_per_s, 1),
            "p50_ms": round(self.percentile_ms(0.50), 3),
            "p95_ms": round(self.percentile_ms(0.95), 3),
            "p99_ms": round(self.percentile_ms(0.99), 3),
        }
        if self.round_trips is not None:
            shown["round_trips_per_command"] = self.trips_per_command()
        return shown


def run_line(label: str, figures: RunFigures) -> str:
    return (
        f"{label}: {figures.commands_per_s:>8,.0f} commands/s"
        f"   p50 {figures.percentile_ms(0.50):.2f} ms   p95 {figures.percentile_ms(0.95):.2f} ms"
        f"   p99 {figures.percentile_ms(0.99):.2f} ms"
        f"   ({figures.commands:,} commands in {figures.seconds:.1f} s,"
        f" CPU {100 * figures.cpu_seconds / figures.seconds:.0f} %)"
    )


def verbs_line(figures: RunFigures) -> str:
    parts = []
    for name, count in sorted(figures.verbs.items()):
        refused = figures.refused.get(name, 0)
        parts.append(f"{name} {count}" + (f" ({refused} refused)" if refused else ""))
    lines = ["    verbs: " + ", ".join(parts)]
    lines += [
        f"    first /{name} refusal: {text}" for name, text in sorted(figures.refusal.items())
    ]
    trips = figures.trips_per_command()
    if trips:
        lines.append(
            "    round trips to PostgreSQL per command: "
            + ", ".join(f"{name} {mean:g}" for name, mean in trips.items())
        )
    return "\n".join(lines)


def load_average() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as loadavg:
            return loadavg.read().split()[0]
    except OSError:
        return "unknown"
