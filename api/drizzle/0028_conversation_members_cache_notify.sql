-- A new conversation's two conversation_members rows no longer notify member_cache: they are only
-- written by chat_store (migration 0025/0026) together with the first message, whose realtime
-- 'm:<id>:<sender>:<recipient>' makes every instance forget both members' answers already
-- (chat/realtime.ts onMembersChanged). A changed read marker or a cleared conversation, and a
-- deletion, still do. (The demo seed writes such rows before any server has cached an answer.)
DROP TRIGGER IF EXISTS conversation_members_member_cache ON conversation_members;
--> statement-breakpoint
CREATE TRIGGER conversation_members_member_cache AFTER DELETE OR UPDATE OF last_read_id, cleared_id ON conversation_members
  FOR EACH ROW EXECUTE FUNCTION member_cache_notify('user_id');
