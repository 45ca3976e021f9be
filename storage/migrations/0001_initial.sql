-- Servers, characters, who plays which character, and the audit log of every roll.
CREATE TABLE guilds (
    guild_id      INTEGER PRIMARY KEY,
    ruleset       TEXT    NOT NULL DEFAULT 'germ',
    settings      TEXT    NOT NULL DEFAULT '{}',
    command_hash  TEXT
);

CREATE TABLE characters (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    owner_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    ruleset     TEXT    NOT NULL,
    sheet       TEXT    NOT NULL,
    mother_id   INTEGER REFERENCES characters (id),
    created_at  TEXT    NOT NULL,
    deleted_at  TEXT
);
CREATE UNIQUE INDEX characters_by_name ON characters (guild_id, name_key) WHERE deleted_at IS NULL;
CREATE INDEX characters_by_owner ON characters (guild_id, owner_id, name_key) WHERE deleted_at IS NULL;
CREATE INDEX characters_by_mother ON characters (mother_id) WHERE mother_id IS NOT NULL;
CREATE INDEX characters_deleted ON characters (guild_id, name_key) WHERE deleted_at IS NOT NULL;

CREATE TABLE active_characters (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER,
    user_id       INTEGER NOT NULL,
    character_id  INTEGER REFERENCES characters (id),
    action        TEXT    NOT NULL,
    summary       TEXT    NOT NULL,
    rolls         TEXT,
    outcome       TEXT,
    overrides_id  INTEGER REFERENCES audit_log (id),
    reason        TEXT,
    created_at    TEXT    NOT NULL
);
CREATE INDEX audit_by_character ON audit_log (guild_id, character_id, id);
CREATE INDEX audit_by_channel ON audit_log (guild_id, channel_id, id);
CREATE INDEX audit_by_guild ON audit_log (guild_id, id);
CREATE INDEX audit_overrides ON audit_log (overrides_id) WHERE overrides_id IS NOT NULL;
