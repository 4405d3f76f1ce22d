-- Issue 25 items 2-4 (payments). A discount (code, welcome discount, time bonus) and the try-out
-- package are reserved when a payment is CREATED, in the transaction of the payment insert: one
-- row per (member, hold) that an open or paid payment holds, so ten parallel starts give one
-- discounted payment. A failed, canceled or expired payment gives its holds back (payments/sync.ts,
-- in the transaction of the status change); a payment deleted because the PSP refused it takes its
-- holds with it (on delete cascade). `hold` is 'discount:<discount_codes.id>' or 'tryout'.
CREATE TABLE "payment_holds" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"hold" text NOT NULL,
	"payment_id" integer NOT NULL REFERENCES "payments"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_holds_pk" PRIMARY KEY ("user_id", "hold")
);
--> statement-breakpoint
CREATE INDEX "payment_holds_payment_idx" ON "payment_holds" ("payment_id");
--> statement-breakpoint
-- what open and paid payments hold today (a paid one first); older duplicates keep no second hold
INSERT INTO "payment_holds" ("user_id", "hold", "payment_id")
SELECT DISTINCT ON ("user_id", "hold") "user_id", "hold", "id"
  FROM (
    SELECT "user_id", 'discount:' || "discount_code_id" AS "hold", "id", "status" FROM "payments"
     WHERE "discount_code_id" IS NOT NULL AND "status" IN ('open', 'pending', 'authorized', 'paid')
    UNION ALL
    SELECT "user_id", 'tryout', "id", "status" FROM "payments"
     WHERE "package" = 'tryout' AND "status" IN ('open', 'pending', 'authorized', 'paid')
  ) AS "held"
 ORDER BY "user_id", "hold", ("status" = 'paid') DESC, "id";
--> statement-breakpoint
-- direct debit charges the amount the member confirmed by SMS: the request keeps its discount as
-- priced in step 1; the address it used to ask for was never used and is no longer collected
ALTER TABLE "direct_debit_requests" ADD COLUMN "discount_code" text;
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN "discount_percentage" integer;
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" DROP COLUMN "street";
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" DROP COLUMN "house_number";
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" DROP COLUMN "zip";
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" DROP COLUMN "city";
