CREATE TABLE "campaign_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"asker_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"answer_body" text,
	"answered_at" timestamp with time zone,
	"answer_hidden_reason" text,
	"answer_hidden_at" timestamp with time zone,
	CONSTRAINT "campaign_questions_answer" CHECK (("campaign_questions"."answer_body" is null) = ("campaign_questions"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "campaign_update_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_updates_audience_check" CHECK ("campaign_updates"."audience" in ('public', 'backers'))
);
--> statement-breakpoint
ALTER TABLE "campaign_questions" ADD CONSTRAINT "campaign_questions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_questions" ADD CONSTRAINT "campaign_questions_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_update_files" ADD CONSTRAINT "campaign_update_files_update_id_campaign_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."campaign_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_update_files" ADD CONSTRAINT "campaign_update_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_questions_campaign_idx" ON "campaign_questions" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_update_files_update_idx" ON "campaign_update_files" USING btree ("update_id");--> statement-breakpoint
CREATE INDEX "campaign_updates_campaign_idx" ON "campaign_updates" USING btree ("campaign_id","created_at" DESC NULLS LAST);