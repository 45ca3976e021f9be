-- Issue 31: the voices a member posts in and the rolls they keep. NPCs are the admins' voices
-- (a name, an avatar and a colour: no sheet, no ruleset); proxy tags say which message is
-- re-posted as which character or NPC; autoproxy is each member's mode in each channel; saved
-- rolls belong to a character. Discord ids are BIGINT; times ISO-8601 UTC text.
CREATE TABLE npcs (
    id          INTEGER PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    avatar_url  TEXT,
    colour      INTEGER,
    created_by  BIGINT  NOT NULL,
    created_at  TEXT    NOT NULL,
    deleted_at  TEXT
);
CREATE UNIQUE INDEX npcs_by_name ON npcs (guild_id, name_key) WHERE deleted_at IS NULL;

-- One tag of a character (or of an NPC): the text before and after what is said. A message
-- that starts with `prefix` and ends with `suffix` is said by it.
CREATE TABLE proxy_tags (
    id            INTEGER PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    character_id  INTEGER REFERENCES characters (id),
    npc_id        INTEGER REFERENCES npcs (id),
    prefix        TEXT    NOT NULL,
    suffix        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL
);
CREATE INDEX proxy_tags_by_character ON proxy_tags (character_id);
CREATE INDEX proxy_tags_by_npc ON proxy_tags (guild_id, npc_id);

-- A member's autoproxy in a channel: latch (the last character they proxied as speaks for
-- their plain messages) or front (the character set); no row is off.
CREATE TABLE autoproxy (
    guild_id      BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    mode          TEXT    NOT NULL,
    character_id  INTEGER REFERENCES characters (id),
    npc_id        INTEGER REFERENCES npcs (id),
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id, channel_id)
);

-- A character's saved rolls by name.
CREATE TABLE saved_rolls (
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    name_key      TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    expression    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (character_id, name_key)
);

-- A post is made as a character or as an NPC; `nonce` is the outbox post's that made it (a
-- proxied post), so a resend after a crash finds it instead of posting it twice.
CREATE TABLE character_posts_new (
    message_id    BIGINT  PRIMARY KEY,
    guild_id      BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    thread_id     BIGINT,
    webhook_id    BIGINT  NOT NULL,
    character_id  INTEGER REFERENCES characters (id),
    npc_id        INTEGER REFERENCES npcs (id),
    user_id       BIGINT  NOT NULL,
    created_at    TEXT    NOT NULL,
    edited_at     TEXT,
    deleted_at    TEXT,
    nonce         TEXT
);
INSERT INTO character_posts_new (message_id, guild_id, channel_id, thread_id, webhook_id,
    character_id, user_id, created_at, edited_at, deleted_at)
    SELECT message_id, guild_id, channel_id, thread_id, webhook_id, character_id, user_id,
        created_at, edited_at, deleted_at FROM character_posts;
DROP TABLE character_posts;
ALTER TABLE character_posts_new RENAME TO character_posts;
CREATE INDEX character_posts_by_character ON character_posts (guild_id, character_id);
CREATE INDEX character_posts_by_guild ON character_posts (guild_id, message_id);
CREATE UNIQUE INDEX character_posts_by_nonce ON character_posts (nonce) WHERE nonce IS NOT NULL;
