-- The audit trail (0017) on the business tables added since: gateway keys (their secret is never copied,
-- their last use is bookkeeping), members' message settings and support tickets. Not audited, with the
-- tables excluded in 0017 (apps/server/test/audit-log.test.ts holds the same list):
--   gateway_key_nonces    replay protection: one row per signed gateway request
--   gateway_key_rates     per-minute request counters of gateway keys
--   messages              notifications the platform sends members; read marks change on every read
--   tasks                 background task progress, like jobs
--   ticket_status_log     itself the status log of a ticket
SELECT tracehub_audit_attach(tbl, ent, keys) FROM (VALUES
  ('gateway_keys', 'enterprise_uuid', ARRAY['id']),
  ('message_configs', 'enterprise_uuid', ARRAY['user_id', 'type']),
  ('tickets', 'enterprise_uuid', ARRAY['id'])
) AS v(tbl, ent, keys);
