DROP INDEX "profiles_search_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
CREATE INDEX "profiles_members_cd_idx" ON "profiles" USING btree ("country","date_of_birth","user_id") WHERE "profiles"."status" = 'active' and "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_members_crd_idx" ON "profiles" USING btree ("country","region","date_of_birth","user_id") WHERE "profiles"."status" = 'active' and "profiles"."searchable";