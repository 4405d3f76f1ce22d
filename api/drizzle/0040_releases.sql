-- Issue 27: releases per team. One row per stored build of a remote (and of the shell, whose
-- shared versions the compatibility gate checks against); status ready | canary | live | retired.
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"build_id" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"notes" text,
	"shared" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_load_bytes" integer DEFAULT 0 NOT NULL,
	"live_at" timestamp with time zone,
	"rollback_reason" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "releases_remote_build_uq" ON "releases" USING btree ("remote","build_id");--> statement-breakpoint
-- Which release each browser gets: one row per remote; every change bumps `version` (optimistic:
-- an action names the version it saw, a stale one is refused) and NOTIFYs `releases`.
CREATE TABLE "release_state" (
	"remote" text PRIMARY KEY NOT NULL,
	"live_build_id" text,
	"canary_build_id" text,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"banner" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- What the browsers report (POST /api/client-events.php), counted per remote, build and minute.
CREATE TABLE "release_client_events" (
	"remote" text NOT NULL,
	"build_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"mounts" integer DEFAULT 0 NOT NULL,
	"load_errors" integer DEFAULT 0 NOT NULL,
	"render_errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_client_events_pk" PRIMARY KEY("remote","build_id","minute")
);--> statement-breakpoint
CREATE INDEX "release_client_events_minute_idx" ON "release_client_events" USING btree ("minute");
