CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_id" uuid NOT NULL,
	"campaign_id" uuid,
	"location" text NOT NULL,
	"availability" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit" text NOT NULL,
	"price_per_kg" numeric(8, 2) NOT NULL,
	"min_order" numeric(12, 2) NOT NULL,
	"reserved" numeric(12, 2) DEFAULT '0' NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('active', 'withdrawn')),
	CONSTRAINT "listings_unit_check" CHECK ("listings"."unit" in ('tonnes', 'kg')),
	CONSTRAINT "listings_availability_check" CHECK ("listings"."availability" in ('immediate', '1-2-weeks', '3-4-weeks')),
	CONSTRAINT "listings_quantity_positive" CHECK ("listings"."quantity" > 0),
	CONSTRAINT "listings_price_positive" CHECK ("listings"."price_per_kg" > 0),
	CONSTRAINT "listings_min_order_range" CHECK ("listings"."min_order" > 0 and "listings"."min_order" <= "listings"."quantity"),
	CONSTRAINT "listings_reserved_range" CHECK ("listings"."reserved" >= 0 and "listings"."reserved" <= "listings"."quantity")
);
--> statement-breakpoint
CREATE TABLE "market_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid,
	"order_id" uuid,
	"trader_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_messages_thread" CHECK (num_nonnulls("market_messages"."rfq_id", "market_messages"."order_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"trader_id" uuid NOT NULL,
	"price_per_kg" numeric(8, 2) NOT NULL,
	"availability" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('open', 'accepted', 'declined')),
	CONSTRAINT "offers_price_positive" CHECK ("offers"."price_per_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"trader_id" uuid NOT NULL,
	"listing_id" uuid,
	"offer_id" uuid,
	"location" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit" text NOT NULL,
	"price_per_kg" numeric(8, 2) NOT NULL,
	"total_amount" numeric(15, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment" text DEFAULT 'awaiting' NOT NULL,
	"provider" text NOT NULL,
	"payment_intent_id" text,
	"reserved_until" timestamp with time zone NOT NULL,
	"delivery_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"rating" integer,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_payment_check" CHECK ("orders"."payment" in ('awaiting', 'held', 'released', 'refunding', 'refunded', 'expired')),
	CONSTRAINT "orders_unit_check" CHECK ("orders"."unit" in ('tonnes', 'kg')),
	CONSTRAINT "orders_quantity_positive" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_total_positive" CHECK ("orders"."total_amount" > 0),
	CONSTRAINT "orders_rating_range" CHECK ("orders"."rating" is null or ("orders"."rating" between 1 and 5)),
	CONSTRAINT "orders_source" CHECK (num_nonnulls("orders"."listing_id", "orders"."offer_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"trader_id" uuid,
	"quantity" numeric(12, 2) NOT NULL,
	"unit" text NOT NULL,
	"delivery_from" timestamp with time zone NOT NULL,
	"delivery_to" timestamp with time zone NOT NULL,
	"destination_port" text NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfqs_status_check" CHECK ("rfqs"."status" in ('open', 'accepted', 'closed')),
	CONSTRAINT "rfqs_quantity_positive" CHECK ("rfqs"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_format";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_messages" ADD CONSTRAINT "market_messages_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_messages" ADD CONSTRAINT "market_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_messages" ADD CONSTRAINT "market_messages_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_messages" ADD CONSTRAINT "market_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_active_created_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_price_idx" ON "listings" USING btree ("price_per_kg","id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_trader_idx" ON "listings" USING btree ("trader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_messages_rfq_idx" ON "market_messages" USING btree ("rfq_id","trader_id","created_at");--> statement-breakpoint
CREATE INDEX "market_messages_order_idx" ON "market_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_rfq_trader_key" ON "offers" USING btree ("rfq_id","trader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_key" ON "orders" USING btree ("provider","payment_intent_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_trader_idx" ON "orders" USING btree ("trader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_listing_idx" ON "orders" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "orders_open_payment_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."payment" in ('awaiting', 'refunding');--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."status" = 'delivered' and "orders"."received_at" is null;--> statement-breakpoint
CREATE INDEX "rfqs_buyer_idx" ON "rfqs" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_trader_idx" ON "rfqs" USING btree ("trader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_order_once_key" ON "ledger_transactions" USING btree ("kind","order_id") WHERE "ledger_transactions"."kind" in ('order_payment', 'order_release', 'order_refund');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_format" CHECK ("ledger_entries"."account" ~ '^(clearing:(sandbox|stripe)|platform:fees|(escrow|trader|investor|order-escrow):[0-9a-f-]{36})$');