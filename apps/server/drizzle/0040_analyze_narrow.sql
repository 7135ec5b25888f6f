-- Statistics only where a plan can use them (issue 14, imports): the statistics keeper (platform/statistics.ts)
-- analyses a table that doubled, and on the embedded PGlite an ANALYZE holds the one connection, so every
-- request waits for it. During a 20,000-row import ANALYZE ledger_events took 316 ms and audit_log 217 ms,
-- most of it sampling and sorting columns no statement filters, joins or sorts on: leaves, payloads, hashes
-- (a leaf hash is found through its unique index, which needs no statistics), signatures and the audit trail's
-- row images. Target 0 leaves them out of ANALYZE; every column a statement selects on keeps its statistics.
ALTER TABLE "ledger_events"
  ALTER COLUMN "leaf_hash" SET STATISTICS 0,
  ALTER COLUMN "leaf_data" SET STATISTICS 0,
  ALTER COLUMN "payload" SET STATISTICS 0,
  ALTER COLUMN "payload_hash" SET STATISTICS 0,
  ALTER COLUMN "salt" SET STATISTICS 0,
  ALTER COLUMN "signature" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "audit_log"
  ALTER COLUMN "before" SET STATISTICS 0,
  ALTER COLUMN "after" SET STATISTICS 0;
