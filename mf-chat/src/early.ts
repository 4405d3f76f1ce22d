/**
 * The chat screen's first answers, asked for while the screen renders for the first time instead
 * of from its effects once the whole screen has rendered and committed (the list and the
 * conversation's history then come over the network while the screen renders: on a slow phone that
 * render takes longer than the answers). The hooks take such an answer for their first load, once,
 * while it is fresh; every later load asks the server itself.
 */
import { earlyAnswers } from '@dating/shared-kit/api';
import { chatApi } from './api';
import type { ChatTarget } from './api';

const early = earlyAnswers();

const historyKey = (target: ChatTarget) => `history ${JSON.stringify(target)}`;

/** Ask for the list and, with a conversation open, its newest messages. */
export function askChatScreenEarly(target: ChatTarget | null): void {
  early.ask('chats', () => chatApi.chats());
  if (target) early.ask(historyKey(target), () => chatApi.history(target));
}

/** The conversation list: the early answer when there is one, else a new call. */
export function takeChats(): ReturnType<typeof chatApi.chats> {
  return early.take('chats', () => chatApi.chats());
}

/** The newest messages of `target`: the early answer when there is one, else a new call. */
export function takeHistory(target: ChatTarget): ReturnType<typeof chatApi.history> {
  return early.take(historyKey(target), () => chatApi.history(target));
}
