/**
 * The member search from memory (GET /api/members.php when the answer cache is on): a search's
 * matches are the same for everyone, so this instance keeps, per filter, the ordered ids of the
 * first CANDIDATES matches for SEARCH_CACHE_MS (3 s), shared by every viewer; the viewer's own
 * exclusions (self and blocks either way) and the page are applied per request; the page's
 * profiles come from the answer cache, one entry per member, kept as their checked wire JSON
 * (search.ts ProfileJson) per site CDN prefix and UTC day (the age), so a page from memory is joined
 * from texts and nothing is built, checked or serialized again. The texts are the same for every
 * viewer: a viewer is never in their own results, so no text is an owner's view.
 * When none of the viewer's exclusions is among a list's matches (the usual case), the page is
 * the same for every such viewer and is itself kept, as read from the list and from its
 * profiles (a change of either forgets it) and no longer than the list: such a request joins
 * one kept page's texts and reads nothing else.
 *
 * What a member can see:
 * - Other members' changes: a new profile or a changed gender, country, region or date of birth
 *   makes the database send '0' (migration 0022), which forgets every list on every instance; a
 *   profile's content (name, photo, city) forgets that profile's entry; a member who is no longer
 *   visible (deleted, banned, invisible, not searchable) forgets everything (answer-cache.ts). So
 *   a change shows as soon as the notification arrives (at once on PGlite, milliseconds on
 *   PostgreSQL). Age filters are dates of birth computed per request (part of the list's key), so
 *   a birthday needs no notification. Whatever a notification might miss shows at most
 *   SEARCH_CACHE_MS later: a list is kept no longer.
 * - Their own changes: none. They are never in their own results; their blocks are read again
 *   after any write of theirs (and on every instance as the notification arrives).
 *
 * A page beyond the kept ids, or a viewer with more exclusions than the list's margin, is asked
 * of the database as before (search.ts `databasePager`), so every answer is the database's.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '@dating/shared-kit/contracts';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { blocks, profiles } from '../../db/schema';
import type { AnswerCache } from '../../platform/answer-cache';
import { databasePager, pageOf, ProfileJson, type SearchPager, type SearchPart } from './search';
import { isVisibleMember, loadProfileRows, serializeRows } from './service';

/** How long the shared list of a filter's matches is kept at most. */
export const SEARCH_CACHE_MS = 3000;
/** The member id (none has it) that a list is kept as read from: the database's '0' forgets every list. */
const SEARCH_LISTS = 0;
/** Exclusions a viewer may have among a list's ids before the count needs the database. */
const MARGIN = 50;
/** The ids kept per filter: enough for the capped count after a viewer's exclusions. */
const CANDIDATES = SEARCH_COUNT_CAP + 1 + MARGIN;
const NO_EXCLUSIONS: ReadonlySet<number> = new Set();

/** A part's kept matches: the ids in the search's order, and the same as a set. */
interface Candidates {
  ids: number[];
  has: ReadonlySet<number>;
  /** when the read started (Date.now()): a page kept from the list lives no longer than it */
  readAt: number;
}

/** The first CANDIDATES visible matches of a part, youngest first (the search's order). */
async function candidates(db: Db, part: SearchPart): Promise<Candidates> {
  const readAt = Date.now();
  const name = `${part.kind}_ids_${part.shape}`;
  const statement = prepared(db, name, (d) =>
    d
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(isVisibleMember(null), part.filter()) as SQL)
      .orderBy(desc(profiles.dateOfBirth), desc(profiles.userId))
      .limit(CANDIDATES)
      .prepare(name),
  );
  const ids = (await statement.execute(part.params)).map((r) => r.id);
  return { ids, has: new Set(ids), readAt };
}

/** The viewer and everyone blocked with them, either way (forgotten by any change of their blocks). */
function exclusions(db: Db, answers: AnswerCache, viewerId: number): Promise<ReadonlySet<number>> {
  return answers.read(
    `excluded:${viewerId}`,
    () => [viewerId],
    async () => {
      const statement = prepared(db, 'search_excluded', (d) =>
        d
          .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
          .from(blocks)
          .where(or(eq(blocks.blockerId, sql.placeholder('viewer')), eq(blocks.blockedId, sql.placeholder('viewer'))))
          .prepare('search_excluded'),
      );
      const set = new Set([viewerId]);
      for (const r of await statement.execute({ viewer: viewerId })) set.add(r.blocker === viewerId ? r.blocked : r.blocker);
      return set;
    },
  );
}

/** The search's pager from memory (see the top of this file); the database's pager past what it keeps. */
export function cachedPager(db: Db, answers: AnswerCache, viewerId: number | null, cdnPrefix: string): SearchPager {
  const fromDatabase = databasePager(db, viewerId, cdnPrefix);
  return async (part, pageNumber) => {
    const key = `search:${part.kind}:${part.shape}:${JSON.stringify(part.params)}`;
    let read = false;
    const list = await answers.read(
      key,
      () => [SEARCH_LISTS],
      () => ((read = true), candidates(db, part)),
      SEARCH_CACHE_MS,
    );
    answers.searchStats[read ? 'misses' : 'hits']++;
    const excluded = viewerId == null ? NO_EXCLUSIONS : await exclusions(db, answers, viewerId);
    // usually none of the viewer's exclusions is among the matches (a viewer is rarely among the
    // matches they look for, blocks are few): then the list is the viewer's as it is
    const untouched = ![...excluded].some((id) => list.has.has(id));
    const visible = untouched ? list.ids : list.ids.filter((id) => !excluded.has(id));
    const start = (pageNumber - 1) * SEARCH_PAGE_SIZE;
    // the list was cut at CANDIDATES: it knows the capped count only with few exclusions, and
    // only the pages inside it
    if (list.ids.length >= CANDIDATES && (visible.length <= SEARCH_COUNT_CAP || start + SEARCH_PAGE_SIZE > visible.length)) {
      return fromDatabase(part, pageNumber);
    }
    const pageIds = visible.slice(start, start + SEARCH_PAGE_SIZE);
    const day = new Date().toISOString().slice(0, 10);
    const build = async () => {
      const texts = await answers.readEach<ProfileJson>(`profile-json:${cdnPrefix}:${day}`, pageIds, async (missing) => {
        const profiles = serializeRows(await loadProfileRows(db, missing), { viewerId: null, cdnPrefix });
        return new Map(profiles.map((p) => [p.id, ProfileJson.of(p)]));
      });
      const results = pageIds.map((id) => texts.get(id)).filter((t): t is ProfileJson => t !== undefined);
      return pageOf(results, visible.length, pageNumber);
    };
    if (!untouched) return build();
    // then the page is the same for every such viewer: kept as read from the list and from its
    // profiles (a change of either forgets it), and no longer than the list itself
    const listLeftMs = list.readAt + SEARCH_CACHE_MS - Date.now();
    return answers.read(`${key}:page:${pageNumber}:${cdnPrefix}:${day}`, () => [SEARCH_LISTS, ...pageIds], build, Math.max(0, listLeftMs));
  };
}
