/**
 * The notifications a send hands back to be sent after its commit (db/after-commit.ts): failures
 * are logged, and on close the ones still waiting are sent before the database closes (registered
 * after the realtime plugin and before the jobs: the jobs stop first, then this drain).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { drainAfterCommit, reportAfterCommitErrors } from '../../db/after-commit';

async function afterCommit(app: FastifyInstance) {
  reportAfterCommitErrors(app.db, (err) => app.log.warn({ err }, 'notifications after commit failed'));
  app.addHook('onClose', () => drainAfterCommit(app.db));
}

export default fp(afterCommit, { name: 'after-commit', dependencies: ['database'] });
