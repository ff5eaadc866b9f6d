CREATE TABLE "appropriateness_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"passed" boolean NOT NULL,
	"wrong" text[] NOT NULL,
	"acknowledged" boolean NOT NULL,
	"income" numeric(15, 2) NOT NULL,
	"liquid_assets" numeric(15, 2) NOT NULL,
	"commitments" numeric(15, 2) NOT NULL,
	"net_worth" numeric(16, 2) NOT NULL,
	"max_loss" numeric(15, 2) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_disclosures" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"risk_factors" text DEFAULT '' NOT NULL,
	"conversion_cost" numeric(15, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(15, 2) DEFAULT '0' NOT NULL,
	"insurance_cost" numeric(15, 2) DEFAULT '0' NOT NULL,
	"fees_cost" numeric(15, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_disclosures_costs_nonnegative" CHECK ("campaign_disclosures"."conversion_cost" >= 0 and "campaign_disclosures"."shipping_cost" >= 0 and "campaign_disclosures"."insurance_cost" >= 0 and "campaign_disclosures"."fees_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "classification_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"person_type" text NOT NULL,
	"criteria" text[] NOT NULL,
	"statement" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"valid_until" timestamp with time zone,
	CONSTRAINT "classification_person_type_check" CHECK ("classification_applications"."person_type" in ('natural', 'legal')),
	CONSTRAINT "classification_status_check" CHECK ("classification_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "classification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_acknowledgements" (
	"investment_id" uuid PRIMARY KEY NOT NULL,
	"kiis_version" integer NOT NULL,
	"risk_warning" boolean NOT NULL,
	"risk_warning_above" numeric(16, 2),
	"sophisticated" boolean NOT NULL,
	"assessment_id" uuid,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accredited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appropriateness_assessments" ADD CONSTRAINT "appropriateness_assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_disclosures" ADD CONSTRAINT "campaign_disclosures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_applications" ADD CONSTRAINT "classification_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_applications" ADD CONSTRAINT "classification_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_documents" ADD CONSTRAINT "classification_documents_application_id_classification_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."classification_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_documents" ADD CONSTRAINT "classification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_documents" ADD CONSTRAINT "classification_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_acknowledgements" ADD CONSTRAINT "investment_acknowledgements_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_acknowledgements" ADD CONSTRAINT "investment_acknowledgements_assessment_id_appropriateness_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."appropriateness_assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appropriateness_user_idx" ON "appropriateness_assessments" USING btree ("user_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "classification_user_idx" ON "classification_applications" USING btree ("user_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "classification_queue_idx" ON "classification_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "classification_documents_app_idx" ON "classification_documents" USING btree ("application_id");