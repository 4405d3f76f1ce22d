/**
 * Reference data every database needs: the demo sites and the interest tags. Idempotent: only
 * inserts what is missing, so it runs at every start and in every test app.
 */
import { sql } from 'drizzle-orm';
import { DEMO_SITES, INTERESTS } from '../modules/sites';
import type { DbOrTx } from './client';
import { interests, sites } from './schema';

/** Returns true when it inserted something. */
export async function ensureSites(db: DbOrTx): Promise<boolean> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(sites);
  let changed = false;
  if ((count?.n ?? 0) === 0) {
    await db
      .insert(sites)
      .values(DEMO_SITES.map((s) => ({ domain: s.domain, isDefault: s.isDefault, settings: s.settings, company: s.company })))
      .onConflictDoNothing();
    changed = true;
  }
  const [icount] = await db.select({ n: sql<number>`count(*)::int` }).from(interests);
  if ((icount?.n ?? 0) < INTERESTS.length) {
    await db
      .insert(interests)
      .values(INTERESTS.map((i, sort) => ({ slug: i.slug, labels: i.labels, sort })))
      .onConflictDoNothing();
    changed = true;
  }
  return changed;
}
