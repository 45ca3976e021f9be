-- A server keeps its characters per ruleset: switching ruleset archives the live characters of
-- the ruleset it leaves (hidden like deleted ones, with archived_at set), and switching back
-- brings them back. A deleted character has deleted_at alone; an archived one has both.
ALTER TABLE characters ADD COLUMN archived_at TEXT;
CREATE INDEX characters_archived ON characters (guild_id, ruleset, name_key)
    WHERE archived_at IS NOT NULL;
