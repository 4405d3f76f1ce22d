/**
 * The demo members: spread over the 15 countries (both genders, every profile field, 2-6
 * interests, real cities and regions), about 10% of them fictional chatpals, each with 1-3
 * portraits drawn locally by DiceBear (demo-portraits.ts) and processed like an upload.
 * Member i always gets the same name, e-mail and looks (seed-random.ts).
 */
import { COUNTRIES, COUNTRY_LANGUAGES, ZBodyType, ZEyeColor, ZHairColor, ZRelationshipStatus } from '@dating/shared-kit/contracts';
import { sql } from 'drizzle-orm';
import type { Lang } from '../i18n';
import { INTERESTS, regionsOf } from '../modules/sites';
import { processImage } from '../platform/images';
import type { Storage } from '../platform/storage';
import type { Db } from './client';
import { photos, profileInterests, profiles, users } from './schema';
import { ABOUT, NAMES, REASONS } from './seed-data/people';
import { PLACES } from './seed-data/places';
import { grantDemoCredits, isPaidMember, memberCredits } from './seed-payments';
import { prng, type Rng } from './seed-random';

/** Which demo site a member of a country signs up on. */
const SITE_OF_COUNTRY: Record<string, string> = {
  NL: 'localhost',
  BE: 'localhost',
  DE: 'example.de',
  AT: 'example.de',
  CH: 'example.de',
  FR: 'example.fr',
  ES: 'example.es',
  IT: 'example.it',
  PL: 'example.pl',
  GB: 'example.co.uk',
  IE: 'example.co.uk',
  US: 'example.co.uk',
  CA: 'example.co.uk',
  AU: 'example.co.uk',
  NZ: 'example.co.uk',
};
/** Relative share of members per country (the Dutch-speaking default site gets the most). */
const COUNTRY_WEIGHT: Record<string, number> = {
  NL: 5,
  BE: 2,
  DE: 3,
  GB: 2,
  US: 2,
  FR: 2,
  ES: 1,
  IT: 1,
  PL: 1,
  AT: 1,
  CH: 1,
  IE: 1,
  CA: 1,
  AU: 1,
  NZ: 1,
};

function dateOfBirth(rng: Rng): string {
  const now = new Date();
  const age = rng.chance(0.7) ? rng.int(20, 45) : rng.int(46, 68);
  const y = now.getUTCFullYear() - age - 1;
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function weightedCountries(): string[] {
  const out: string[] = [];
  for (const c of COUNTRIES) for (let i = 0; i < (COUNTRY_WEIGHT[c] ?? 1); i += 1) out.push(c);
  return out;
}

async function runPool<T>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      await fn(items[i] as T, i);
    }
  });
  await Promise.all(workers);
}

/** Who member i is; drawn from `rng` in member order, so a resumed seed plans the same members. */
export function planMembers(rng: Rng, total: number) {
  const countries = weightedCountries();
  return Array.from({ length: total }, (_, i) => {
    const country = countries[i % countries.length] as keyof typeof COUNTRY_LANGUAGES;
    const lang = (COUNTRY_LANGUAGES[country][country === 'BE' && rng.chance(0.4) ? 1 : 0] ?? 'en') as Lang;
    const gender: 'male' | 'female' = rng.chance(0.5) ? 'female' : 'male';
    const name = rng.pick(NAMES[lang][gender]);
    const [city, region] = rng.pick(PLACES[country] ?? [['', '']]);
    const fictional = i % 10 === 7;
    const hair = gender === 'male' && rng.chance(0.08) ? 'bald' : rng.pick(ZHairColor.options.filter((h) => h !== 'bald'));
    const email = `${
      name
        .normalize('NFD')
        .replace(/[^a-zA-Z]/g, '')
        .toLowerCase() || 'member'
    }.${i + 1}@members.example`;
    return { i, country, lang, gender, name, email, city, region, fictional, hair, photoCount: rng.int(1, 3), seed: rng.int(1, 1e9) };
  });
}
export type MemberPlan = ReturnType<typeof planMembers>[number];

export interface Portrait {
  full: string;
  thumb: string;
  match: string;
  width: number;
  height: number;
}

/**
 * DiceBear and its styles (~2 MB of JavaScript) are loaded by the first portrait drawn: the server
 * imports the seed to check whether there is anything to seed, and a restarted site never draws one.
 */
