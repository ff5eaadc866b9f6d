CREATE TABLE "certificate_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "certificate_cancellations_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"certificate_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"beneficiary" text NOT NULL,
	"volume_kg" numeric(14, 2) NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_cancellations_volume_positive" CHECK ("certificate_cancellations"."volume_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "origin_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_id" uuid NOT NULL,
	"campaign_id" uuid,
	"listing_id" uuid,
	"issuing_body" text NOT NULL,
	"id_range_start" text NOT NULL,
	"id_range_end" text NOT NULL,
	"plant" text NOT NULL,
	"plant_country" text NOT NULL,
	"production_start" date NOT NULL,
	"production_end" date NOT NULL,
	"volume_kg" numeric(14, 2) NOT NULL,
	"cancelled_kg" numeric(14, 2) DEFAULT '0' NOT NULL,
	"production_intensity" numeric(8, 3) NOT NULL,
	"shipping_distance_km" integer NOT NULL,
	"carbon_intensity" numeric(8, 3) NOT NULL,
	"file_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "origin_certificates_lot" CHECK (num_nonnulls("origin_certificates"."campaign_id", "origin_certificates"."listing_id") = 1),
	CONSTRAINT "origin_certificates_status_check" CHECK ("origin_certificates"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "origin_certificates_volume_positive" CHECK ("origin_certificates"."volume_kg" > 0),
	CONSTRAINT "origin_certificates_cancelled_range" CHECK ("origin_certificates"."cancelled_kg" >= 0 and "origin_certificates"."cancelled_kg" <= "origin_certificates"."volume_kg"),
	CONSTRAINT "origin_certificates_period" CHECK ("origin_certificates"."production_start" <= "origin_certificates"."production_end"),
	CONSTRAINT "origin_certificates_distance" CHECK ("origin_certificates"."shipping_distance_km" between 0 and 40000),
	CONSTRAINT "origin_certificates_intensity" CHECK ("origin_certificates"."production_intensity" >= 0 and "origin_certificates"."carbon_intensity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "carbon_intensity" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "carbon_intensity" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "certificate_cancellations" ADD CONSTRAINT "certificate_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_cancellations" ADD CONSTRAINT "certificate_cancellations_certificate_id_origin_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."origin_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_cancellations" ADD CONSTRAINT "certificate_cancellations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_certificates" ADD CONSTRAINT "origin_certificates_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_certificates" ADD CONSTRAINT "origin_certificates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_certificates" ADD CONSTRAINT "origin_certificates_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_certificates" ADD CONSTRAINT "origin_certificates_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_certificates" ADD CONSTRAINT "origin_certificates_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_cancellations_order_key" ON "certificate_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_cancellations_code_key" ON "certificate_cancellations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_cancellations_number_key" ON "certificate_cancellations" USING btree ("number");--> statement-breakpoint
CREATE INDEX "certificate_cancellations_certificate_idx" ON "certificate_cancellations" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "origin_certificates_trader_idx" ON "origin_certificates" USING btree ("trader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "origin_certificates_campaign_idx" ON "origin_certificates" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "origin_certificates_listing_idx" ON "origin_certificates" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "origin_certificates_pending_idx" ON "origin_certificates" USING btree ("created_at") WHERE "origin_certificates"."status" = 'pending';--> statement-breakpoint
-- hand-written below
-- A cancellation adds its volume to its certificate in the same statement, under the certificate's row
-- lock: the CHECK origin_certificates_cancelled_range then refuses any total above the volume, so two
-- deliveries racing for the last kilograms cannot both count them. Only approved certificates cancel.
CREATE FUNCTION certificate_cancellation_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE origin_certificates SET cancelled_kg = cancelled_kg + NEW.volume_kg
    WHERE id = NEW.certificate_id AND status = 'approved';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'certificate % is not approved', NEW.certificate_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER certificate_cancellations_count AFTER INSERT ON certificate_cancellations
  FOR EACH ROW EXECUTE FUNCTION certificate_cancellation_count();
--> statement-breakpoint
-- A cancellation is final: never changed, never removed.
CREATE FUNCTION certificate_cancellations_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'certificate_cancellations is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER certificate_cancellations_append_only BEFORE UPDATE OR DELETE ON certificate_cancellations
  FOR EACH ROW EXECUTE FUNCTION certificate_cancellations_refuse_change();
--> statement-breakpoint
-- cancelled_kg moves only with a cancellation (the trigger above), never by a direct UPDATE.
CREATE FUNCTION origin_certificates_guard_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cancelled_kg IS DISTINCT FROM OLD.cancelled_kg AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'cancelled_kg changes only with a cancellation' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER origin_certificates_cancelled_guard BEFORE UPDATE ON origin_certificates
  FOR EACH ROW EXECUTE FUNCTION origin_certificates_guard_cancelled();
