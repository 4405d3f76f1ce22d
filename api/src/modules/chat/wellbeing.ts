/**
 * The vulnerable-user warning (issue 15): a member who sends more than the site's
 * `chatpal_warning_messages` messages to chatpals within 24 hours gets, at most once in 24 hours,
 * a notice in their language that chatpals are fictional profiles run by the site's staff.
 *
 * How it reaches the member: in the answer of the send that crossed the line
 * (POST /api/messages.php `notice`), which mf-chat shows in the conversation. "Once a day" is one
 * conditional upsert of chatpal_notices (two sends at once: one of them gets it).
 */
import { sql } from 'drizzle-orm';
import type { ChatNotice, Settings } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { selectRows } from '../../db/client';
import { t } from '../../i18n';
import type { Lang } from '../../i18n';

/** The member's messages to chatpals in the last 24 hours. */
export async function chatpalMessages24h(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages m join users r on r.id = m.recipient_id
         where m.sender_id = ${memberId} and r.fictional and m.created_at > now() - interval '24 hours'`,
  );
  return Number(row?.n ?? 0);
}

/** After a member's message to a chatpal: the notice when they crossed the line and had none in 24 hours; else null. */
export async function chatpalNotice(
  db: DbOrTx,
  memberId: number,
  settings: Pick<Settings, 'chatpal_warning_messages'>,
  lang: Lang,
): Promise<ChatNotice | null> {
  if ((await chatpalMessages24h(db, memberId)) <= settings.chatpal_warning_messages) return null;
  const shown = await selectRows<{ user_id: number }>(
    db,
    sql`insert into chatpal_notices (user_id, shown_at) values (${memberId}, now())
        on conflict (user_id) do update set shown_at = now() where chatpal_notices.shown_at <= now() - interval '24 hours'
        returning user_id`,
  );
  return shown.length > 0 ? { code: 'chatpals_fictional', message: t('chatpals_fictional', lang) } : null;
}
