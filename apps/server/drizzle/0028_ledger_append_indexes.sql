-- Cheaper evidence appends (docs/bench/2026-11-27-evidence-append.md): an unsealed event has no leaf index and
-- most events no data hash, so those two indexes keep only the rows that have one (every look-up by them
-- implies it); the trigram index of the subject search leaves out files, whose random 32-hex keys cost more
-- trigrams than any other subject id and are searched by file name or exact key instead (subject-names.ts).
DROP INDEX "ledger_events_leaf_index_uq";--> statement-breakpoint
DROP INDEX "ledger_events_data_hash_idx";--> statement-breakpoint
DROP INDEX "ledger_events_search_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_events_leaf_index_uq" ON "ledger_events" USING btree ("leaf_index") WHERE "ledger_events"."leaf_index" is not null;--> statement-breakpoint
CREATE INDEX "ledger_events_data_hash_idx" ON "ledger_events" USING btree ("data_hash") WHERE "ledger_events"."data_hash" is not null;--> statement-breakpoint
CREATE INDEX "ledger_events_search_idx" ON "ledger_events" USING gin (lower("subject_id") gin_trgm_ops) WITH (gin_pending_list_limit=1024) WHERE "ledger_events"."subject_type" <> 'file';