-- Which database this is, as a random id: a backup carries its database's, so `pawpost backup`
-- overwrites an earlier backup of the same database and never another Pawpost database.
CREATE TABLE database_identity (value TEXT NOT NULL);
INSERT INTO database_identity (value) VALUES (lower(hex(randomblob(16))));
