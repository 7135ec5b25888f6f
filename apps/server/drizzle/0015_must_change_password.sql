-- Security review, finding 2: accounts an administrator creates or resets get a random one-time password that
-- the administrator is shown once; until the member sets its own, a sign-in with it can only change it.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
