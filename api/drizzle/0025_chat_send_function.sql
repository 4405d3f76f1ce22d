-- A member's send in ONE statement (chat/send.ts sendMessage): `select * from chat_send(...)` runs
-- in its own implicit transaction, one round trip instead of BEGIN + three statements + COMMIT
-- (the send is the product's hottest write; bench chat). Every statement of a (volatile) PL/pgSQL
-- function takes a fresh snapshot, so the rules below are read AFTER the locks are held, as the
-- separate statements did before: a block that committed while the send waited for the pair's
-- lock is seen.
--
-- chat_store: store a message (the members' sends through chat_send, the operator console's
-- replies through send.ts storeMessage): the debit with its ledger row (when p_reason is given:
-- 'insufficient' and nothing written when the balance is short), the new conversation with both
-- sides' rows (p_start), the message (client_id unique per sender: 'duplicate' when it was used
-- before; the caller rolls back what was written), the list markers (the recipient's only when
-- p_deliver: a sender whose e-mail is not confirmed is held), NOTIFY realtime 'm:<id>:<sender>:
-- <recipient>' (and 'oi:<conversation>' for the operators' inboxes), sent at commit.
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
      -- the conditional debit (platform/credits.ts debitSql): never below zero
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
    -- the ledger row of the debit (platform/credits.ts ledgerSql), in the same transaction
    INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref) VALUES (p_sender, -p_credits, balance, p_reason, 'message:' || msg.id);
  END IF;
  IF p_start THEN
    INSERT INTO conversation_members (conversation_id, user_id, other_id, last_message_id)
      VALUES (conv, p_sender, p_recipient, msg.id), (conv, p_recipient, p_sender, CASE WHEN p_deliver THEN msg.id ELSE 0 END);
  ELSE
    UPDATE conversation_members SET last_message_id = msg.id WHERE conversation_id = conv AND (p_deliver OR user_id = p_sender);
  END IF;
  PERFORM pg_notify('realtime', 'm:' || msg.id || ':' || p_sender || ':' || p_recipient);
  IF p_operator_inbox THEN
    PERFORM pg_notify('realtime', 'oi:' || conv);
  END IF;
  status := 'ok';
  message := to_jsonb(msg);
END $$;
--> statement-breakpoint
-- chat_send: a member's send (p_profile, or p_conversation of theirs). First the locks, in this
-- order: the sender's users row (NO KEY UPDATE: fresh paid_user / email_confirmed, one send of a
-- member at a time, and the foreign-key checks of others' inserts naming this member stay free),
-- then the pair's advisory lock (platform/pair-lock.ts, the lock a block takes). Then, under them,
-- the rules (chat/conversations.ts assertReachable): the other member is visible, active, not
-- deleted, not staff; no block either way; the conversation named is the pair's; a free member
-- (not paid_user) starts at most p_free_limit conversations. Then chat_store with the charge.
-- status: 'ok', 'no_sender', 'conversation_not_found', 'self', 'member_not_found',
-- 'member_blocked', 'conversation_limit', 'insufficient' (nothing written), or the error
-- 'chat_send_duplicate' (SQLSTATE P0001) when the client_id was used before: raised so that the
-- debit rolls back; the caller answers the first message.
CREATE OR REPLACE FUNCTION chat_send(
  p_sender int, p_profile int, p_conversation int, p_type text, p_body text, p_gift text,
  p_image_file text, p_image_thumb text, p_image_width int, p_image_height int, p_client_id uuid,
  p_credits int, p_reason text, p_asks_if_real boolean, p_free_limit int,
  OUT status text, OUT fictional boolean, OUT balance int, OUT message jsonb
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
END $$;
--> statement-breakpoint
-- The session cache (platform/session-cache.ts) keeps a member's users row for a few seconds; a
-- change of the balance alone (every paid message) no longer makes every instance forget the
-- member's sessions (a query per request of an active chatter): nothing reads the balance from
-- the session's row (user.php and the send read it from the database). Any other change of the
-- row, and a deletion, still does ('u:<id>').
DROP TRIGGER users_session_cache ON users;
--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE ON users
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'credits') IS DISTINCT FROM (to_jsonb(NEW) - 'credits')) EXECUTE FUNCTION session_cache_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_session_cache_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify_user();
