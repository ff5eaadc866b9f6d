CREATE TABLE "campaign_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terms_version" integer NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_reviews_decision_check" CHECK ("campaign_reviews"."decision" in ('approved', 'rejected')),
	CONSTRAINT "campaign_reviews_reason" CHECK ("campaign_reviews"."decision" = 'approved' or length("campaign_reviews"."reason") > 0)
);
--> statement-breakpoint
CREATE TABLE "investment_revocations" (
	"investment_id" uuid PRIMARY KEY NOT NULL,
	"investor_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_documents" DROP CONSTRAINT "campaign_documents_kind_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "review_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "campaign_reviews" ADD CONSTRAINT "campaign_reviews_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reviews" ADD CONSTRAINT "campaign_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_revocations" ADD CONSTRAINT "investment_revocations_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_revocations" ADD CONSTRAINT "investment_revocations_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_revocations" ADD CONSTRAINT "investment_revocations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_reviews_campaign_idx" ON "campaign_reviews" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "investment_revocations_campaign_idx" ON "investment_revocations" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_review_queue_idx" ON "campaigns" USING btree ("review_status","updated_at");--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_kind_check" CHECK ("campaign_documents"."kind" in ('milestone', 'sales_invoice', 'supply_contract', 'offtake_contract', 'financials'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_review_status_check" CHECK ("campaigns"."review_status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- Campaigns from before the due-diligence review were public already: they stand approved.
UPDATE "campaigns" SET "review_status" = 'approved';