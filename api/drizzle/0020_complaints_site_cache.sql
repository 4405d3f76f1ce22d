CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"handled_by" integer,
	"handled_by_email" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("status","created_at","id");--> statement-breakpoint
-- Site cache invalidation (modules/sites/service.ts): every server instance keeps the sites in
-- memory for a few seconds and LISTENs on channel `site_cache`; any change to the sites table
-- (the back office's settings editor, a seed) tells every instance to drop its copy at commit.
CREATE OR REPLACE FUNCTION site_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_cache', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sites_site_cache AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION site_cache_notify();
