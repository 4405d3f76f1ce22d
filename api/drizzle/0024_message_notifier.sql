CREATE TABLE "notifier_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" integer DEFAULT 0 NOT NULL,
	"holes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- the notifier starts after the messages that exist now (they were notified through the old jobs)
INSERT INTO "notifier_cursors" ("name", "last_id") SELECT 'messages', coalesce(max("id"), 0) FROM "messages";
