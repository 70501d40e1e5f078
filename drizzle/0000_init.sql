-- Initial migration: a small key/value table for server metadata
-- (e.g. schema notes, feature switches). Later migrations add the real tables.
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);
INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', '0000_init');
