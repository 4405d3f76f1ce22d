/** jest globalTeardown (jest.config.cjs): drops what global-setup.ts made for this run. */
import fs from 'node:fs';
import { readEnv } from '../env';
import { dropPgDatabase, isPostgresUrl, runTemplate } from './template';

export default async function globalTeardown(): Promise<void> {
  const url = readEnv().DATABASE_URL;
  const { dir, pgTemplate } = runTemplate();
  if (pgTemplate && isPostgresUrl(url)) await dropPgDatabase(url, pgTemplate);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
