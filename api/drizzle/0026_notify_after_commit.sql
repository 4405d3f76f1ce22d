-- Notifications of a member's send after its commit (PostgreSQL; bench chat, issue 11).
--
-- PostgreSQL holds one global lock from a notifying transaction's commit until its end, WAL flush
-- included, so transactions that NOTIFY commit one at a time, however many cores and connections
-- there are (pgbench on the project machine: 620-1,650 tps with a NOTIFY in the transaction,
-- 2,300-3,900 with it in a statement after the commit). Every paid message notified at commit.
--
-- app_notify(channel, payload) is what the triggers and chat_store call instead of pg_notify: it
-- notifies at once, as before, unless the transaction asked for its notifications to be handed
-- back (`app.notify_later` = 'on', transaction-local): then it appends 'channel<TAB>payload<LF>'
-- to the transaction-local `app.notify_queue`. chat_send(..., p_defer) asks for that and returns
-- the queue in its `notices` column; the server sends them after the commit, many sends' at once
-- in one statement (db/after-commit.ts). Nothing is announced that was rolled back; a server that
-- dies between the commit and that statement loses the announcement, not the message (the
-- recipient's list and history show it, a reconnecting socket catches it up, the sender's retry
-- with the same client_id announces it again, cached answers expire within ANSWER_CACHE_MS).
-- PGlite (one session, no such lock) keeps notifying in the transaction (p_defer false).
CREATE OR REPLACE FUNCTION app_notify(p_channel text, p_payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.notify_later', true) = 'on' THEN
    PERFORM set_config('app.notify_queue', coalesce(current_setting('app.notify_queue', true), '') || p_channel || E'\t' || p_payload || E'\n', true);
  ELSE
    PERFORM pg_notify(p_channel, p_payload);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION realtime_notify_credits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_notify('realtime', 'c:' || NEW.id || ':' || NEW.credits);
  RETURN NULL;
END $$;
--> statement-breakpoint
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
  IF ids <> '' THEN PERFORM app_notify('member_cache', substr(ids, 2)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The users row's two cache triggers (session cache, migration 0010/0025; answer cache, 0022) in
-- one, under one comparison: a change of the balance alone (every paid message) tells neither;
-- the realtime 'c' notification (users_realtime_credits) makes every instance forget the member's
-- answers instead (chat/realtime.ts onMembersChanged, app.ts).
DROP TRIGGER IF EXISTS users_session_cache ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_session_cache_delete ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_member_cache ON users;
--> statement-breakpoint
DROP FUNCTION IF EXISTS session_cache_notify_user();
--> statement-breakpoint
DROP FUNCTION IF EXISTS member_cache_notify_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_caches_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_notify('session_cache', 'u:' || OLD.id);
  IF TG_OP = 'DELETE' OR OLD.status IS DISTINCT FROM NEW.status OR OLD.email_confirmed IS DISTINCT FROM NEW.email_confirmed
     OR OLD.invisible IS DISTINCT FROM NEW.invisible OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
     OR OLD.is_staff IS DISTINCT FROM NEW.is_staff OR OLD.fictional IS DISTINCT FROM NEW.fictional THEN
    PERFORM app_notify('member_cache', '*');
  ELSE
    PERFORM app_notify('member_cache', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_caches AFTER UPDATE ON users
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'credits') IS DISTINCT FROM (to_jsonb(NEW) - 'credits')) EXECUTE FUNCTION users_caches_notify();
--> statement-breakpoint
CREATE TRIGGER users_caches_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_caches_notify();
--> statement-breakpoint
-- A new message no longer notifies member_cache: chat_store's realtime 'm:<id>:<sender>:<recipient>'
-- (every message is written by chat_store) makes every instance forget both members' answers
-- (chat/realtime.ts onMembersChanged). A deletion or a moved message still does.
DROP TRIGGER IF EXISTS messages_member_cache ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_member_cache AFTER DELETE OR UPDATE OF deleted_at, recipient_id, sender_id ON messages
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('sender_id', 'recipient_id');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_store(
  p_conversation int, p_sender int, p_recipient int, p_type text, p_body text, p_gift text,
  p_image_file text, p_image_thumb text, p_image_width int, p_image_height int, p_client_id uuid,
  p_credits int, p_operator_id int, p_asks_if_real boolean, p_disclosure boolean,
  p_deliver boolean, p_reason text, p_start boolean, p_operator_inbox boolean,
  OUT status text, OUT balance int, OUT message jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  conv int := p_conversation;
  msg messages;
BEGIN
  IF p_reason IS NOT NULL THEN
    IF p_credits > 0 THEN
      -- the conditional debit (platform/credits.ts changeCredits' rule): never below zero
      UPDATE users SET credits = credits - p_credits WHERE id = p_sender AND credits - p_credits >= 0 RETURNING credits INTO balance;
      IF NOT FOUND THEN
        status := 'insufficient';
        RETURN;
      END IF;
    ELSE
      SELECT credits INTO balance FROM users WHERE id = p_sender;
    END IF;
  END IF;
  IF p_start THEN
    INSERT INTO conversations (user_a, user_b, started_by)
      VALUES (least(p_sender, p_recipient), greatest(p_sender, p_recipient), p_sender) RETURNING id INTO conv;
  END IF;
  INSERT INTO messages (conversation_id, sender_id, recipient_id, type, body, gift, image_file, image_thumb, image_width, image_height,
                        client_id, credits, operator_id, asks_if_real, disclosure)
    VALUES (conv, p_sender, p_recipient, p_type, p_body, p_gift, p_image_file, p_image_thumb, p_image_width, p_image_height,
            p_client_id, p_credits, p_operator_id, coalesce(p_asks_if_real, false), coalesce(p_disclosure, false))
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING * INTO msg;
  IF msg.id IS NULL THEN
    status := 'duplicate';
    RETURN;
  END IF;
  IF p_reason IS NOT NULL AND p_credits > 0 THEN
    -- the ledger row of the debit, in the same transaction
    INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref) VALUES (p_sender, -p_credits, balance, p_reason, 'message:' || msg.id);
  END IF;
  IF p_start THEN
    INSERT INTO conversation_members (conversation_id, user_id, other_id, last_message_id)
      VALUES (conv, p_sender, p_recipient, msg.id), (conv, p_recipient, p_sender, CASE WHEN p_deliver THEN msg.id ELSE 0 END);
  ELSE
    UPDATE conversation_members SET last_message_id = msg.id WHERE conversation_id = conv AND (p_deliver OR user_id = p_sender);
  END IF;
  PERFORM app_notify('realtime', 'm:' || msg.id || ':' || p_sender || ':' || p_recipient);
  IF p_operator_inbox THEN
    PERFORM app_notify('realtime', 'oi:' || conv);
  END IF;
  status := 'ok';
  message := to_jsonb(msg);
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS chat_send(int, int, int, text, text, text, text, text, int, int, uuid, int, text, boolean, int);
--> statement-breakpoint
-- chat_send as in migration 0025, with p_defer: true hands the send's notifications back in
-- `notices` (app_notify above) instead of sending them at the commit.
CREATE FUNCTION chat_send(
  p_sender int, p_profile int, p_conversation int, p_type text, p_body text, p_gift text,
  p_image_file text, p_image_thumb text, p_image_width int, p_image_height int, p_client_id uuid,
  p_credits int, p_reason text, p_asks_if_real boolean, p_free_limit int, p_defer boolean,
  OUT status text, OUT fictional boolean, OUT balance int, OUT message jsonb, OUT notices text
) LANGUAGE plpgsql AS $$
DECLARE
  paid boolean;
  confirmed boolean;
  other int;
  reachable boolean;
  blocked boolean;
  conv int;
  started int;
  stored record;
BEGIN
  IF p_defer THEN
    PERFORM set_config('app.notify_later', 'on', true);
  END IF;
  SELECT u.paid_user, u.email_confirmed INTO paid, confirmed FROM users u WHERE u.id = p_sender FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    status := 'no_sender';
    RETURN;
  END IF;
  IF p_conversation IS NOT NULL THEN
    SELECT cm.other_id INTO other FROM conversation_members cm WHERE cm.conversation_id = p_conversation AND cm.user_id = p_sender;
    IF other IS NULL THEN
      status := 'conversation_not_found';
      RETURN;
    END IF;
  ELSE
    other := p_profile;
  END IF;
  IF other = p_sender THEN
    status := 'self';
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(least(other, p_sender)::int4, greatest(other, p_sender)::int4);
  SELECT
    exists (SELECT 1 FROM profiles p JOIN users u ON u.id = p.user_id
             WHERE p.user_id = other AND p.status = 'active' AND u.status IN ('active', 'not_confirmed')
               AND u.deleted_at IS NULL AND NOT u.invisible AND NOT u.is_staff),
    coalesce((SELECT u.fictional FROM users u WHERE u.id = other), false),
    exists (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_sender AND b.blocked_id = other) OR (b.blocker_id = other AND b.blocked_id = p_sender)),
    (SELECT c.id FROM conversations c WHERE c.user_a = least(other, p_sender) AND c.user_b = greatest(other, p_sender)),
    CASE WHEN paid THEN NULL ELSE (SELECT count(*)::int FROM conversations c WHERE c.started_by = p_sender) END
    INTO reachable, fictional, blocked, conv, started;
  IF NOT reachable THEN
    status := 'member_not_found';
  ELSIF blocked THEN
    status := 'member_blocked';
  ELSIF p_conversation IS NOT NULL AND conv IS DISTINCT FROM p_conversation THEN
    status := 'conversation_not_found';
  ELSIF conv IS NULL AND started IS NOT NULL AND started >= p_free_limit THEN
    status := 'conversation_limit';
  END IF;
  IF status IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT * INTO stored FROM chat_store(coalesce(conv, 0), p_sender, other, p_type, p_body, p_gift, p_image_file, p_image_thumb, p_image_width, p_image_height,
                       p_client_id, p_credits, NULL, fictional AND p_asks_if_real, false,
                       confirmed, p_reason, conv IS NULL, fictional AND confirmed) s;
  IF stored.status = 'duplicate' THEN
    RAISE EXCEPTION 'chat_send_duplicate';
  END IF;
  status := stored.status;
  balance := stored.balance;
  message := stored.message;
  IF p_defer THEN
    notices := current_setting('app.notify_queue', true);
  END IF;
END $$;
