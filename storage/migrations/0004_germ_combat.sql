-- Germ: combats with their stored turn state, who fights in which, and every action taken.
CREATE TABLE combats (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    created_by   INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('active', 'ended')),
    phase        TEXT    NOT NULL,
    version      INTEGER NOT NULL,
    attacker_id  INTEGER REFERENCES characters (id),
    round        INTEGER NOT NULL,
    state        TEXT    NOT NULL,
    due_at       TEXT,
    reminded_at  TEXT,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL,
    ended_at     TEXT
);
CREATE INDEX combats_active_by_guild ON combats (guild_id, id) WHERE status = 'active';
CREATE INDEX combats_active_by_channel ON combats (guild_id, channel_id, id)
    WHERE status = 'active';
CREATE INDEX combats_due ON combats (due_at)
    WHERE status = 'active' AND reminded_at IS NULL AND due_at IS NOT NULL;

CREATE TABLE combat_fighters (
    guild_id      INTEGER NOT NULL,
    combat_id     INTEGER NOT NULL REFERENCES combats (id),
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    position      INTEGER NOT NULL,
    in_combat     INTEGER NOT NULL DEFAULT 1 CHECK (in_combat IN (0, 1)),
    PRIMARY KEY (guild_id, combat_id, character_id)
) WITHOUT ROWID;
-- A character is in at most one active combat.
CREATE UNIQUE INDEX combat_fighters_one_combat ON combat_fighters (guild_id, character_id)
    WHERE in_combat = 1;

CREATE TABLE combat_actions (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    combat_id     INTEGER NOT NULL REFERENCES combats (id),
    version       INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    character_id  INTEGER REFERENCES characters (id),
    action        TEXT    NOT NULL,
    summary       TEXT    NOT NULL,
    target_id     INTEGER REFERENCES characters (id),
    power         INTEGER,
    rolls         TEXT,
    events        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL
);
-- One action per state version: two clicks on the same turn cannot both be recorded.
CREATE UNIQUE INDEX combat_actions_by_combat ON combat_actions (guild_id, combat_id, version);