const loadPortraits = () => import('./demo-portraits');

/** Generated portraits, through the same processing as an upload (re-encoded, thumbnail, match size). */
export async function drawPortraits(
  storage: Storage,
  who: { name: string; gender: 'male' | 'female'; hair: string },
  count: number,
  r: Rng,
): Promise<Portrait[]> {
  const { portraitJpeg } = await loadPortraits();
  const images: Portrait[] = [];
  for (let v = 0; v < count; v += 1) {
    const img = await processImage(await portraitJpeg(who, r));
    const [full, thumb, match] = await Promise.all([
      storage.put(img.full, 'jpg'),
      storage.put(img.thumb, 'jpg'),
      storage.put(img.match, 'jpg'),
    ]);
    images.push({ full, thumb, match, width: img.width, height: img.height });
  }
  return images;
}

export interface MembersRun {
  db: Db;
  storage: Storage;
  /** everyone's hash: of a random secret nobody knows, so seeded members cannot log in */
  passwordHash: string;
  siteId: (domain: string) => number;
  /** counted over all the members, those of an earlier run included */
  total: number;
  log: (line: string) => void;
  shouldStop: () => boolean;
}

/** Makes the planned members, two at a time, each in its own transaction; stops between members when asked. */
export async function seedMembers(run: MembersRun, missing: MemberPlan[]): Promise<{ done: number; photos: number }> {
  const { db, storage, total, log, shouldStop } = run;
  const slugs = INTERESTS.map((i) => i.slug);
  let photoCount = 0;
  let done = 0;
  await runPool(missing, 2, async (plan) => {
    if (shouldStop()) return;
    const r = prng(plan.seed);
    const images = await drawPortraits(storage, plan, plan.photoCount, r);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: run.siteId(SITE_OF_COUNTRY[plan.country] ?? 'localhost'),
          email: plan.email,
          passwordHash: run.passwordHash,
          language: plan.lang,
          status: 'active',
          emailConfirmed: true,
          fictional: plan.fictional,
          paidUser: isPaidMember(plan.fictional, r),
          signupAt: new Date(Date.now() - r.int(1, 400) * 86400000),
          lastSeenAt: new Date(Date.now() - r.int(0, 7 * 24 * 60) * 60000),
        })
        .returning({ id: users.id, siteId: users.siteId });
      if (!user) throw new Error('seed: user insert failed');
      await grantDemoCredits(tx, user.id, memberCredits(plan.fictional, r));
      await tx.insert(profiles).values({
        userId: user.id,
        siteId: user.siteId,
        name: plan.name,
        gender: plan.gender,
        sexuality: r.chance(0.85) ? 'hetero' : r.pick(plan.gender === 'female' ? ['lesbian', 'bi'] : ['gay', 'bi']),
        dateOfBirth: dateOfBirth(r),
        country: plan.country,
        // the wire/DB value of a region is its code, as /api/regions.php offers it (members engineer)
        region: regionsOf(plan.country)?.find((x) => x.name === plan.region)?.code ?? plan.region,
        city: plan.city,
        reason: r.pick(REASONS[plan.lang]),
        about: r.pick(ABOUT[plan.lang]),
        hairColor: plan.hair,
        eyeColor: r.pick(ZEyeColor.options),
        bodyType: r.pick(ZBodyType.options),
        relationshipStatus: r.pick(ZRelationshipStatus.options),
        tattoos: r.chance(0.3),
        status: 'active',
      });
      const picked = new Set<string>();
      const want = r.int(2, 6);
      while (picked.size < want) picked.add(r.pick(slugs));
      await tx.insert(profileInterests).values([...picked].map((slug) => ({ userId: user.id, slug })));
      const rows = await tx
        .insert(photos)
        .values(
          images.map((img) => ({
            userId: user.id,
            filename: img.full,
            thumbFilename: img.thumb,
            matchFilename: img.match,
            status: 'active',
            width: img.width,
            height: img.height,
          })),
        )
        .returning({ id: photos.id });
      if (rows[0])
        await tx
          .update(profiles)
          .set({ mainPhotoId: rows[0].id })
          .where(sql`${profiles.userId} = ${user.id}`);
    });
    photoCount += images.length;
    done += 1;
    if (done % 20 === 0 || done === missing.length) log(`seeding members ${total - missing.length + done}/${total}`);
  });
  return { done, photos: photoCount };
}
