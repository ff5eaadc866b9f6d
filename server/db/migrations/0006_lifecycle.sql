CREATE TABLE "campaign_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text,
	"document_ref" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_milestones_kind_check" CHECK ("campaign_milestones"."kind" in ('loaded', 'departed', 'arrived', 'customs_cleared', 'delivered'))
);
--> statement-breakpoint
DROP INDEX "ledger_transactions_once_key";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_milestones" ADD CONSTRAINT "campaign_milestones_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_milestones" ADD CONSTRAINT "campaign_milestones_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_milestones_once_key" ON "campaign_milestones" USING btree ("campaign_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_campaign_once_key" ON "ledger_transactions" USING btree ("kind","campaign_id") WHERE "ledger_transactions"."kind" = 'trade_settlement';--> statement-breakpoint
CREATE INDEX "ledger_transactions_investment_idx" ON "ledger_transactions" USING btree ("investment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_once_key" ON "ledger_transactions" USING btree ("kind","investment_id") WHERE "ledger_transactions"."kind" in ('investment', 'refund', 'payment_received', 'payment_refund', 'release', 'payout');