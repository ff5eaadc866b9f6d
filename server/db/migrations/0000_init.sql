CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_amount" numeric(15, 2) NOT NULL,
	"raised_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"buy_price" numeric(8, 2) NOT NULL,
	"sell_price" numeric(8, 2) NOT NULL,
	"trade_route" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"expected_profit" numeric(15, 2),
	"actual_profit" numeric(15, 2),
	"minimum_investment" numeric(15, 2) DEFAULT '100' NOT NULL,
	"risk_level" text DEFAULT 'medium' NOT NULL,
	"region" text DEFAULT 'europe' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('active', 'funded', 'trading', 'completed', 'cancelled')),
	CONSTRAINT "campaigns_risk_level_check" CHECK ("campaigns"."risk_level" in ('low', 'medium', 'high')),
	CONSTRAINT "campaigns_region_check" CHECK ("campaigns"."region" in ('asia', 'europe', 'americas')),
	CONSTRAINT "campaigns_target_positive" CHECK ("campaigns"."target_amount" > 0),
	CONSTRAINT "campaigns_raised_nonnegative" CHECK ("campaigns"."raised_amount" >= 0),
	CONSTRAINT "campaigns_quantity_positive" CHECK ("campaigns"."quantity" > 0),
	CONSTRAINT "campaigns_prices_positive" CHECK ("campaigns"."buy_price" > 0 and "campaigns"."sell_price" > 0),
	CONSTRAINT "campaigns_minimum_floor" CHECK ("campaigns"."minimum_investment" >= 100)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"role" text DEFAULT 'investor' NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"country" text,
	"company_name" text,
	"registration_number" text,
	"buyer_industry" text,
	"is_accredited" boolean DEFAULT false NOT NULL,
	"kyc_status" text DEFAULT 'pending' NOT NULL,
	"kyc_documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"account_status" text DEFAULT 'active' NOT NULL,
	"last_login_at" timestamp with time zone,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"risk_disclosure_accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('investor', 'trader', 'buyer', 'admin')),
	CONSTRAINT "users_kyc_status_check" CHECK ("users"."kyc_status" in ('pending', 'under_review', 'approved', 'rejected')),
	CONSTRAINT "users_account_status_check" CHECK ("users"."account_status" in ('active', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_trader_idx" ON "campaigns" USING btree ("trader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));