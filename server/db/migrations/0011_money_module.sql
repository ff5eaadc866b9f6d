CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"iban" text NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'verified' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_status_check" CHECK ("bank_accounts"."status" in ('verified', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "campaign_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"milestone" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_documents_kind_check" CHECK ("campaign_documents"."kind" in ('milestone', 'sales_invoice')),
	CONSTRAINT "campaign_documents_size_check" CHECK ("campaign_documents"."size" > 0 and "campaign_documents"."size" <= 10485760)
);
--> statement-breakpoint
CREATE TABLE "campaign_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"trigger" text NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"amount" numeric(15, 2),
	"document_id" uuid,
	"reviewed_by" uuid,
	"review_note" text,
	"released_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_releases_status_check" CHECK ("campaign_releases"."status" in ('scheduled', 'awaiting_review', 'released')),
	CONSTRAINT "campaign_releases_trigger_check" CHECK ("campaign_releases"."trigger" in ('trading', 'loaded', 'departed', 'arrived', 'customs_cleared', 'delivered')),
	CONSTRAINT "campaign_releases_percent_range" CHECK ("campaign_releases"."percent" > 0 and "campaign_releases"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"source" text DEFAULT 'card' NOT NULL,
	"provider" text,
	"intent_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorized_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'authorized', 'captured', 'voiding', 'voided', 'expired', 'refunding', 'refunded')),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('investment', 'order', 'settlement')),
	CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('card', 'balance', 'bank_transfer')),
	CONSTRAINT "payments_provider_check" CHECK (("payments"."source" = 'card') = ("payments"."provider" is not null) and ("payments"."provider" is null or "payments"."provider" in ('sandbox', 'stripe'))),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_card_intent" CHECK ("payments"."source" <> 'card' or "payments"."intent_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"campaign_id" uuid,
	"amount" numeric(15, 2) NOT NULL,
	"provider" text NOT NULL,
	"provider_payout_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'in_transit', 'paid', 'failed')),
	CONSTRAINT "payouts_purpose_check" CHECK ("payouts"."purpose" in ('disbursement', 'withdrawal', 'supplier')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_destinations" (
	"id" text PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"failure_code" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sandbox_payouts_status_check" CHECK ("sandbox_payouts"."status" in ('in_transit', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"actual_profit" numeric(15, 2) NOT NULL,
	"sales_proceeds" numeric(15, 2),
	"purchase_cost" numeric(15, 2),
	"shipping_cost" numeric(15, 2),
	"insurance_cost" numeric(15, 2),
	"other_costs" numeric(15, 2),
	"invoice_document_id" uuid,
	"principal" numeric(15, 2) NOT NULL,
	"disbursed" numeric(15, 2) NOT NULL,
	"gross_profit" numeric(15, 2) NOT NULL,
	"fee" numeric(15, 2) NOT NULL,
	"amount_due" numeric(15, 2) NOT NULL,
	"declared_by" uuid NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"due_at" timestamp with time zone,
	"payment_id" uuid,
	"client_secret" text,
	"paid_at" timestamp with time zone,
	"defaulted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_status_check" CHECK ("settlements"."status" in ('pending_review', 'approved', 'rejected', 'defaulted', 'paid')),
	CONSTRAINT "settlements_amount_due_nonnegative" CHECK ("settlements"."amount_due" >= 0)
);
--> statement-breakpoint
ALTER TABLE "investments" DROP CONSTRAINT "investments_provider_check";--> statement-breakpoint
ALTER TABLE "investments" DROP CONSTRAINT "investments_status_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_format";--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" DROP CONSTRAINT "sandbox_payment_intents_status_check";--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" DROP CONSTRAINT "sandbox_payment_intents_refund_range";--> statement-breakpoint
DROP INDEX "investments_open_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_once_key";--> statement-breakpoint
DROP INDEX "orders_open_payment_idx";--> statement-breakpoint
DROP INDEX "investments_payment_key";--> statement-breakpoint
DROP INDEX "ledger_transactions_campaign_once_key";--> statement-breakpoint
DROP INDEX "orders_payment_key";--> statement-breakpoint
ALTER TABLE "escrow_records" ALTER COLUMN "investment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_records" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_milestones" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_records" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "escrow_records" ADD COLUMN "released_amount" numeric(15, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ALTER COLUMN "terms_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "fee_share" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "release_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "amount_capturable" numeric(15, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "amount_captured" numeric(15, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
-- Data: every existing investment and order gets its payment row (same id), and each paid order its
-- escrow record, so an existing database keeps every payment under the one lifecycle.
UPDATE "sandbox_payment_intents" SET "amount_captured" = "amount", "captured_at" = "succeeded_at" WHERE "status" = 'succeeded';--> statement-breakpoint
-- Attempts whose intent was never created (a crash in between) were never payable: they go.
DELETE FROM "investments" WHERE "stripe_payment_id" IS NULL;--> statement-breakpoint
DELETE FROM "orders" WHERE "payment_intent_id" IS NULL;--> statement-breakpoint
INSERT INTO "payments" ("id", "purpose", "payer_id", "amount", "source", "provider", "intent_id", "status", "created_at", "captured_at", "updated_at")
  SELECT "id", 'investment', "investor_id", "amount", 'card', "provider", "stripe_payment_id",
    CASE "status" WHEN 'pending' THEN 'created' WHEN 'confirmed' THEN 'captured' WHEN 'paid_out' THEN 'captured' ELSE "status" END,
    "created_at", "confirmed_at", "updated_at"
  FROM "investments";--> statement-breakpoint
UPDATE "investments" SET "payment_id" = "id";--> statement-breakpoint
INSERT INTO "payments" ("id", "purpose", "payer_id", "amount", "source", "provider", "intent_id", "status", "created_at", "captured_at", "updated_at")
  SELECT "id", 'order', "buyer_id", "total_amount", 'card', "provider", "payment_intent_id",
    CASE "payment" WHEN 'awaiting' THEN 'created' WHEN 'held' THEN 'captured' WHEN 'released' THEN 'captured' ELSE "payment" END,
    "created_at", "paid_at", "updated_at"
  FROM "orders";--> statement-breakpoint
UPDATE "orders" SET "payment_id" = "id";--> statement-breakpoint
-- Each capture and refund already booked names its payment (the payment took its subject's id): the
-- one annotation the append-only ledger accepts, made here with its guard lifted for the statement.
ALTER TABLE "ledger_transactions" DISABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
UPDATE "ledger_transactions" SET "payment_id" = "investment_id" WHERE "kind" IN ('investment', 'refund');--> statement-breakpoint
UPDATE "ledger_transactions" SET "payment_id" = "order_id" WHERE "kind" IN ('order_payment', 'order_refund');--> statement-breakpoint
ALTER TABLE "ledger_transactions" ENABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
INSERT INTO "escrow_records" ("order_id", "amount", "status", "created_at", "updated_at")
  SELECT "id", "total_amount", CASE "payment" WHEN 'refunding' THEN 'held' ELSE "payment" END, coalesce("paid_at", "created_at"), "updated_at"
  FROM "orders" WHERE "payment" IN ('held', 'released', 'refunding', 'refunded');--> statement-breakpoint
-- Existing campaigns release everything when trading starts (the default schedule). A completed one
-- released its escrow at completion; one trading still holds it (its settlement takes it from escrow).
INSERT INTO "campaign_releases" ("campaign_id", "seq", "trigger", "percent", "status", "amount", "released_at", "updated_at")
  SELECT "id", 0, 'trading', 100, CASE WHEN "status" = 'completed' THEN 'released' ELSE 'scheduled' END,
    CASE WHEN "status" = 'completed' THEN "raised_amount" END,
    CASE WHEN "status" = 'completed' THEN "updated_at" END, "updated_at"
  FROM "campaigns";--> statement-breakpoint
UPDATE "escrow_records" SET "released_amount" = "amount" WHERE "investment_id" IS NOT NULL AND "status" = 'released';--> statement-breakpoint
ALTER TABLE "investments" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_releases" ADD CONSTRAINT "campaign_releases_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_releases" ADD CONSTRAINT "campaign_releases_document_id_campaign_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."campaign_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_releases" ADD CONSTRAINT "campaign_releases_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payouts" ADD CONSTRAINT "sandbox_payouts_destination_sandbox_destinations_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."sandbox_destinations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_invoice_document_id_campaign_documents_id_fk" FOREIGN KEY ("invoice_document_id") REFERENCES "public"."campaign_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_active_key" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "campaign_documents_campaign_idx" ON "campaign_documents" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_releases_seq_key" ON "campaign_releases" USING btree ("campaign_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_releases_trigger_key" ON "campaign_releases" USING btree ("campaign_id","trigger");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_key" ON "payments" USING btree ("provider","intent_id");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at","id") WHERE "payments"."status" in ('created', 'authorized', 'voiding', 'refunding');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_key" ON "payouts" USING btree ("provider","provider_payout_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" in ('pending', 'in_transit');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payouts_idempotency_key" ON "sandbox_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_live_key" ON "settlements" USING btree ("campaign_id") WHERE "settlements"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_payment_key" ON "settlements" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "settlements_due_idx" ON "settlements" USING btree ("due_at") WHERE "settlements"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "campaign_milestones" ADD CONSTRAINT "campaign_milestones_document_id_campaign_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."campaign_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_records" ADD CONSTRAINT "escrow_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_release_id_campaign_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."campaign_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_records_order_key" ON "escrow_records" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_investment_once_key" ON "ledger_transactions" USING btree ("kind","investment_id") WHERE "ledger_transactions"."kind" in ('investment', 'refund');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payment_once_key" ON "ledger_transactions" USING btree ("kind","payment_id") WHERE "ledger_transactions"."kind" in ('investment', 'order_payment', 'settlement_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payout_once_key" ON "ledger_transactions" USING btree ("kind","payout_id") WHERE "ledger_transactions"."kind" in ('bank_payout', 'payout_return');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_release_once_key" ON "ledger_transactions" USING btree ("release_id") WHERE "ledger_transactions"."kind" = 'release';--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payout_idx" ON "ledger_transactions" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_payment_key" ON "investments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_campaign_once_key" ON "ledger_transactions" USING btree ("kind","campaign_id") WHERE "ledger_transactions"."kind" = 'distribution';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_key" ON "orders" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "investments" DROP COLUMN "provider";--> statement-breakpoint
ALTER TABLE "investments" DROP COLUMN "stripe_payment_id";--> statement-breakpoint
ALTER TABLE "investments" DROP COLUMN "reserved_until";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "provider";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_intent_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "reserved_until";--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" DROP COLUMN "succeeded_at";--> statement-breakpoint
ALTER TABLE "escrow_records" ADD CONSTRAINT "escrow_records_subject" CHECK (num_nonnulls("escrow_records"."investment_id", "escrow_records"."order_id") = 1);--> statement-breakpoint
ALTER TABLE "escrow_records" ADD CONSTRAINT "escrow_records_campaign" CHECK (("escrow_records"."investment_id" is null) = ("escrow_records"."campaign_id" is null));--> statement-breakpoint
ALTER TABLE "escrow_records" ADD CONSTRAINT "escrow_records_released_range" CHECK ("escrow_records"."released_amount" >= 0 and "escrow_records"."released_amount" <= "escrow_records"."amount");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_status_check" CHECK ("investments"."status" in ('pending', 'confirmed', 'refunding', 'refunded', 'paid_out', 'expired', 'voided'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_format" CHECK ("ledger_entries"."account" ~ '^(clearing:(sandbox|stripe|bank)|platform:fees|(escrow|trader|investor|order-escrow|settlement):[0-9a-f-]{36})$');--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_capture_range" CHECK ("sandbox_payment_intents"."amount_captured" <= "sandbox_payment_intents"."amount");--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('requires_payment_method', 'requires_capture', 'processing', 'succeeded', 'canceled'));--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_refund_range" CHECK ("sandbox_payment_intents"."amount_refunded" >= 0 and "sandbox_payment_intents"."amount_refunded" <= "sandbox_payment_intents"."amount_captured");