-- PostgreSQL variant of 0031_database_identity.sql: the table alone (a backup is SQLite's;
-- `migrate-to` copies the SQLite file's id over).
CREATE TABLE database_identity (value TEXT COLLATE "C" NOT NULL);
