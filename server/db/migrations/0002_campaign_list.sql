-- The search index needs trigram operators (pg_trgm ships with PostgreSQL and with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "campaigns_status_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_created_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "investor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_deadline_idx" ON "campaigns" USING btree ("deadline","id");--> statement-breakpoint
CREATE INDEX "campaigns_roi_idx" ON "campaigns" USING btree (("sell_price" / "buy_price") desc,"id");--> statement-breakpoint
CREATE INDEX "campaigns_funded_idx" ON "campaigns" USING btree (("raised_amount" / "target_amount") desc,"id");--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin (("title" || ' ' || "trade_route" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_investor_count_nonnegative" CHECK ("campaigns"."investor_count" >= 0);