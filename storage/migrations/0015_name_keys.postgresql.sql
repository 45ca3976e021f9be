-- PostgreSQL variant of 0015_name_keys.sql. The keys are computed in Python
-- (storage/names.py), which PostgreSQL cannot call; a PostgreSQL database starts empty at this
-- release or later (a SQLite one moves over with `pawpost migrate-to` once migrated), so every
-- key in it was written by that code already. Should characters be here, the migration is
-- refused rather than leave keys stale.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM characters) THEN
        RAISE EXCEPTION 'migration 15 recomputes name keys in Python: migrate this database'
            ' with SQLite first, then copy it with pawpost migrate-to';
    END IF;
END;
$$;

-- Contests a player has waiting against a cat, and those they started lately, read at each
-- contest's start.
CREATE INDEX contests_waiting_by_initiator ON contests (guild_id, initiator_user_id, defender_character_id)
    WHERE resolved_at IS NULL;
CREATE INDEX contests_by_initiator ON contests (guild_id, initiator_user_id, created_at);
