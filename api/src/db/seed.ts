/**
 * Demo data for an empty database (first `npm start`, or `npm run seed -w @dating/api`):
 * the demo sites and interests (seed-sites.ts), then `members` realistic members spread over the
 * 15 countries of spec section 9 (both genders, every profile field, 2-6 interests, real cities
 * and regions), about 10% of them fictional chatpals (users.fictional = true), each with 1-3
 * portraits drawn locally by DiceBear (demo-portraits.ts: 720x900 JPEG -> processImage, so they go
 * through the same pipeline as uploads), plus one demo member and one staff account whose logins
 * are printed.
 * Idempotent and resumable: a database with users but without the demo login is someone's real
 * data and is left alone; a seed that was stopped (Ctrl-C on the first start, `shouldStop`) goes
 * on where it stopped at the next start. The two logins come first, so they always work.
 * Deterministic (seeded PRNG): member i always gets the same name, e-mail and looks.
 */
import { hash } from '@node-rs/argon2';
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { COUNTRIES, COUNTRY_LANGUAGES, ZBodyType, ZEyeColor, ZHairColor, ZRelationshipStatus } from '@dating/shared-kit/contracts';
import type { Lang } from '../i18n';
import { portraitJpeg } from './demo-portraits';
import { INTERESTS } from '../modules/sites/interests';
import { regionsOf } from '../modules/sites/regions';
import { changeCredits } from '../platform/credits';
import { processImage } from '../platform/images';
import type { Storage } from '../platform/storage';
import type { Db, DbOrTx } from './client';
import { likes, photos, profileInterests, profiles, sites, users } from './schema';
import { seedConversation } from '../modules/chat';
import { ensureSites } from './seed-sites';
import { ABOUT, NAMES, REASONS } from './seed-data/people';
import { PLACES } from './seed-data/places';

/** What the members of the operator's demo inbox wrote (two lines each, in their language). */
const INBOX_OPENERS = [
  [
    {
      nl: 'Hoi! Leuke foto’s heb je.',
      en: 'Hi! Lovely photos.',
      de: 'Hallo! Schöne Fotos hast du.',
      es: '¡Hola! Qué fotos tan bonitas.',
      fr: 'Salut ! Tu as de jolies photos.',
      it: 'Ciao! Belle foto.',
      pl: 'Cześć! Masz ładne zdjęcia.',
    },
    {
      nl: 'Waar ben je het liefst in het weekend?',
      en: 'Where do you like to spend your weekends?',
      de: 'Wo bist du am Wochenende am liebsten?',
      es: '¿Dónde te gusta pasar los fines de semana?',
      fr: 'Où aimes-tu passer tes week-ends ?',
      it: 'Dove ti piace passare il fine settimana?',
      pl: 'Gdzie najchętniej spędzasz weekendy?',
    },
  ],
  [
    {
      nl: 'Hallo, ik zag dat we allebei van wandelen houden.',
      en: 'Hello, I saw we both like walking.',
      de: 'Hallo, ich habe gesehen, dass wir beide gern wandern.',
      es: 'Hola, vi que a los dos nos gusta caminar.',
      fr: 'Bonjour, j’ai vu qu’on aime tous les deux marcher.',
      it: 'Ciao, ho visto che a entrambi piace camminare.',
      pl: 'Cześć, widzę, że oboje lubimy spacery.',
    },
    {
      nl: 'Heb je een favoriete route?',
      en: 'Do you have a favourite route?',
      de: 'Hast du eine Lieblingsroute?',
      es: '¿Tienes una ruta favorita?',
      fr: 'Tu as un parcours préféré ?',
      it: 'Hai un percorso preferito?',
      pl: 'Masz ulubioną trasę?',
    },
  ],
  [
    {
      nl: 'Goedemorgen! Hoe is je dag begonnen?',
      en: 'Good morning! How did your day start?',
      de: 'Guten Morgen! Wie hat dein Tag angefangen?',
      es: '¡Buenos días! ¿Qué tal ha empezado tu día?',
      fr: 'Bonjour ! Comment a commencé ta journée ?',
      it: 'Buongiorno! Com’è iniziata la tua giornata?',
      pl: 'Dzień dobry! Jak zaczął się twój dzień?',
    },
    {
      nl: 'Ik ben benieuwd naar je.',
      en: 'I would like to know more about you.',
      de: 'Ich bin neugierig auf dich.',
      es: 'Me gustaría saber más de ti.',
      fr: 'J’aimerais en savoir plus sur toi.',
      it: 'Vorrei sapere di più su di te.',
      pl: 'Chętnie dowiem się o tobie więcej.',
    },
  ],
] as const;

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'demo-demo-123' } as const;
export const STAFF_LOGIN = { email: 'staff@example.com', password: 'staff-staff-123', roles: ['admin'] } as const;
/** One demo login per staff role (issue 15; README "Demo logins"); the all-round staff login is the admin. */
export const STAFF_LOGINS = [
  STAFF_LOGIN,
  { email: 'moderator@example.com', password: 'moderator-staff-123', roles: ['moderator'] },
  { email: 'operator@example.com', password: 'operator-staff-123', roles: ['operator'] },
  { email: 'payments@example.com', password: 'payments-staff-123', roles: ['payments'] },
] as const;

