CREATE TABLE "chatpal_notices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "asks_if_real" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "disclosure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chatpal_notices" ADD CONSTRAINT "chatpal_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_asks_if_real_idx" ON "messages" USING btree ("conversation_id","id") WHERE "messages"."asks_if_real";--> statement-breakpoint
CREATE INDEX "messages_disclosure_idx" ON "messages" USING btree ("conversation_id","id") WHERE "messages"."disclosure";--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");