-- Verified photos (issue 26 part 2; api modules/members/verification.ts).
-- profiles.verified_at: when a moderator approved the member's selfie; null = not verified. A new
-- main photo ends it (trigger below: any change of main_photo_id, whoever makes it). Its change
-- sends '0' on member_cache so the search's shared lists (the "only verified" filter) are forgotten.
ALTER TABLE "profiles" ADD COLUMN "verified_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "profiles_verified_idx" ON "profiles" ("date_of_birth" DESC, "user_id" DESC) WHERE "status" = 'active' AND "verified_at" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_main_photo_unverify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.main_photo_id IS DISTINCT FROM NEW.main_photo_id THEN NEW.verified_at := NULL; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_main_photo_unverify BEFORE UPDATE OF main_photo_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_main_photo_unverify();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_verified_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.verified_at IS DISTINCT FROM NEW.verified_at THEN PERFORM pg_notify('member_cache', '0,' || NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_verified_notify AFTER UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_verified_notify();
--> statement-breakpoint
-- The pose the site chose for a member, kept until a selfie uses it.
CREATE TABLE "verification_poses" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"pose" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A verification request: the selfie (a file in the PRIVATE store <DATA_DIR>/verification/, never
-- under /uploads/), its pose, the decision. One pending request per member (partial unique index).
-- selfie_file is null while the upload is being decoded (the row claims the slot first) and after
-- the file was deleted (30 days after the decision, or when the account is deleted).
CREATE TABLE "member_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"pose" text NOT NULL,
	"selfie_file" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"staff_id" integer,
	"staff_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"selfie_deleted_at" timestamp with time zone,
	CONSTRAINT "member_verifications_status" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_verifications_one_pending" ON "member_verifications" ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "member_verifications_user_idx" ON "member_verifications" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "member_verifications_queue_idx" ON "member_verifications" ("created_at", "id") WHERE "status" = 'pending' AND "selfie_file" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "member_verifications_selfies_idx" ON "member_verifications" ("decided_at") WHERE "selfie_file" IS NOT NULL;
