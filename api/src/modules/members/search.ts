/**
 * Member search (GET /api/members.php). The member pool is shared by all regional sites.
 *
 * Filter: gender, country, region (countryregion), age range (as date_of_birth bounds), plus the
 * visibility rule of service.ts. Order: date_of_birth DESC, user_id DESC (youngest first) so that
 * the partial indexes profiles_members_* (gender, country[, region], date_of_birth) WHERE status =
 * 'active' serve filter and order together (checked by search.test.ts with EXPLAIN).
 *
 * Counts are capped at SEARCH_COUNT_CAP (countQuery): "more than 1000 members found" instead of a scan.
 *
 * Similar results: when the search finds fewer than one page, the filters are relaxed (region and
 * age dropped; country dropped too when no region was given) and the members not already in the
 * results are offered with their own paging.
 */
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '@dating/shared-kit/contracts';
import type { MemberSearchQuery, MemberSearchResponse } from '@dating/shared-kit/contracts';
import type { DbOrTx } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { dobBounds, isVisibleMember, profileFields, serializeRows } from './service';

export interface SearchFilter {
  gender?: string;
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
}

export function filterSql(f: SearchFilter, now = new Date()): SQL | undefined {
  const { latest, earliestExclusive } = dobBounds(f.minAge, f.maxAge, now);
  return and(
    f.gender ? eq(profiles.gender, f.gender) : undefined,
    f.country ? eq(profiles.country, f.country) : undefined,
    f.region ? eq(profiles.region, f.region) : undefined,
    latest ? lte(profiles.dateOfBirth, latest) : undefined,
    earliestExclusive ? gt(profiles.dateOfBirth, earliestExclusive) : undefined,
  );
}

/**
 * The count of a search, capped: it counts at most SEARCH_COUNT_CAP + 1 matches (no join: every
 * filter is on profiles and its partial indexes), so a broad search on a million members costs
 * what a narrow one does. Above the cap the answer says "more than SEARCH_COUNT_CAP".
 */
export function countQuery(db: DbOrTx, where: SQL) {
  const capped = db.select({ one: sql`1` }).from(profiles).where(where).limit(SEARCH_COUNT_CAP + 1).as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

/** One page of a search, youngest first (the order the profiles_members_* indexes end in). */
export function pageQuery(db: DbOrTx, where: SQL, pageNumber: number) {
  return db
    .select(profileFields)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(desc(profiles.dateOfBirth), desc(profiles.userId))
    .limit(SEARCH_PAGE_SIZE)
    .offset((pageNumber - 1) * SEARCH_PAGE_SIZE);
}

/** One page and its (capped) count: two queries side by side. */
async function page(db: DbOrTx, where: SQL, pageNumber: number, viewerId: number | null, cdnPrefix: string) {
  const [[countRow], rows] = await Promise.all([countQuery(db, where), pageQuery(db, where, pageNumber)]);
  const counted = Number(countRow?.n ?? 0);
  const results = serializeRows(rows, { viewerId, cdnPrefix });
  const capped = counted > SEARCH_COUNT_CAP;
  return { results, numResults: capped ? SEARCH_COUNT_CAP : counted, ...(capped ? { numResultsCapped: true } : {}), pageNumber, pageSize: SEARCH_PAGE_SIZE };
}

/** The filter of a search as given (`main`) and with the visibility rule for the viewer (`where`). */
export function searchWhere(query: MemberSearchQuery, viewerId: number | null, now?: Date) {
  const filter: SearchFilter = {
    gender: query.gender,
    country: query.country,
    region: query.country ? query.countryregion : undefined,
    minAge: query.min_age,
    maxAge: query.max_age,
  };
  const visible = isVisibleMember(viewerId);
  const main = filterSql(filter, now);
  return { filter, visible, main, where: and(visible, main) as SQL };
}

export async function searchMembers(
  db: DbOrTx,
  query: MemberSearchQuery,
  opts: { viewerId: number | null; cdnPrefix: string; now?: Date },
): Promise<MemberSearchResponse> {
  const { filter, visible, main, where } = searchWhere(query, opts.viewerId, opts.now);
  const result = await page(db, where, query.page ?? 1, opts.viewerId, opts.cdnPrefix);

  let similar = { results: [] as MemberSearchResponse['results'], numResults: 0, pageNumber: 1, pageSize: SEARCH_PAGE_SIZE };
  const relaxed: SearchFilter = { gender: filter.gender, country: filter.region ? filter.country : undefined };
  // something to relax besides gender?
  const isRelaxed = filter.country != null || filter.minAge != null || filter.maxAge != null;
  if (result.numResults < SEARCH_PAGE_SIZE && isRelaxed) {
    const relaxedWhere = and(visible, filterSql(relaxed, opts.now), main ? sql`(${main}) is not true` : undefined) as SQL;
    similar = await page(db, relaxedWhere, query.similar_page ?? 1, opts.viewerId, opts.cdnPrefix);
  }
  return { ...result, similar };
}
