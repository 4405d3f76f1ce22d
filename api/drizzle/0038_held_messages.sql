-- Issue 26 part 3: the scam guard holds a member's message that, early in a conversation or from a
-- young account, holds a way off the site (link, e-mail address, phone number, IBAN, messenger) or
-- a money request (api modules/chat/scam; docs/safety.md). A held message is stored but not
-- delivered and not charged: messages.held is 'pending' (a moderator decides) or 'rejected'; null
-- for every other message (released ones too). The recipient's reads all skip held messages.
-- held_messages is the moderators' queue (/backoffice/held-messages), one row per held message.
-- chat_send takes p_hold (the reason send.ts found, or null) and p_hold_within (hold only in the
-- first N messages of the conversation; null: always); chat_store takes p_held (default null).
-- safety_tips: the members who dismissed the chat's safety tip (shown once, before that).
ALTER TABLE messages ADD COLUMN held text;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_held_check CHECK (held IS NULL OR held IN ('pending', 'rejected'));
--> statement-breakpoint
CREATE TABLE held_messages (
  id serial PRIMARY KEY,
  message_id integer NOT NULL UNIQUE REFERENCES messages(id) ON DELETE CASCADE,
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recipient_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  cost integer NOT NULL DEFAULT 0,
  credit_reason text,
  status text NOT NULL DEFAULT 'pending',
  charged integer,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT held_messages_reason CHECK (reason IN ('link', 'email', 'phone', 'iban', 'messenger', 'money', 'review', 'conversation')),
  CONSTRAINT held_messages_status CHECK (status IN ('pending', 'released', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX held_messages_queue_idx ON held_messages (id) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX held_messages_conversation_idx ON held_messages (conversation_id) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX held_messages_sender_idx ON held_messages (sender_id);
--> statement-breakpoint
CREATE TABLE safety_tips (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  dismissed_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- a sender who confirms their e-mail address: their messages reach the recipients, but not the held ones
CREATE OR REPLACE FUNCTION chat_sender_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_members cm
     SET last_message_id = greatest(cm.last_message_id, held.last_id)
    FROM (SELECT conversation_id, max(id) AS last_id FROM messages WHERE sender_id = NEW.id AND held IS NULL GROUP BY conversation_id) held
   WHERE cm.conversation_id = held.conversation_id AND cm.user_id <> NEW.id AND held.last_id > cm.cleared_id;
  PERFORM pg_notify('realtime', 'confirmed:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS chat_send(int, int, int, text, text, text, text, text, int, int, uuid, int, text, text, int, boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS chat_store(int, int, int, text, text, text, text, text, int, int, uuid, int, int, text, boolean, boolean, text, boolean, boolean);
--> statement-breakpoint
CREATE FUNCTION chat_store(
  p_conversation int, p_sender int, p_recipient int, p_type text, p_body text, p_gift text,
  p_image_file text, p_image_thumb text, p_image_width int, p_image_height int, p_client_id uuid,
  p_credits int, p_operator_id int, p_honesty text, p_disclosure boolean,
  p_deliver boolean, p_reason text, p_start boolean, p_operator_inbox boolean, p_held text DEFAULT NULL,
  OUT status text, OUT balance int, OUT message jsonb
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  conv int := p_conversation;
  msg messages;
  done text;
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
                        client_id, credits, operator_id, asks_if_real, honesty_reason, disclosure, held)
    VALUES (conv, p_sender, p_recipient, p_type, p_body, p_gift, p_image_file, p_image_thumb, p_image_width, p_image_height,
            p_client_id, p_credits, p_operator_id, p_honesty IS NOT NULL, p_honesty, coalesce(p_disclosure, false),
            CASE WHEN p_held IS NOT NULL THEN 'pending' END)
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
  done := app_notify('realtime', 'm:' || msg.id || ':' || p_sender || ':' || p_recipient);
  IF p_operator_inbox THEN
    done := app_notify('realtime', 'oi:' || conv);
  END IF;
  status := 'ok';
  message := to_jsonb(msg);
END $$;
--> statement-breakpoint
CREATE FUNCTION chat_send(
  p_sender int, p_profile int, p_conversation int, p_type text, p_body text, p_gift text,
  p_image_file text, p_image_thumb text, p_image_width int, p_image_height int, p_client_id uuid,
  p_credits int, p_reason text, p_honesty text, p_free_limit int, p_defer boolean, p_hold text, p_hold_within int,
  OUT status text, OUT fictional boolean, OUT balance int, OUT message jsonb, OUT notices text
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  paid boolean;
  confirmed boolean;
  other int;
  reachable boolean;
  blocked boolean;
  conv int;
  started int;
  stored record;
  honesty text;
  hold text;
  n int;
  done text;
BEGIN
  IF p_defer THEN
    done := set_config('app.notify_later', 'on', true);
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
  done := pg_advisory_xact_lock(least(other, p_sender)::int4, greatest(other, p_sender)::int4);
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
  -- the honesty guard: only a message to a chatpal; a short form ("echt?") only right after a
  -- message of the chatpal (one look at the conversation's newest message, messages_conversation_idx)
  IF fictional AND p_honesty IS NOT NULL THEN
    IF p_honesty NOT LIKE 'short_form%' THEN
      honesty := p_honesty;
    ELSIF conv IS NOT NULL THEN
      SELECT CASE WHEN m.sender_id = other THEN p_honesty END INTO honesty
        FROM messages m WHERE m.conversation_id = conv ORDER BY m.id DESC LIMIT 1;
    END IF;
  END IF;
  -- the scam guard (issue 26 part 3): only between members (a chatpal's conversations are exempt).
  -- p_hold: what send.ts found in the text (or 'review': the sender is under review), held when
  -- the conversation has fewer than p_hold_within messages (null: always, a young account).
  -- Also held: a message in a conversation the recipient has not seen yet while another of it is held.
  IF NOT fictional THEN
    IF p_hold IS NOT NULL THEN
      IF p_hold_within IS NULL OR conv IS NULL THEN
        hold := p_hold;
      ELSE
        SELECT count(*)::int INTO n FROM (SELECT 1 FROM messages m WHERE m.conversation_id = conv LIMIT p_hold_within) firsts;
        IF n < p_hold_within THEN
          hold := p_hold;
        END IF;
      END IF;
    END IF;
    IF hold IS NULL AND conv IS NOT NULL THEN
      SELECT 'conversation' INTO hold FROM conversation_members cm
       WHERE cm.conversation_id = conv AND cm.user_id = other AND cm.last_message_id = 0
         AND exists (SELECT 1 FROM held_messages h WHERE h.conversation_id = conv AND h.status = 'pending');
    END IF;
  END IF;
  IF hold IS NOT NULL THEN
    -- held: not charged now (charged when a moderator releases it), but only for a sender who could pay it
    SELECT u.credits INTO balance FROM users u WHERE u.id = p_sender;
    IF p_reason IS NOT NULL AND p_credits > 0 AND balance < p_credits THEN
      status := 'insufficient';
      RETURN;
    END IF;
    stored := chat_store(coalesce(conv, 0), p_sender, other, p_type, p_body, p_gift, p_image_file, p_image_thumb, p_image_width, p_image_height,
                         p_client_id, 0, NULL, honesty, false,
                         false, NULL, conv IS NULL, false, hold);
  ELSE
    stored := chat_store(coalesce(conv, 0), p_sender, other, p_type, p_body, p_gift, p_image_file, p_image_thumb, p_image_width, p_image_height,
                         p_client_id, p_credits, NULL, honesty, false,
                         confirmed, p_reason, conv IS NULL, fictional AND confirmed);
  END IF;
  IF stored.status = 'duplicate' THEN
    RAISE EXCEPTION 'chat_send_duplicate';
  END IF;
  IF hold IS NOT NULL AND stored.status = 'ok' THEN
    INSERT INTO held_messages (message_id, conversation_id, sender_id, recipient_id, reason, cost, credit_reason)
      VALUES ((stored.message->>'id')::int, (stored.message->>'conversation_id')::int, p_sender, other, hold, p_credits, p_reason);
  END IF;
  status := stored.status;
  balance := CASE WHEN hold IS NULL THEN stored.balance ELSE balance END;
  message := stored.message;
  IF p_defer THEN
    notices := current_setting('app.notify_queue', true);
  END IF;
END $$;
