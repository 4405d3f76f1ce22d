/**
 * app.answers (platform/answer-cache.ts): members' own answers (user.php, likes.php) in memory,
 * forgotten on every notification of channel `member_cache`, and for the members a new message or
 * a changed balance concerns (those only notify the realtime channel: migration 0026).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../answer-cache';
import { keepListened } from './listened';

declare module 'fastify' {
  interface FastifyInstance {
    /** members' own answers (user.php, likes.php) in memory, invalidated by the database (answer-cache.ts) */
    answers: AnswerCache;
  }
}

const DEFAULT_ANSWER_CACHE_MS = 10_000;

async function answerCache(app: FastifyInstance) {
  // on by default (10 s) on PGlite and PostgreSQL, off under NODE_ENV=test unless a test asks for it
  // (docs/configuration.md ANSWER_CACHE_MS; docs/performance.md: the wedge it once seemed to cause)
  const { ANSWER_CACHE_MS, NODE_ENV } = app.config;
  const answers = new AnswerCache(ANSWER_CACHE_MS ?? (NODE_ENV === 'test' ? 0 : DEFAULT_ANSWER_CACHE_MS));
  app.decorate('answers', answers);
  if (!answers.enabled) return;
  await keepListened(app, 'member_cache', answers);
  // at ready: the realtime plugin registers after this one, so that it stops before this closes
  app.addHook('onReady', async () => {
    app.realtime.onMembersChanged((ids) => {
      for (const id of ids) if (Number.isInteger(id)) answers.forgetMember(id);
    });
  });
}

export default fp(answerCache, { name: 'answer-cache', dependencies: ['database'] });
