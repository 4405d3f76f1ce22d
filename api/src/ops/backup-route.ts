/**
 * Backups of a running server on embedded PGlite (only one process can open its data directory):
 * `POST /ops/backup` streams the backup file (ops/backup-archive.ts) of this server's database and
 * DATA_DIR files. Only for the machine itself: the peer must be loopback, not forwarded by a proxy
 * (platform/local-peer.ts), and send the token this server wrote, once listening, to
 * `<DATA_DIR>/backup-endpoint.json` (mode 600, removed on close): whoever can read DATA_DIR can
 * read all of it anyway. `npm run backup` (ops/backup-cli.ts) finds the server by that file.
 *
 * The dump holds PGlite's transaction lock (pg.transaction), so no statement or transaction of the
 * server is half-done in the files it copies; a CHECKPOINT first leaves nothing to replay.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PGlite } from '@electric-sql/pglite';
import { fromThisMachine } from '../platform/local-peer';
import { backupStream } from './backup-archive';

export const ENDPOINT_FILE = 'backup-endpoint.json';

export interface BackupEndpoint {
  url: string;
  token: string;
  pid: number;
}

/** A consistent dump of a live PGlite: between two statements of the server, checkpointed. */
export async function dumpPglite(pg: PGlite): Promise<Buffer> {
  await pg.exec('CHECKPOINT');
  const blob = await pg.transaction(async () => pg.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}

export const backupRoute = fp(async (app: FastifyInstance) => {
  const { connection, location } = app.dbHandle;
  if (!('pglite' in connection) || location === 'memory') return;
  const pg = connection.pglite;
  const dataDir = app.config.DATA_DIR_ABS;
  const file = path.join(dataDir, ENDPOINT_FILE);
  const token = crypto.randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);

  app.post('/ops/backup', async (req, reply) => {
    const given = Buffer.from(String(req.headers['x-backup-token'] ?? ''));
    const ok = fromThisMachine(req) && given.length === expected.length && crypto.timingSafeEqual(given, expected);
    if (!ok) return reply.code(404).send();
    req.log.info('backup requested');
    return reply
      .type('application/x-tar')
      .header('cache-control', 'no-store')
      .send(backupStream('pglite', () => dumpPglite(pg), dataDir));
  });

  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address === 'string') return;
    const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    const endpoint: BackupEndpoint = { url: `http://${host}:${address.port}/ops/backup`, token, pid: process.pid };
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    fs.rmSync(file, { force: true });
  });
});
