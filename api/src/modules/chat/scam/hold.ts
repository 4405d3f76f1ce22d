/**
 * What send.ts passes to chat_send for the scam guard (issue 26 part 3): the reason the text would
 * be held (scam/detect.ts) and in how many first messages of a conversation it is held (null:
 * in every message, the sender's account is younger than held_account_hours). chat_send applies
 * it only between members (never to a chatpal's conversation, never to an operator's reply) and
 * counts the conversation's messages under its locks (migration 0038).
 */
import type { HeldReason, Settings } from '@dating/shared-kit/contracts';
import { DEFAULT_MESSENGERS, DEFAULT_MONEY_WORDS } from '@dating/shared-kit/contracts';
import type { UserRow } from '../../../platform/session';
import { findHeldReason } from './detect';
import type { ScamLists } from './detect';

type HoldSettings = Partial<Pick<Settings, 'held_first_messages' | 'held_account_hours' | 'held_messengers' | 'held_money_words'>>;

const DEFAULT_FIRST = 5;
const DEFAULT_HOURS = 24;

const flattened = new WeakMap<object, string[]>();
const listsCache = new WeakMap<readonly string[], WeakMap<readonly string[], ScamLists>>();

/** The site's lists as the reader takes them (the same objects for the same settings: its patterns are cached on them). */
export function scamListsOf(settings: HoldSettings): ScamLists {
  const messengers = settings.held_messengers ?? DEFAULT_MESSENGERS;
  const byLanguage = settings.held_money_words ?? DEFAULT_MONEY_WORDS;
  let money = flattened.get(byLanguage);
  if (!money) flattened.set(byLanguage, (money = Object.values(byLanguage).flatMap((words) => words ?? [])));
  let inner = listsCache.get(messengers);
  if (!inner) listsCache.set(messengers, (inner = new WeakMap()));
  let lists = inner.get(money);
  if (!lists) inner.set(money, (lists = { messengers, money }));
  return lists;
}

export function heldInput(
  sender: Pick<UserRow, 'signupAt'>,
  body: string | null,
  settings: HoldSettings,
  underReview: boolean,
  now = Date.now(),
): { reason: HeldReason | null; within: number | null } {
  const first = settings.held_first_messages ?? DEFAULT_FIRST;
  const hours = settings.held_account_hours ?? DEFAULT_HOURS;
  const young = hours > 0 && now - sender.signupAt.getTime() < hours * 3_600_000;
  let reason: HeldReason | null = null;
  if (young || first > 0) reason = findHeldReason(body, scamListsOf(settings));
  if (reason) return { reason, within: young ? null : Math.max(first, underReview ? 1 : 0) };
  // under review: the first message of a new conversation (and the rest of it while unseen: chat_send)
  if (underReview) return { reason: 'review', within: 1 };
  return { reason: null, within: null };
}
