-- profiles.searchable mirrors the users columns that decide whether a member may appear in a
-- search (status active or not_confirmed, not deleted, not invisible), so the member search can
-- filter and count on the profiles table and its partial indexes alone (members engineer).
CREATE OR REPLACE FUNCTION members_user_searchable(u_status text, u_deleted_at timestamptz, u_invisible boolean)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT u_status IN ('active', 'not_confirmed') AND u_deleted_at IS NULL AND NOT u_invisible
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_profile_searchable_init() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT members_user_searchable(u.status, u.deleted_at, u.invisible) INTO NEW.searchable FROM users u WHERE u.id = NEW.user_id;
  NEW.searchable := coalesce(NEW.searchable, false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_searchable_init BEFORE INSERT OR UPDATE OF user_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION members_profile_searchable_init();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_user_searchable_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET searchable = members_user_searchable(NEW.status, NEW.deleted_at, NEW.invisible)
  WHERE user_id = NEW.id AND searchable IS DISTINCT FROM members_user_searchable(NEW.status, NEW.deleted_at, NEW.invisible);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_searchable_sync AFTER UPDATE OF status, deleted_at, invisible ON users
  FOR EACH ROW EXECUTE FUNCTION members_user_searchable_sync();
--> statement-breakpoint
UPDATE profiles p SET searchable = members_user_searchable(u.status, u.deleted_at, u.invisible)
FROM users u WHERE u.id = p.user_id;
