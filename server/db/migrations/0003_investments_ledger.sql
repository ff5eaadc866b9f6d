CREATE TABLE "escrow_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_records_status_check" CHECK ("escrow_records"."status" in ('held', 'released', 'disputed', 'refunded')),
	CONSTRAINT "escrow_records_amount_positive" CHECK ("escrow_records"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"shares" numeric(10, 6) DEFAULT '0' NOT NULL,
	"provider" text NOT NULL,
	"stripe_payment_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"profit_share" numeric(15, 2),
	"reserved_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_status_check" CHECK ("investments"."status" in ('pending', 'confirmed', 'refunding', 'refunded', 'paid_out', 'expired')),
	CONSTRAINT "investments_provider_check" CHECK ("investments"."provider" in ('sandbox', 'stripe')),
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount" > 0),
	CONSTRAINT "investments_shares_range" CHECK ("investments"."shares" >= 0 and "investments"."shares" <= 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_account_format" CHECK ("ledger_entries"."account" ~ '^(clearing:(sandbox|stripe)|platform:fees|(escrow|trader|investor):[0-9a-f-]{36})$')
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"investment_id" uuid,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" jsonb NOT NULL,
	"client_secret_hash" text NOT NULL,
	"last_error" text,
	"amount_refunded" numeric(15, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('requires_payment_method', 'processing', 'succeeded', 'canceled')),
	CONSTRAINT "sandbox_payment_intents_refund_range" CHECK ("sandbox_payment_intents"."amount_refunded" >= 0 and "sandbox_payment_intents"."amount_refunded" <= "sandbox_payment_intents"."amount")
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escrow_records" ADD CONSTRAINT "escrow_records_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_records" ADD CONSTRAINT "escrow_records_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_records_investment_key" ON "escrow_records" USING btree ("investment_id");--> statement-breakpoint
CREATE INDEX "escrow_records_campaign_idx" ON "escrow_records" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "escrow_records_status_idx" ON "escrow_records" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_payment_key" ON "investments" USING btree ("provider","stripe_payment_id");--> statement-breakpoint
CREATE INDEX "investments_investor_idx" ON "investments" USING btree ("investor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investments_campaign_status_idx" ON "investments" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "investments_campaign_investor_idx" ON "investments" USING btree ("campaign_id","investor_id");--> statement-breakpoint
CREATE INDEX "investments_open_idx" ON "investments" USING btree ("reserved_until") WHERE "investments"."status" in ('pending', 'refunding');--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_once_key" ON "ledger_transactions" USING btree ("kind","investment_id") WHERE "ledger_transactions"."kind" in ('investment', 'refund', 'payment_received', 'payment_refund');--> statement-breakpoint
CREATE INDEX "ledger_transactions_campaign_idx" ON "ledger_transactions" USING btree ("campaign_id");