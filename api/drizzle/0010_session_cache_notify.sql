-- Session cache invalidation (platform/session-cache.ts): every server instance keeps logged-in
-- sessions in memory for a few seconds and LISTENs on channel `session_cache`. A change to a
-- users row (status, ban, e-mail confirmation, credits, ...) or a deleted session (logout,
-- password change, deletion) tells every instance to forget it: 'u:<user id>' or 's:<token hash>'.
CREATE OR REPLACE FUNCTION session_cache_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', 's:' || OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_cache AFTER DELETE OR UPDATE OF user_id, token_hash, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify_session();
