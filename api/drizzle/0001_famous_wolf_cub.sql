CREATE TABLE "member_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email" jsonb NOT NULL,
	"push" jsonb NOT NULL,
	"location" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_swipes" (
	"user_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"liked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_swipes_user_id_target_id_pk" PRIMARY KEY("user_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_swipes" ADD CONSTRAINT "member_swipes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_swipes" ADD CONSTRAINT "member_swipes_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_swipes_user_day_idx" ON "member_swipes" USING btree ("user_id","liked","created_at");--> statement-breakpoint
CREATE INDEX "profiles_members_gcd_idx" ON "profiles" USING btree ("gender","country","date_of_birth") WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_members_gcrd_idx" ON "profiles" USING btree ("gender","country","region","date_of_birth") WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_members_gd_idx" ON "profiles" USING btree ("gender","date_of_birth") WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_members_d_idx" ON "profiles" USING btree ("date_of_birth") WHERE "profiles"."status" = 'active';