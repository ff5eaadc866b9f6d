CREATE TABLE "identity_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"registration_number" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "identity_changes_status_check" CHECK ("identity_changes"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_document_views" (
	"document_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_document_views_document_id_admin_id_pk" PRIMARY KEY("document_id","admin_id")
);
--> statement-breakpoint
ALTER TABLE "identity_changes" ADD CONSTRAINT "identity_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_changes" ADD CONSTRAINT "identity_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_document_views" ADD CONSTRAINT "kyc_document_views_document_id_verification_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."verification_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_document_views" ADD CONSTRAINT "kyc_document_views_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_changes_pending_key" ON "identity_changes" USING btree ("user_id") WHERE "identity_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_changes_user_idx" ON "identity_changes" USING btree ("user_id","created_at" DESC NULLS LAST);