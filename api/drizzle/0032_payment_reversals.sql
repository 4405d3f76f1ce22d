-- Issue 25, items 5-6 (the PSP side): money taken back at the PSP, and fewer PSP polls.
-- payments.psp_checked_at: when GET /api/payment.php last asked the PSP (one conditional update
-- picks the one instance that may ask; payments/psp-poll.ts).
ALTER TABLE "payments" ADD COLUMN "psp_checked_at" timestamp with time zone;--> statement-breakpoint
-- A chargeback or a refund made at the PSP (not by our staff), taken back from the member once
-- (payments/reversals.ts): the credits it is worth, what came off the balance, the rest owed;
-- undone_at: the chargeback was reversed (the bank gave the money back), the credits came back.
CREATE TABLE "payment_reversals" (
	"psp_ref" text PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"credits" integer NOT NULL,
	"credits_taken" integer NOT NULL,
	"credits_owed" integer NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_credits" CHECK ("payment_reversals"."credits" >= 0 and "payment_reversals"."credits_taken" >= 0 and "payment_reversals"."credits_owed" >= 0 and "payment_reversals"."credits_taken" + "payment_reversals"."credits_owed" = "payment_reversals"."credits")
);--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_idx" ON "payment_reversals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_user_idx" ON "payment_reversals" USING btree ("user_id");--> statement-breakpoint
-- one ledger row per chargeback (chargeback:chb_...) and per PSP refund (psp-refund:re_...)
CREATE UNIQUE INDEX "credit_ledger_reversal_ref_uq" ON "credit_ledger" USING btree ("ref") WHERE "credit_ledger"."reason" = 'chargeback' or "credit_ledger"."ref" like 'psp-refund:%';--> statement-breakpoint
-- open payments without a PSP id (a crash between our insert and the PSP's answer): found by the sweep
CREATE INDEX "payments_open_no_psp_idx" ON "payments" USING btree ("created_at") WHERE "payments"."psp_id" is null and "payments"."status" = 'open';
--> statement-breakpoint
-- payments at the PSP not final yet: the sweep asks the PSP about those it has not heard of (a lost webhook)
CREATE INDEX "payments_unfinished_idx" ON "payments" USING btree ("created_at") WHERE "payments"."psp_id" is not null and "payments"."status" in ('open', 'pending', 'authorized');
