-- Issue 26 part 1: reports of members by members (modules/reports). One row per report, with the
-- evidence frozen when it was filed (the last 20 messages between the two and the reported ones,
-- the profile texts, copies of the photo files: they survive a later deletion by the member).
-- reporter_id is null for a report the site files itself (source 'held_message': a moderator
-- rejected a held message). One OPEN report per reporter and reported member (reports_open_uq).
-- status: open | handled; action (once handled): dismiss | warn | remove_photo | remove_text | ban.
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"reported_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"reason" text NOT NULL,
	"note" text,
	"source" text DEFAULT 'member' NOT NULL,
	"message_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"evidence" jsonb NOT NULL,
	"fictional" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"action" text,
	"resolution_note" text,
	"handled_by" integer,
	"handled_by_email" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason" CHECK ("reason" in ('fake_profile', 'scam', 'harassment', 'underage', 'offensive', 'other')),
	CONSTRAINT "reports_source" CHECK ("source" in ('member', 'held_message')),
	CONSTRAINT "reports_status" CHECK ("status" in ('open', 'handled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_uq" ON "reports" ("reporter_id", "reported_id") WHERE "status" = 'open' AND "reporter_id" IS NOT NULL;
--> statement-breakpoint
-- the queue: open first, underage and scam first, then oldest
CREATE INDEX "reports_queue_idx" ON "reports" ("status", (("reason" in ('underage', 'scam'))) DESC, "created_at", "id");
--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" ("reported_id", "created_at");
--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" ("reporter_id");
--> statement-breakpoint
-- A member reported by report_hold_threshold distinct members within report_hold_window_hours
-- (site settings, 3 and 24): under review from `since` until a moderator handles a report of
-- them (the row is deleted then). While it exists: out of member search, new conversations held.
CREATE TABLE "report_holds" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"reporters" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What a member is told once, at their next visit: kind 'report_handled' (to the reporter: their
-- report was handled, never how) or 'warning' (to the reported member, a moderator's warning;
-- never who reported). seen_at set when shown.
CREATE TABLE "member_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"report_id" integer REFERENCES "reports"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "member_notices_kind" CHECK ("kind" in ('report_handled', 'warning'))
);
--> statement-breakpoint
CREATE INDEX "member_notices_unseen_idx" ON "member_notices" ("user_id") WHERE "seen_at" IS NULL;
