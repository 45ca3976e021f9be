-- PostgreSQL variant of 0005_hunt_rolls_once.sql: the same columns, the totals read with jsonb.
ALTER TABLE hunts ADD COLUMN find_total BIGINT;
ALTER TABLE hunts ADD COLUMN find_dc BIGINT;
ALTER TABLE hunts ADD COLUMN catch_total BIGINT;
ALTER TABLE hunts ADD COLUMN catch_dc BIGINT;

-- A Germ roll's total is its dice plus its modifiers.
UPDATE hunts SET
    find_total =
        (SELECT coalesce(sum((d ->> 'face')::bigint), 0)
         FROM jsonb_array_elements(coalesce(find_roll::jsonb -> 'dice', '[]')) d)
        + (SELECT coalesce(sum((m ->> 'value')::bigint), 0)
           FROM jsonb_array_elements(coalesce(find_roll::jsonb -> 'modifiers', '[]')) m),
    find_dc = (find_roll::jsonb ->> 'target')::bigint
WHERE find_roll IS NOT NULL;
UPDATE hunts SET
    catch_total =
        (SELECT coalesce(sum((d ->> 'face')::bigint), 0)
         FROM jsonb_array_elements(coalesce(catch_roll::jsonb -> 'dice', '[]')) d)
        + (SELECT coalesce(sum((m ->> 'value')::bigint), 0)
           FROM jsonb_array_elements(coalesce(catch_roll::jsonb -> 'modifiers', '[]')) m),
    catch_dc = (catch_roll::jsonb ->> 'target')::bigint
WHERE catch_roll IS NOT NULL;

ALTER TABLE hunts DROP COLUMN find_roll;
ALTER TABLE hunts DROP COLUMN catch_roll;
