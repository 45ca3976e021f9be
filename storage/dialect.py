"""Where SQLite's SQL and PostgreSQL's differ, in one place: placeholders, JSON in a sheet, row
locks, the schema_version table, and the mechanical translation of the migrations' DDL."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache


class UntranslatableMigration(ValueError):
    """A migration uses SQLite-only SQL and has no PostgreSQL variant file."""


class Dialect:
    """SQLite's SQL, the one the repositories are written in: every method returns it as is."""

    name = "sqlite"
    # Added to a SELECT: the rows a command is about to change, held until it ends (SQLite has
    # one writer at a time, so nothing to add), and the rows of due work this process takes,
    # left alone by the other processes.
    lock_rows = ""

    def claim(self, alias: str) -> str:
        """Added to a SELECT of due work: the rows of `alias` this process takes, which the
        other processes' same SELECT passes over until this transaction ends (or its process
        dies, and its connection with it)."""
        return ""

    def sql(self, statement: str) -> str:
        """A repository's statement as this backend runs it."""
        return statement

    def json_text(self, column: str, key: str) -> str:
        """A top-level key of a JSON text column, as SQL text (NULL when missing)."""
        return f"json_extract({column}, '$.{key}')"

    def json_number(self, column: str, key: str) -> str:
        """A top-level key of a JSON text column, as an SQL number (NULL when missing)."""
        return f"json_extract({column}, '$.{key}')"

    def json_set(self, column: str, values: dict[str, str]) -> str:
        """The JSON text in `column` with each key set to its SQL expression's value."""
        pairs = ", ".join(f"'$.{key}', {expression}" for key, expression in values.items())
        return f"json_set({column}, {pairs})"

    def json_literal(self, expression: str) -> str:
        """An SQL text holding JSON (`'true'`, a parameter) as a JSON value."""
        return f"json({expression})"

    def id_set(self) -> str:
        """A subquery of the ids given as one parameter (`ids_parameter`): a slice's thousands
        of ids in a statement, without a placeholder each."""
        return "(SELECT value FROM json_each(?))"

    def ids_parameter(self, ids: Sequence[int]) -> object:
        return json.dumps(list(ids))

    def json_bool(self, expression: str) -> str:
        """An SQL truth value as a JSON boolean (inside `json_set`)."""
        return f"json(CASE WHEN {expression} THEN 'true' ELSE 'false' END)"

    def greatest(self, *expressions: str) -> str:
        return f"max({', '.join(expressions)})"

    def non_ascii(self, column: str) -> str:
        """Whether a text column holds a character beyond printable ASCII."""
        return f"{column} GLOB '*[^ -~]*'"

    def schema_version_table(self) -> str:
        return (
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
        )

    def migration(self, script: str, name: str) -> str:
        """A bundled migration's script as this backend runs it."""
        return script


# SQLite-only constructs a migration cannot be translated from: it needs a variant file.
_SQLITE_ONLY = re.compile(
    r"\bCREATE\s+TRIGGER\b|\bjson_\w+\s*\(|\bjson\s*\(|\bstrftime\s*\(|\bjulianday\s*\("
    r"|\bOR\s+(IGNORE|REPLACE)\b|\bpawpost_name_key\s*\(|\bPRAGMA\b|\bREPLACE\s+INTO\b",
    re.IGNORECASE,
)
_COMMENT = re.compile(r"--[^\n]*")
# A column typed TEXT (not a cast to it): compared and ordered byte by byte, as in SQLite.
_TEXT_COLUMN = re.compile(r"(?<!\bAS )(?<!\bas )\bTEXT\b(?!\s+COLLATE)")


class PostgresDialect(Dialect):
    """PostgreSQL's SQL, translated from the repositories' statements."""

    name = "postgresql"
    lock_rows = " FOR UPDATE"

    def claim(self, alias: str) -> str:
        return f" FOR UPDATE OF {alias} SKIP LOCKED"

    def sql(self, statement: str) -> str:
        return _placeholders(statement)

    def json_text(self, column: str, key: str) -> str:
        return f"({column}::jsonb ->> '{key}')"

    def json_number(self, column: str, key: str) -> str:
        return f"({column}::jsonb ->> '{key}')::numeric"

    def json_set(self, column: str, values: dict[str, str]) -> str:
        pairs = ", ".join(f"'{key}', {expression}" for key, expression in values.items())
        return f"({column}::jsonb || jsonb_build_object({pairs}))::text"

    def json_literal(self, expression: str) -> str:
        return f"({expression})::jsonb"

    def id_set(self) -> str:
        return "(SELECT unnest(?::bigint[]))"

    def ids_parameter(self, ids: Sequence[int]) -> object:
        return list(ids)

    def json_bool(self, expression: str) -> str:
        return f"({expression})"

    def greatest(self, *expressions: str) -> str:
        return f"greatest({', '.join(expressions)})"

    def non_ascii(self, column: str) -> str:
        return f"{column} ~ '[^ -~]'"

    def schema_version_table(self) -> str:
        return (
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version BIGINT PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT"
            " (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')))"
        )

    def migration(self, script: str, name: str) -> str:
        """The DDL of a plain migration, translated: Discord ids need 64 bits, an integer key
        is an identity (never reused, as AUTOINCREMENT promised), text compares as bytes."""
        if name.endswith(".postgresql.sql"):
            return script
        code = _COMMENT.sub("", script)
        found = _SQLITE_ONLY.search(code)
        if found:
            raise UntranslatableMigration(
                f"{name} uses {found.group(0).strip()!r}, which PostgreSQL lacks: it needs a"
                f" {name.removesuffix('.sql')}.postgresql.sql variant"
            )
        code = re.sub(r"\s+WITHOUT\s+ROWID", "", code, flags=re.IGNORECASE)
        code = re.sub(
            r"\bINTEGER\s+PRIMARY\s+KEY(\s+AUTOINCREMENT)?\b",
            "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
            code,
            flags=re.IGNORECASE,
        )
        code = re.sub(r"\bINTEGER\b", "BIGINT", code)
        code = re.sub(r"\bREAL\b", "DOUBLE PRECISION", code)
        code = re.sub(r"\bBLOB\b", "BYTEA", code)
        return _TEXT_COLUMN.sub('TEXT COLLATE "C"', code)


@lru_cache(maxsize=2048)
def _placeholders(statement: str) -> str:
    """`?` becomes `%s` and a literal `%` becomes `%%`, outside quoted strings and names."""
    out: list[str] = []
    quote: str | None = None
    for char in statement:
        if quote is not None:
            out.append("%%" if char == "%" else char)
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
            out.append(char)
        elif char == "?":
            out.append("%s")
        elif char == "%":
            out.append("%%")
        else:
            out.append(char)
    return "".join(out)


SQLITE = Dialect()
POSTGRESQL = PostgresDialect()


def parsed_sheets(dialect: Dialect) -> tuple[str, str]:
    """The characters table with each sheet's JSON parsed once per row, and the name to read
    its keys from (`json_text(name, key)`): on PostgreSQL every `sheet::jsonb` is a parse of
    its own, so a query reading several keys of 100,000 sheets parses each once, not once a
    key; SQLite reads the text itself."""
    if dialect.name == "postgresql":
        # OFFSET 0 keeps the planner from folding the parse back into each key's expression.
        lateral = "LATERAL (SELECT characters.sheet::jsonb AS parsed OFFSET 0) AS sheets"
        return f"characters CROSS JOIN {lateral}", "parsed"
    return "characters", "sheet"
