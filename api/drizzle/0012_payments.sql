CREATE TABLE "blocked_payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_debit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sms_code_id" integer NOT NULL,
	"package" text NOT NULL,
	"amount" integer NOT NULL,
	"original_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"discount_code_id" integer,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_code_uses" (
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_uses_code_id_user_id_pk" PRIMARY KEY("code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'code' NOT NULL,
	"percentage" integer NOT NULL,
	"minimum_order_value" integer DEFAULT 0 NOT NULL,
	"country" text,
	"active" boolean DEFAULT true NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."percentage" between 1 and 100),
	CONSTRAINT "discount_codes_minimum" CHECK ("discount_codes"."minimum_order_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"psp_id" text,
	"kind" text NOT NULL,
	"package" text NOT NULL,
	"method" text NOT NULL,
	"issuer" text,
	"sequence_type" text NOT NULL,
	"amount" integer NOT NULL,
	"original_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"credits" integer NOT NULL,
	"discount_code_id" integer,
	"discount_code" text,
	"discount_percentage" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_url" text,
	"mandate_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	CONSTRAINT "payments_psp_id_unique" UNIQUE("psp_id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0 and "payments"."original_amount" >= "payments"."amount"),
	CONSTRAINT "payments_credits_positive" CHECK ("payments"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "psp_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psp_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "psp_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"label" text NOT NULL,
	"last4" text NOT NULL,
	"expires" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mollie_sim_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mollie_sim_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"customer_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mollie_sim_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_sms_code_id_sms_codes_id_fk" FOREIGN KEY ("sms_code_id") REFERENCES "public"."sms_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psp_customers" ADD CONSTRAINT "psp_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psp_mandates" ADD CONSTRAINT "psp_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_payment_accounts_uq" ON "blocked_payment_accounts" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "direct_debit_requests_user_idx" ON "direct_debit_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_uq" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "psp_mandates_user_idx" ON "psp_mandates" USING btree ("user_id","method","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_codes_user_idx" ON "sms_codes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mollie_sim_objects_customer_idx" ON "mollie_sim_objects" USING btree ("customer_id","resource");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_purchase_ref_uq" ON "credit_ledger" USING btree ("ref") WHERE "credit_ledger"."reason" = 'purchase';
--> statement-breakpoint
-- the built-in discounts (their rules are in modules/payments/discounts.ts) and two demo codes
INSERT INTO "discount_codes" ("code", "kind", "percentage", "minimum_order_value", "country") VALUES
  ('WELCOME25', 'welcome', 25, 0, NULL),
  ('TIMEBONUS25', 'time_bonus', 25, 0, NULL),
  ('FLIRT10', 'code', 10, 0, NULL),
  ('NL20', 'code', 20, 2000, 'NL')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- a few blocked IBANs and phone numbers (the back office manages the list)
INSERT INTO "blocked_payment_accounts" ("kind", "value", "note") VALUES
  ('iban', 'NL02ABNA0123456789', 'seed: chargebacks'),
  ('iban', 'DE02100100100006820101', 'seed: fraud'),
  ('phone', '+31600000000', 'seed: chargebacks'),
  ('phone', '+4915100000000', 'seed: fraud')
ON CONFLICT DO NOTHING;
