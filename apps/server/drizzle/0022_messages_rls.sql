-- The message centre (modules/message; the tables themselves are created in 0019). A tenant request writes
-- messages to any member of its enterprise (events notify administrators or other members), but reads,
-- marks and deletes only the caller's own: even an administrator sees no one else's. Settings are read
-- enterprise-wide (a notification honours each recipient's) and written by the caller for itself.
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON messages TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant() AND recipient_id = tracehub_user())
  WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON messages TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE message_configs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE message_configs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON message_configs TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant())
  WITH CHECK (enterprise_uuid = tracehub_tenant() AND user_id = tracehub_user());
--> statement-breakpoint
CREATE POLICY platform_access ON message_configs TO CURRENT_USER USING (true) WITH CHECK (true);
