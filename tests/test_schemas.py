"""The tests' migrated PostgreSQL schemas: a schema handed to the next test has no rows and
its ids start again, and one whose shape a test changed is never handed out again."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import POSTGRESQL, POSTGRESQL_REQUIRED, postgresql_unreachable
from tests.schemas import MigratedSchemas, schema_url


@pytest.fixture
def pool(_postgresql_schemas: list[str]) -> MigratedSchemas:
    reason = postgresql_unreachable()
    if reason is not None:
        if POSTGRESQL_REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    return MigratedSchemas(POSTGRESQL, _postgresql_schemas)


def execute(schema: str, sql: str) -> list[tuple[object, ...]]:
    with psycopg.connect(schema_url(POSTGRESQL, schema), autocommit=True) as connection:
        cursor = connection.execute(sql.encode())
        return cursor.fetchall() if cursor.description else []


def test_a_schema_is_handed_on_empty_with_its_ids_started_again(pool: MigratedSchemas) -> None:
    schema = pool.take()
    add = "INSERT INTO outbox (channel_id, nonce, body, created_at, next_attempt_at)"
    add += " VALUES (1, 'n', '{}', 'now', 'now') RETURNING id"
    assert execute(schema, add) == [(1,)]
    execute(schema, "INSERT INTO guilds (guild_id) VALUES (5)")
    pool.give_back(schema)
    assert pool.take() == schema
    assert execute(schema, "SELECT count(*) FROM guilds") == [(0,)]
    assert execute(schema, "SELECT count(*) FROM game_clock") == [(0,)]  # a trigger's row
    assert execute(schema, add) == [(1,)]
    assert execute(schema, "SELECT count(*) FROM schema_version")[0][0] > 0


@pytest.mark.parametrize(
    "change",
    [
        "ALTER TABLE guilds ADD COLUMN colour TEXT",
        "CREATE INDEX extra_index ON outbox (body)",
        "ALTER TABLE guilds DISABLE TRIGGER USER",
    ],
)
def test_a_schema_whose_shape_a_test_changed_is_not_handed_on(
    pool: MigratedSchemas, change: str
) -> None:
    schema = pool.take()
    execute(schema, change)
    pool.give_back(schema)
    assert pool.take() != schema
