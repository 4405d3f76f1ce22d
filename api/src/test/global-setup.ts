/**
 * jest globalSetup (jest.config.cjs): once per jest run, before any test file. Makes the run's
 * temporary directory with the PGlite template dump, or, when DATABASE_URL is a PostgreSQL server,
 * the template database every test database is cloned from (template.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEnv } from '../env';
import { createPgTemplate, isPostgresUrl, pgliteTemplate, setRunTemplate } from './template';

export default async function globalSetup(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-api-templates-'));
  const url = readEnv().DATABASE_URL;
  setRunTemplate({ dir, pgTemplate: isPostgresUrl(url) ? await createPgTemplate(url) : undefined });
  // the PGlite template too, here without a time limit: made by the first test file instead, every
  // migration's run counted against that file's 30 s set-up (too little on a busy machine)
  if (!isPostgresUrl(url)) await pgliteTemplate();
}
