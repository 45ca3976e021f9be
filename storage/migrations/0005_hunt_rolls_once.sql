-- A hunt's dice are stored once, in its audit log entry. The hunting log keeps what it shows of
-- each roll: the total and the DC it was against.
ALTER TABLE hunts ADD COLUMN find_total INTEGER;
ALTER TABLE hunts ADD COLUMN find_dc INTEGER;
ALTER TABLE hunts ADD COLUMN catch_total INTEGER;
ALTER TABLE hunts ADD COLUMN catch_dc INTEGER;

-- A Germ roll's total is its dice plus its modifiers.
UPDATE hunts SET
    find_total =
        (SELECT coalesce(sum(json_extract(d.value, '$.face')), 0)
         FROM json_each(find_roll, '$.dice') d)
        + (SELECT coalesce(sum(json_extract(m.value, '$.value')), 0)
           FROM json_each(find_roll, '$.modifiers') m),
    find_dc = json_extract(find_roll, '$.target')
WHERE find_roll IS NOT NULL;
UPDATE hunts SET
    catch_total =
        (SELECT coalesce(sum(json_extract(d.value, '$.face')), 0)
         FROM json_each(catch_roll, '$.dice') d)
        + (SELECT coalesce(sum(json_extract(m.value, '$.value')), 0)
           FROM json_each(catch_roll, '$.modifiers') m),
    catch_dc = json_extract(catch_roll, '$.target')
WHERE catch_roll IS NOT NULL;

ALTER TABLE hunts DROP COLUMN find_roll;
ALTER TABLE hunts DROP COLUMN catch_roll;
