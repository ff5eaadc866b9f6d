CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq"),
	CONSTRAINT "file_chunks_size_check" CHECK (octet_length("file_chunks"."data") between 1 and 262144)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"committed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0 and "stored_files"."size" <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_uncommitted_idx" ON "stored_files" USING btree ("created_at") WHERE not "stored_files"."committed";--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing documents move into chunks of 256 KiB (each file keeps its document's id).
INSERT INTO "stored_files" ("id", "owner_id", "content_type", "size", "committed", "created_at")
  SELECT "id", "user_id", "content_type", octet_length("content"), true, "created_at" FROM "verification_documents";--> statement-breakpoint
INSERT INTO "stored_files" ("id", "owner_id", "content_type", "size", "committed", "created_at")
  SELECT "id", "uploaded_by", "content_type", octet_length("content"), true, "created_at" FROM "campaign_documents";--> statement-breakpoint
INSERT INTO "file_chunks" ("file_id", "seq", "data")
  SELECT d."id", g.seq, substring(d."content" from g.seq * 262144 + 1 for 262144)
  FROM "verification_documents" d, generate_series(0, (octet_length(d."content") - 1) / 262144) AS g(seq);--> statement-breakpoint
INSERT INTO "file_chunks" ("file_id", "seq", "data")
  SELECT d."id", g.seq, substring(d."content" from g.seq * 262144 + 1 for 262144)
  FROM "campaign_documents" d, generate_series(0, (octet_length(d."content") - 1) / 262144) AS g(seq);--> statement-breakpoint
UPDATE "verification_documents" SET "file_id" = "id";--> statement-breakpoint
UPDATE "campaign_documents" SET "file_id" = "id";--> statement-breakpoint
ALTER TABLE "verification_documents" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_documents" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_documents" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "verification_documents" DROP COLUMN "content";