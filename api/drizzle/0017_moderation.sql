CREATE TABLE "member_bans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"previous_status" text NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_bans" ADD CONSTRAINT "member_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_bans_created_idx" ON "member_bans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "photos_pending_idx" ON "photos" USING btree ("created_at","id") WHERE "photos"."status" = 'pending';