-- Germ: contested rolls waiting for the defender, and who fully trusts whom.
CREATE TABLE contests (
    id                      INTEGER PRIMARY KEY,
    guild_id                INTEGER NOT NULL,
    channel_id              INTEGER NOT NULL,
    initiator_user_id       INTEGER NOT NULL,
    initiator_character_id  INTEGER NOT NULL REFERENCES characters (id),
    defender_character_id   INTEGER NOT NULL REFERENCES characters (id),
    stat                    TEXT    NOT NULL,
    initiator_roll          TEXT    NOT NULL,
    reason                  TEXT,
    created_at              TEXT    NOT NULL,
    timeout_noticed_at      TEXT,
    resolved_at             TEXT,
    defender_roll           TEXT,
    outcome                 TEXT
);
CREATE INDEX contests_waiting ON contests (created_at)
    WHERE resolved_at IS NULL AND timeout_noticed_at IS NULL;

CREATE TABLE trust (
    guild_id      INTEGER NOT NULL,
    target_id     INTEGER NOT NULL REFERENCES characters (id),
    speaker_id    INTEGER NOT NULL REFERENCES characters (id),
    since         TEXT    NOT NULL,
    PRIMARY KEY (guild_id, target_id, speaker_id)
) WITHOUT ROWID;
CREATE INDEX trust_by_speaker ON trust (guild_id, speaker_id, target_id);
