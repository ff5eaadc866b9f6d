CREATE TABLE "outgoing_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outgoing_emails_status_check" CHECK ("outgoing_emails"."status" in ('pending', 'sending', 'sent', 'dead'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "message_id" uuid;--> statement-breakpoint
CREATE INDEX "outgoing_emails_due_idx" ON "outgoing_emails" USING btree ("next_attempt_at") WHERE "outgoing_emails"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outgoing_emails_dead_idx" ON "outgoing_emails" USING btree ("created_at") WHERE "outgoing_emails"."status" = 'dead';--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_message_id_key" ON "email_outbox" USING btree ("message_id");