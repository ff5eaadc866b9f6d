CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
-- Accounts that existed before verification (docs/decisions/0001-email-verification.md): verified when
-- someone already vouched for the address — the operator (admins, created from the CLI), an admin's
-- KYC approval (the demo users), or a social login whose provider verified it. Password sign-ups stay
-- unverified: nothing proves they own their address, so they get the banner and a link to ask for.
UPDATE "users" SET "email_verified" = true
WHERE "role" = 'admin'
   OR "kyc_status" = 'approved'
   OR "id" IN (SELECT "user_id" FROM "oauth_accounts");
