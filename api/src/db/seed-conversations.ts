/**
 * The demo member's social life, so the member pages and the operator console open on something:
 * likes and a match, a conversation with the match and one with a chatpal, and a few other
 * members waiting for a chatpal's answer.
 */
import { and, asc, eq, isNotNull, like, sql } from 'drizzle-orm';
import { seedConversation } from '../modules/chat';
import type { Storage } from '../platform/storage';
import type { Db, DbOrTx } from './client';
import { likes, photos, profiles, users } from './schema';
import { drawPortraits } from './seed-members';
import { prng } from './seed-random';

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

/**
 * The demo member looks like someone who has been here a while: a main photo, women of the
 * same site who like him (two of them new), one of them liked back (a match, shown on /likes)
 * and one he likes himself. Likes are data only: no mails are sent for them.
 */
export async function enlivenDemoMember(db: Db, storage: Storage, userId: number): Promise<void> {
  const r = prng(4242);
  const [demoPhoto] = await drawPortraits(storage, { name: 'Demo', gender: 'male', hair: 'brown' }, 1, r);
  const [home] = await db.select({ siteId: users.siteId }).from(users).where(eq(users.id, userId));
  const women = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(eq(users.siteId, home?.siteId ?? 0), eq(profiles.gender, 'female'), eq(users.status, 'active'), isNotNull(profiles.mainPhotoId)),
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
}

/**
 * A few other members wrote to chatpals and wait for an answer, so the operator console
 * (/backoffice/operator, operator@example.com) opens on work to do: each conversation ends with
 * the member's message, in the member's own language, the oldest a day ago.
 */
async function seedOperatorInbox(tx: DbOrTx, demoId: number, demoChatpal: number | null): Promise<void> {
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
}
