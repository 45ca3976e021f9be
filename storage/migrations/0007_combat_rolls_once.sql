-- A combat step's rolls are in its events (and in the audit log); the copy beside them goes.
ALTER TABLE combat_actions DROP COLUMN rolls;
