/**
 * The chat screen's first answers, asked for while the screen renders for the first time instead
 * of from its effects once the whole screen has rendered and committed (the list and the
 * conversation's history then come over the network while the screen renders: on a slow phone that
 * render takes longer than the answers). The hooks take such an answer for their first load, once,
 * while it is fresh; every later load asks the server itself.
 */
import { chatApi } from './api';
import type { ChatTarget } from './api';

/** An answer older than this is not taken: the hook asks again. */
const FRESH_MS = 5_000;

const asked = new Map<string, { at: number; answer: Promise<unknown> }>();

function askEarly(key: string, ask: () => Promise<unknown>): void {
  const current = asked.get(key);
  if (current && Date.now() - current.at < FRESH_MS) return;
  const answer = ask();
  // a failure is shown by the hook that takes the answer; until then it is not unhandled
  answer.catch(() => undefined);
  asked.set(key, { at: Date.now(), answer });
}

function take<T>(key: string, ask: () => Promise<T>): Promise<T> {
  const early = asked.get(key);
  asked.delete(key);
  return early && Date.now() - early.at < FRESH_MS ? (early.answer as Promise<T>) : ask();
}

const historyKey = (target: ChatTarget) => `history ${JSON.stringify(target)}`;

/** Ask for the list and, with a conversation open, its newest messages. */
export function askChatScreenEarly(target: ChatTarget | null): void {
  askEarly('chats', () => chatApi.chats());
  if (target) askEarly(historyKey(target), () => chatApi.history(target));
}

/** The conversation list: the early answer when there is one, else a new call. */
export function takeChats(): ReturnType<typeof chatApi.chats> {
  return take('chats', () => chatApi.chats());
}

/** The newest messages of `target`: the early answer when there is one, else a new call. */
export function takeHistory(target: ChatTarget): ReturnType<typeof chatApi.history> {
  return take(historyKey(target), () => chatApi.history(target));
}
