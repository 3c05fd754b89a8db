-- kv.sql: a key-value table under a skewed read-mostly mix.
-- Run it:   java -jar bench.jar --workload sql --script examples/sql/kv.sql
-- Format:   docs/plugins.md, "The sql workload".

-- The data is there when the table exists (then prepare is skipped).
-- @prepared-if
SELECT 1 FROM information_schema.tables
 WHERE table_schema = DATABASE() AND table_name = 'kv';

-- @prepare
CREATE TABLE kv (
  id BIGINT NOT NULL PRIMARY KEY,
  v  VARCHAR(64) NOT NULL,
  hits INT NOT NULL DEFAULT 0
) ENGINE=InnoDB;
-- 10,000 rows, ids 1..10000, sent in batches.
-- @repeat 10000
-- @param seq 1
-- @param string 16 64
INSERT INTO kv (id, v) VALUES (?, ?);

-- @cleanup
DROP TABLE IF EXISTS kv;

-- Point lookups; low ids are hot (zipf).
-- @event get weight=8
-- @param zipf 1 10000 0.9
SELECT v FROM kv WHERE id = ?;

-- Write a value (an upsert; REPLACE would also reset the hit counter).
-- @event put weight=1
-- @param uniform 1 10000
-- @param string 16 64
INSERT INTO kv (id, v) VALUES (?, ?)
  ON DUPLICATE KEY UPDATE v = VALUES(v);

-- A small transaction: read one key and count a hit on another (each ? draws its own value).
-- @event hit weight=1
BEGIN;
-- @param zipf 1 10000 0.9
SELECT v FROM kv WHERE id = ?;
-- @param zipf 1 10000 0.9
UPDATE kv SET hits = hits + 1 WHERE id = ?;
COMMIT;
