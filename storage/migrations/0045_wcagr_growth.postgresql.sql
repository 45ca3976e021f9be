-- PostgreSQL variant of 0045_wcagr_growth.sql: the same table, the sheets' keys moved with
-- jsonb's operators.
CREATE TABLE wcagr_growth (
    character_id BIGINT  NOT NULL PRIMARY KEY REFERENCES characters (id),
    age_moons    BIGINT  NOT NULL,
    gains_given  BIGINT  NOT NULL DEFAULT 0,
    gains_told   BIGINT  NOT NULL DEFAULT 0,
    retired      BIGINT  NOT NULL DEFAULT 0,
    dead         BIGINT  NOT NULL DEFAULT 0,
    pending      TEXT    NOT NULL DEFAULT '[]'
);
INSERT INTO wcagr_growth (character_id, age_moons, gains_given, gains_told, retired, dead, pending)
SELECT id, coalesce((sheet::jsonb ->> 'age_moons')::numeric::bigint, 0),
    coalesce((sheet::jsonb ->> 'gains_given')::numeric::bigint, 0),
    coalesce((sheet::jsonb ->> 'gains_told')::numeric::bigint, 0),
    coalesce((sheet::jsonb ->> 'retired')::boolean, false)::int,
    coalesce((sheet::jsonb ->> 'dead')::boolean, false)::int,
    coalesce((sheet::jsonb -> 'pending')::text, '[]')
FROM characters WHERE ruleset = 'wcagr';
UPDATE characters
SET sheet = (sheet::jsonb - 'age_moons' - 'gains_given' - 'gains_told' - 'retired' - 'dead'
    - 'pending')::text
WHERE ruleset = 'wcagr';
-- The cats with gains waiting (a game day's summary names them).
CREATE INDEX wcagr_growth_waiting ON wcagr_growth (character_id) WHERE pending <> '[]';
