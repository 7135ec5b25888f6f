-- Security review, finding 4: code mails are limited per requesting client as well as per address, and sign-in
-- throttling looks up one account from one client (its growing delays; whether it signed in from there before).
ALTER TABLE "mail_codes" ADD COLUMN "client" text;--> statement-breakpoint
CREATE INDEX "login_attempts_pair_idx" ON "login_attempts" USING btree ("account_key","ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_codes_client_idx" ON "mail_codes" USING btree ("client","created_at");