/**
 * The demo logins as a small text table (printed by `npm start` and the seed command, outside the
 * JSON log: a newcomer copies them from the terminal).
 */
export function demoLoginsTable(url: string): string {
  const rows = [
    ['who', 'e-mail', 'password'],
    ['demo member', DEMO_LOGIN.email, DEMO_LOGIN.password],
    ...STAFF_LOGINS.map((l) => [`staff (${l.roles.join(', ')})`, l.email, l.password]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    `  ${r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('   ')
      .trimEnd()}`;
  return (
    [`Demo logins for ${url}:`, line(rows[0] as string[]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n') +
    '\n'
  );
}

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

export interface SeedTarget {
  db: Db;
  storage: Storage;
}

export interface SeedResult {
  seeded: boolean;
  /** the demo and staff logins are there (seeded now or before): the start prints them (demoLoginsTable) */
  demoLogins: boolean;
  members: number;
  photos: number;
  ms: number;
}

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

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

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

export interface SeedOptions {
  members: number;
  log?: (line: string) => void;
  seed?: number;
  /** asked between members: true stops the seed (the next start goes on from there) */
  shouldStop?: () => boolean;
}

/** Seed the demo data, or the rest of it; returns { seeded: false } when there was nothing to do. */
export async function seedDemo(target: SeedTarget, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const shouldStop = options.shouldStop ?? (() => false);
  const { db, storage } = target;
  await ensureSites(db);
  const nothing = (demoLogins = false) => ({ seeded: false, demoLogins, members: 0, photos: 0, ms: Date.now() - started });
  // the demo and staff logins (and whether the demo member has his photo yet), in one query
  const logins = await db
    .select({ id: users.id, email: users.email, mainPhotoId: profiles.mainPhotoId })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.email, [DEMO_LOGIN.email, ...STAFF_LOGINS.map((l) => l.email)]));
  const demoRow = logins.find((l) => l.email === DEMO_LOGIN.email);
  // users but no demo login: a real site's data, never mixed with demo members
  if (!demoRow && (await hasUsers(db))) return nothing();

  const rng = prng(options.seed ?? 20250101);

  const countries = weightedCountries();
  const total = options.members;
  let photoCount = 0;
  let done = 0;
  const slugs = INTERESTS.map((i) => i.slug);
  const plans = Array.from({ length: total }, (_, i) => {
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
  // members seeded by an earlier, stopped run are kept; only the missing ones are made
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(like(users.email, '%@members.example'))).map((u) => u.email),
  );
  const missing = plans.filter((p) => !existing.has(p.email));
  // a complete seed (every later start): nothing to hash, draw or write
  if (missing.length === 0 && logins.length === 1 + STAFF_LOGINS.length && demoRow?.mainPhotoId != null) return nothing(true);

  const siteRows = await db.select({ id: sites.id, domain: sites.domain }).from(sites);
  const siteId = (domain: string) => siteRows.find((s) => s.domain === domain)?.id ?? siteRows[0]?.id ?? 1;
  // Seeded members cannot log in: their hash is of a random secret nobody knows.
  const toMake = [DEMO_LOGIN, ...STAFF_LOGINS].filter((login) => !logins.some((l) => l.email === login.email));
  const [memberHash, ...loginHashes] = await Promise.all([
    hash(crypto.randomBytes(24).toString('base64url')),
    ...toMake.map((l) => hash(l.password)),
  ]);

  // the demo member and the staff accounts first: their logins work even if the seed is stopped
  let demoId: number | null = demoRow?.id ?? null;
  for (const [n, login] of toMake.entries()) {
    const roles: string[] = 'roles' in login ? [...login.roles] : [];
    const name = roles.length ? `Staff ${roles[0]}` : 'Demo';
    const gender = roles.length ? 'female' : 'male';
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: siteId('localhost'),
          email: login.email,
          passwordHash: loginHashes[n] ?? memberHash,
          language: 'nl',
          status: 'active',
          emailConfirmed: true,
          isStaff: roles.length > 0,
          staffRoles: roles,
        })
        .returning({ id: users.id, siteId: users.siteId });
      if (!user) throw new Error('seed: user insert failed');
      await changeCredits(tx, user.id, 100, 'admin', 'seed');
      await tx.insert(profiles).values({
        userId: user.id,
        siteId: user.siteId,
        name,
        gender,
        sexuality: 'hetero',
        dateOfBirth: '1988-04-12',
        country: 'NL',
        region: 'NH',
        city: 'Amsterdam',
        reason: REASONS.nl[0],
        about: ABOUT.nl[0],
        hairColor: 'brown',
        eyeColor: 'blue',
        bodyType: 'normal',
        relationshipStatus: 'single',
        tattoos: false,
        status: 'active',
      });
      await tx.insert(profileInterests).values([
        { userId: user.id, slug: 'travel' },
        { userId: user.id, slug: 'music' },
        { userId: user.id, slug: 'food' },
      ]);
      if (login === DEMO_LOGIN) demoId = user.id;
    });
  }

  if (missing.length > 0 && missing.length < total)
    log(`resuming the demo seed: ${total - missing.length} of ${total} members are there already`);
  if (missing.length > 0) log(`seeding ${missing.length} demo members (with generated photos)...`);
  // generated portraits, through the same processing as an upload (re-encoded, thumbnail, match size)
  const portraits = async (who: { name: string; gender: 'male' | 'female'; hair: string }, count: number, r: Rng) => {
    const images: { full: string; thumb: string; match: string; width: number; height: number }[] = [];
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
  };
  await runPool(missing, 2, async (plan) => {
    if (shouldStop()) return;
    const r = prng(plan.seed);
    const images = await portraits(plan, plan.photoCount, r);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: siteId(SITE_OF_COUNTRY[plan.country] ?? 'localhost'),
          email: plan.email,
          passwordHash: memberHash,
          language: plan.lang,
          status: 'active',
          emailConfirmed: true,
          fictional: plan.fictional,
          paidUser: !plan.fictional && r.chance(0.3),
          signupAt: new Date(Date.now() - r.int(1, 400) * 86400000),
          lastSeenAt: new Date(Date.now() - r.int(0, 7 * 24 * 60) * 60000),
        })
        .returning({ id: users.id, siteId: users.siteId });
      if (!user) throw new Error('seed: user insert failed');
      // demo balances go through the ledger like every other change of credits
      const demoCredits = plan.fictional ? 0 : r.int(0, 3) * 25;
      if (demoCredits > 0) await changeCredits(tx, user.id, demoCredits, 'admin', 'seed');
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
  if (shouldStop()) {
    log(`demo seed stopped at ${total - missing.length + done}/${total} members; the next start goes on from there`);
    return { seeded: done > 0, demoLogins: true, members: done, photos: photoCount, ms: Date.now() - started };
  }

  /**
   * The demo member looks like someone who has been here a while: a main photo, women of the
   * same site who like him (two of them new), one of them liked back (a match, shown on /likes)
   * and one he likes himself. Likes are data only: no mails are sent for them.
   */
  const enliven = async (userId: number) => {
    const r = prng(4242);
    const [demoPhoto] = await portraits({ name: 'Demo', gender: 'male', hair: 'brown' }, 1, r);
    const [home] = await db.select({ siteId: users.siteId }).from(users).where(eq(users.id, userId));
    const women = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          eq(users.siteId, home?.siteId ?? 0),
          eq(profiles.gender, 'female'),
          eq(users.status, 'active'),
          isNotNull(profiles.mainPhotoId),
        ),
      )
      .orderBy(asc(users.id))
      .limit(4);
    await db.transaction(async (tx) => {
      if (demoPhoto) {
        const [row] = await tx
          .insert(photos)
          .values({
            userId,
            filename: demoPhoto.full,
            thumbFilename: demoPhoto.thumb,
            matchFilename: demoPhoto.match,
            status: 'active',
            width: demoPhoto.width,
            height: demoPhoto.height,
          })
          .returning({ id: photos.id });
        if (row) await tx.update(profiles).set({ mainPhotoId: row.id }).where(eq(profiles.userId, userId));
      }
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
      // in this order, so a small seed still gets the match and a new like
      const [match, fresh, fresher, liked] = women.map((w) => w.id);
      const rows: (typeof likes.$inferInsert)[] = [];
      if (match)
        rows.push(
          { likerId: match, likedId: userId, isNew: false, createdAt: hoursAgo(72) },
          { likerId: userId, likedId: match, isNew: false, createdAt: hoursAgo(48) },
        );
      if (fresh) rows.push({ likerId: fresh, likedId: userId, isNew: true, createdAt: hoursAgo(20) });
      if (fresher) rows.push({ likerId: fresher, likedId: userId, isNew: true, createdAt: hoursAgo(2) });
      if (liked) rows.push({ likerId: userId, likedId: liked, isNew: true, createdAt: hoursAgo(5) });
      if (rows.length > 0) await tx.insert(likes).values(rows);
      // conversations (modules/chat): one with the match (all read), one with a chatpal (from his
      // own site if there is one) whose answer he has not read yet
      const [chatpal] = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.fictional, true), eq(users.status, 'active'), eq(users.emailConfirmed, true)))
        .orderBy(sql`${users.siteId} = ${home?.siteId ?? 0} desc`, sql`${profiles.gender} = 'female' desc`, asc(users.id))
        .limit(1);
      if (match) {
        await seedConversation(tx, userId, match, [
          { from: match, body: 'Hoi! Leuk dat we een match hebben 😊', hoursAgo: 47 },
          { from: userId, body: 'Hoi! Ja, vind ik ook. Hoe is je week?', hoursAgo: 46 },
          { from: match, body: 'Druk maar goed. Zin om binnenkort iets te drinken?', hoursAgo: 30 },
        ]);
      }
      if (chatpal) {
        await seedConversation(
          tx,
          userId,
          chatpal.id,
          [
            { from: userId, body: 'Hallo, je profiel sprak me meteen aan!', hoursAgo: 26 },
            { from: chatpal.id, body: 'Wat lief van je! Vertel eens iets over jezelf?', hoursAgo: 1 },
          ],
          userId,
        );
      }
      await seedOperatorInbox(tx, userId, chatpal?.id ?? null);
    });
  };

  /**
   * A few other members wrote to chatpals and wait for an answer, so the operator console
   * (/backoffice/operator, operator@example.com) opens on work to do: each conversation ends with
   * the member's message, in the member's own language, the oldest a day ago.
   */
  const seedOperatorInbox = async (tx: DbOrTx, demoId: number, demoChatpal: number | null) => {
    const pick = (fictional: boolean) =>
      tx
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(
          and(
            eq(users.fictional, fictional),
            eq(users.status, 'active'),
            eq(users.emailConfirmed, true),
            like(users.email, '%@members.example'),
          ),
        )
        .orderBy(asc(users.id))
        .limit(4);
    const chatpals = (await pick(true)).filter((c) => c.id !== demoChatpal).slice(0, INBOX_OPENERS.length);
    const writers = (await pick(false)).filter((m) => m.id !== demoId);
    for (const [i, chatpal] of chatpals.entries()) {
      const writer = writers[i];
      if (!writer) break;
      const lines = INBOX_OPENERS[i] as readonly [Partial<Record<string, string>>, Partial<Record<string, string>>];
      const say = (line: Partial<Record<string, string>>) => line[writer.language] ?? line.en ?? '';
      await seedConversation(
        tx,
        writer.id,
        chatpal.id,
        [
          { from: writer.id, body: say(lines[0]), hoursAgo: 24 - i * 6 },
          { from: writer.id, body: say(lines[1]), hoursAgo: 23 - i * 6 },
        ],
        chatpal.id,
      );
    }
  };

  // the demo member's photo and likes come last, when the women they point at are there
  if (demoId !== null && demoRow?.mainPhotoId == null) await enliven(demoId);
  // fresh statistics for the planner: without them the first queries walk whole tables (the
  // embedded PGlite has no autovacuum to do this later; the maintenance job repeats it)
  await db.execute(sql`analyze`);

  const ms = Date.now() - started;
  log(`seeded ${done} members with ${photoCount} photos in ${(ms / 1000).toFixed(1)} s`);
  return { seeded: true, demoLogins: true, members: done, photos: photoCount, ms };
}
