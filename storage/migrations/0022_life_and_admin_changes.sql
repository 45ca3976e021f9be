-- The GM toolkit: every character's state of life (active, dead, retired, away), kept by the
-- core for every ruleset, and what each admin change did to a character, so it can be undone.
ALTER TABLE characters ADD COLUMN life TEXT NOT NULL DEFAULT 'active';
CREATE INDEX characters_living ON characters (guild_id, id) WHERE deleted_at IS NULL AND life != 'dead';

-- One row per undoable admin change: the audit row that records it, the character it changed,
-- that character's whole state before and after (JSON), and the undo that reverted it.
CREATE TABLE admin_changes (
    audit_id      BIGINT  PRIMARY KEY REFERENCES audit_log (id),
    guild_id      BIGINT  NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    before_state  TEXT    NOT NULL,
    after_state   TEXT    NOT NULL,
    undone_by     INTEGER
);
CREATE INDEX admin_changes_by_character ON admin_changes (guild_id, character_id, audit_id);
