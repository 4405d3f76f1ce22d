DROP INDEX "profiles_members_gcd_idx";--> statement-breakpoint
DROP INDEX "profiles_members_gcrd_idx";--> statement-breakpoint
DROP INDEX "profiles_members_gd_idx";--> statement-breakpoint
DROP INDEX "profiles_members_d_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "searchable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_members_gcd_idx" ON "profiles" USING btree ("gender","country","date_of_birth","user_id") WHERE "profiles"."status" = 'active' and "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_members_gcrd_idx" ON "profiles" USING btree ("gender","country","region","date_of_birth","user_id") WHERE "profiles"."status" = 'active' and "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_members_gd_idx" ON "profiles" USING btree ("gender","date_of_birth","user_id") WHERE "profiles"."status" = 'active' and "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_members_d_idx" ON "profiles" USING btree ("date_of_birth","user_id") WHERE "profiles"."status" = 'active' and "profiles"."searchable";