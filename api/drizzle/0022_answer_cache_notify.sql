-- Answer cache invalidation (platform/answer-cache.ts): every server instance keeps a member's
-- own answers (user.php, likes.php) in memory and LISTENs on channel `member_cache`. Every change
-- to a row an answer is read from sends the ids of the members it concerns ('12' or '12,34');
-- a change to who may see whom (a member's status, e-mail confirmation, invisibility, searchable,
-- a deleted account) sends '*': forget everything; a new profile or a changed gender, country,
-- region or date of birth adds '0': the search's shared lists of matches (members/search-cache.ts). pg_notify sends one notification per distinct
-- payload per transaction.
CREATE OR REPLACE FUNCTION member_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
  col text;
  ids text := '';
BEGIN
  -- TG_ARGV: the columns of the row that hold member ids
  r := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
  FOREACH col IN ARRAY TG_ARGV LOOP
    IF r->>col IS NOT NULL THEN ids := ids || ',' || (r->>col); END IF;
  END LOOP;
  IF ids <> '' THEN PERFORM pg_notify('member_cache', substr(ids, 2)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_cache_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status IS DISTINCT FROM NEW.status OR OLD.email_confirmed IS DISTINCT FROM NEW.email_confirmed
     OR OLD.invisible IS DISTINCT FROM NEW.invisible OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
     OR OLD.is_staff IS DISTINCT FROM NEW.is_staff OR OLD.fictional IS DISTINCT FROM NEW.fictional THEN
    PERFORM pg_notify('member_cache', '*');
  ELSE
    PERFORM pg_notify('member_cache', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_member_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_cache_notify_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.searchable IS DISTINCT FROM NEW.searchable)) THEN
    PERFORM pg_notify('member_cache', '*');
  ELSIF TG_OP = 'INSERT' OR OLD.gender IS DISTINCT FROM NEW.gender OR OLD.country IS DISTINCT FROM NEW.country
     OR OLD.region IS DISTINCT FROM NEW.region OR OLD.date_of_birth IS DISTINCT FROM NEW.date_of_birth THEN
    -- '0': the search's shared lists of matches (members/search-cache.ts)
    PERFORM pg_notify('member_cache', '0,' || NEW.user_id);
  ELSE
    PERFORM pg_notify('member_cache', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_member_cache AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify_profile();
--> statement-breakpoint
CREATE TRIGGER photos_member_cache AFTER INSERT OR UPDATE OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER profile_interests_member_cache AFTER INSERT OR UPDATE OR DELETE ON profile_interests
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER member_preferences_member_cache AFTER INSERT OR UPDATE OR DELETE ON member_preferences
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER likes_member_cache AFTER INSERT OR UPDATE OR DELETE ON likes
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('liker_id', 'liked_id');
--> statement-breakpoint
CREATE TRIGGER blocks_member_cache AFTER INSERT OR UPDATE OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('blocker_id', 'blocked_id');
--> statement-breakpoint
CREATE TRIGGER messages_member_cache AFTER INSERT OR DELETE OR UPDATE OF deleted_at, recipient_id, sender_id ON messages
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('sender_id', 'recipient_id');
--> statement-breakpoint
CREATE TRIGGER conversation_members_member_cache AFTER INSERT OR DELETE OR UPDATE OF last_read_id, cleared_id ON conversation_members
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('user_id');
