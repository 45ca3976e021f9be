-- Issue 14: a character's profile (avatar, colour, pronouns, description), the posts made as a
-- character through a channel's webhook, and the admins' approval of sheets and edits. Discord
-- ids are BIGINT: SQLite reads it as INTEGER, and PostgreSQL needs it for a snowflake.
CREATE TABLE character_profiles (
    character_id  INTEGER PRIMARY KEY REFERENCES characters (id),
    guild_id      BIGINT  NOT NULL,
    avatar_url    TEXT,
    colour        INTEGER,
    pronouns      TEXT,
    description   TEXT,
    updated_at    TEXT    NOT NULL
);

-- One row per message posted as a character: who posted it, through which webhook, where.
CREATE TABLE character_posts (
    message_id    BIGINT  PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    thread_id     BIGINT,
    webhook_id    BIGINT  NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    user_id       BIGINT  NOT NULL,
    created_at    TEXT    NOT NULL,
    edited_at     TEXT,
    deleted_at    TEXT
);
CREATE INDEX character_posts_by_character ON character_posts (guild_id, character_id);

-- A sheet (kind 'sheet') or an edit (kind 'edit', `request` says what) an admin must approve.
CREATE TABLE character_approvals (
    id            INTEGER PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    kind          TEXT    NOT NULL,
    request       TEXT,
    requested_by  BIGINT  NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'pending',
    reason        TEXT,
    decided_by    BIGINT,
    created_at    TEXT    NOT NULL,
    decided_at    TEXT
);
CREATE INDEX character_approvals_waiting ON character_approvals (guild_id, id)
    WHERE status = 'pending';
CREATE INDEX character_approvals_by_character ON character_approvals (character_id, kind, id);
