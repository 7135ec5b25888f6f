-- Evidence leaves v2 (docs/evidence-format.md): the payload hash of a new event commits to its payload under a
-- random 32-byte salt kept here, so that a public proof no longer lets anyone confirm guesses of the payload.
-- Null for the v1 leaves written before, whose payload hash is the unsalted SHA-256 and which stay valid.
ALTER TABLE "ledger_events" ADD COLUMN "salt" text;
--> statement-breakpoint
-- The tenant search view carries every column of its table (0013, test/query-plans.test.ts): recreated.
DROP VIEW ledger_events_search;
--> statement-breakpoint
CREATE VIEW ledger_events_search AS SELECT * FROM ledger_events WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
REVOKE ALL ON ledger_events_search FROM tracehub_app;
--> statement-breakpoint
GRANT SELECT ON ledger_events_search TO tracehub_app;
