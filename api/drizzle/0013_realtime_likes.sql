-- like:new and match:new (api/src/modules/chat/realtime.ts): every new like, whichever call made
-- it (like.php, the swipe game, auto-like), tells the server instances 'l:<liker>:<liked>' on
-- channel `realtime` at commit; the instance holding the liked member's sockets checks that the
-- like is visible (not held, no block) and sends the frames.
CREATE OR REPLACE FUNCTION realtime_notify_like() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime', 'l:' || NEW.liker_id || ':' || NEW.liked_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER likes_realtime AFTER INSERT ON likes
  FOR EACH ROW EXECUTE FUNCTION realtime_notify_like();
