/**
 * Member search benchmark (`npm run bench -- search`).
 *
 * 1. A fresh database: in-memory PGlite, or with DATABASE_URL a new database on that PostgreSQL
 *    server (dropped at the end). All migrations applied, the demo sites inserted.
 * 2. Bulk seed with INSERT ... SELECT generate_series: 100k members on PGlite, 1M on PostgreSQL
 *    (`--rows N` to change), spread over the 15 countries, both genders, ages 18-80, regions,
 *    ~3% invisible, ~2% deleted, ~10% fictional; then ANALYZE.
 * 3. Runs the typical searches through the real service (searchMembers: count + page + similar)
 *    `--runs` times each and prints p50 / p95 / p99 in ms, plus the plan of the page query.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createDb } from '../api/src/db/client';
import { ensureSites } from '../api/src/db/seed-sites';
import { readEnv } from '../api/src/env';
import { pageQuery, searchMembers, searchWhere } from '../api/src/modules/members/search';
import type { MemberSearchQuery } from '@dating/shared-kit/contracts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const { DATABASE_URL } = readEnv();
const pgUrl = DATABASE_URL && /^postgres(ql)?:\/\//.test(DATABASE_URL) ? DATABASE_URL : undefined;
const rows = Number(arg('rows') ?? (pgUrl ? 1_000_000 : 100_000));
const runs = Number(arg('runs') ?? 100);

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

async function main() {
  let url = 'memory://';
  let drop: (() => Promise<void>) | null = null;
  if (pgUrl) {
    const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  const handle = await createDb(url);
  try {
    console.log(`database: ${handle.driver} (${handle.location}); seeding ${rows.toLocaleString('en')} members...`);
    await handle.migrate();
    await ensureSites(handle.db);
    const t0 = performance.now();
    await handle.query(`
      insert into users (site_id, email, password_hash, status, email_confirmed, fictional, invisible, deleted_at, signup_at)
      select (select id from sites order by id limit 1), 'bench' || g || '@example.com', 'x',
             case when g % 50 = 0 then 'deleted' else 'active' end, true, g % 10 = 0, g % 33 = 0,
             case when g % 50 = 0 then now() end, now() - (g % 1000) * interval '1 hour'
      from generate_series(1, ${rows}) g`);
    await handle.query(`
      with c as (select array['NL','BE','DE','AT','CH','FR','IT','ES','GB','IE','PL','US','CA','AU','NZ'] as codes),
      r as (select array['NH','ZH','UT','GE','NB','LI','DR','FL','FR','GR','OV','ZE'] as nl)
      insert into profiles (user_id, site_id, name, gender, sexuality, date_of_birth, country, region, city, status)
      select u.id, u.site_id, 'Member ' || u.id,
             case when u.id % 2 = 0 then 'female' else 'male' end, 'hetero',
             (date '2007-01-01' - ((u.id::bigint * 7919) % (62 * 365)) * interval '1 day')::date,
             c.codes[1 + (u.id % 15)],
             case when c.codes[1 + (u.id % 15)] = 'NL' then r.nl[1 + ((u.id / 15) % 12)] end,
             'City ' || (u.id % 500),
             case when u.status = 'deleted' then 'deleted' else 'active' end
      from users u, c, r where u.email like 'bench%'`);
    // as autovacuum would: statistics + visibility map (index-only scans for the counts)
    await handle.query('vacuum analyze');
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const [viewer] = await handle.query<{ id: number }>(`select id from users where email = 'bench1@example.com'`);
    const searches: [string, MemberSearchQuery][] = [
      ['women in NL aged 25-40, page 1', { gender: 'female', country: 'NL', min_age: 25, max_age: 40 }],
      ['women in NL / Noord-Holland aged 25-40', { gender: 'female', country: 'NL', countryregion: 'NH', min_age: 25, max_age: 40 }],
      ['men in DE aged 30-50, page 5', { gender: 'male', country: 'DE', min_age: 30, max_age: 50, page: 5 }],
      ['women anywhere aged 18-30', { gender: 'female', min_age: 18, max_age: 30 }],
      ['anyone in FR (either gender)', { country: 'FR' }],
      [
        'women in NL / Zeeland aged 70-80 (few -> similar)',
        { gender: 'female', country: 'NL', countryregion: 'ZE', min_age: 70, max_age: 80 },
      ],
    ];
    console.log(`\n${runs} runs each, logged in (visibility + block checks), count + page + similar:`);
    console.log('search'.padEnd(52), 'results'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8));
    for (const [label, query] of searches) {
      const times: number[] = [];
      let found = 0;
      // warm-up: plan cache, buffer cache
      for (let i = 0; i < 3; i++) await searchMembers(handle.db, query, { viewerId: viewer?.id ?? null, cdnPrefix: '' });
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const res = await searchMembers(handle.db, query, { viewerId: viewer?.id ?? null, cdnPrefix: '' });
        times.push(performance.now() - start);
        found = res.numResults;
      }
      times.sort((a, b) => a - b);
      console.log(
        label.padEnd(52),
        String(found).padStart(8),
        percentile(times, 50).toFixed(1).padStart(8),
        percentile(times, 95).toFixed(1).padStart(8),
        percentile(times, 99).toFixed(1).padStart(8),
      );
    }

    // the plan of the real page query (as searchMembers builds it for this viewer)
    const pageSql = pageQuery(handle.db, searchWhere(searches[0]?.[1] ?? {}, viewer?.id ?? null).where, 1).toSQL();
    const plan = await handle.query<Record<string, string>>(`explain analyze ${pageSql.sql}`, pageSql.params);
    console.log('\nplan of the page query (women in NL aged 25-40):');
    for (const row of plan) console.log('  ' + Object.values(row).join(' '));
  } finally {
    await handle.close();
    if (drop) await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
