-- Staff (moderator) accounts are not dating members: they never appear in member search either.
DROP TRIGGER IF EXISTS users_searchable_sync ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_searchable_init ON profiles;
--> statement-breakpoint
DROP FUNCTION IF EXISTS members_user_searchable_sync();
--> statement-breakpoint
DROP FUNCTION IF EXISTS members_profile_searchable_init();
--> statement-breakpoint
DROP FUNCTION IF EXISTS members_user_searchable(text, timestamptz, boolean);
--> statement-breakpoint
CREATE FUNCTION members_user_searchable(u_status text, u_deleted_at timestamptz, u_invisible boolean, u_is_staff boolean)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT u_status IN ('active', 'not_confirmed') AND u_deleted_at IS NULL AND NOT u_invisible AND NOT u_is_staff
$$;
--> statement-breakpoint
CREATE FUNCTION members_profile_searchable_init() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT members_user_searchable(u.status, u.deleted_at, u.invisible, u.is_staff) INTO NEW.searchable FROM users u WHERE u.id = NEW.user_id;
  NEW.searchable := coalesce(NEW.searchable, false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_searchable_init BEFORE INSERT OR UPDATE OF user_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION members_profile_searchable_init();
--> statement-breakpoint
CREATE FUNCTION members_user_searchable_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET searchable = members_user_searchable(NEW.status, NEW.deleted_at, NEW.invisible, NEW.is_staff)
  WHERE user_id = NEW.id AND searchable IS DISTINCT FROM members_user_searchable(NEW.status, NEW.deleted_at, NEW.invisible, NEW.is_staff);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_searchable_sync AFTER UPDATE OF status, deleted_at, invisible, is_staff ON users
  FOR EACH ROW EXECUTE FUNCTION members_user_searchable_sync();
--> statement-breakpoint
UPDATE profiles p SET searchable = members_user_searchable(u.status, u.deleted_at, u.invisible, u.is_staff)
FROM users u WHERE u.id = p.user_id;
