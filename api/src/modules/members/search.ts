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
 *
 * Speed: the page and its count are one statement, prepared per filter shape
 * (which filters are given, logged in or not; the values are parameters), so PostgreSQL parses and
 * plans a search once per connection instead of on every request.
 */
import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { ageOn, MAX_MEMBER_AGE, MIN_MEMBER_AGE, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, ZProfile } from '@dating/shared-kit/contracts';
import type { MemberSearchQuery, MemberSearchResponse, Profile } from '@dating/shared-kit/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles, reportHolds, users } from '../../db/schema';
import { dobBounds, isVisibleMember, profileFields, seekingGenders, serializeRows } from './service';

export interface SearchFilter {
  gender?: string;
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
  /** only verified members (issue 26) */
  verified?: boolean;
}

type Value = string | Placeholder;
/** A filter as SQL values (or placeholders of a prepared statement); absent = not filtered. */
interface FilterValues {
  gender?: Value;
  country?: Value;
  region?: Value;
  latest?: Value;
  earliestExclusive?: Value;
  /** '1': only verified members (its placeholder is not used in the SQL; it names the shape and the cache key) */
  verified?: Value;
}
const FILTER_KEYS = ['gender', 'country', 'region', 'latest', 'earliestExclusive', 'verified'] as const;

/** A member under review after reports (issue 26, reports/service.ts) is out of search and suggestions until a moderator decides. */
const notUnderReview = () => sql`not exists (select 1 from ${reportHolds} where ${reportHolds.userId} = ${profiles.userId})`;

function filterWhere(f: FilterValues): SQL | undefined {
  return and(
    notUnderReview(),
    f.gender !== undefined ? eq(profiles.gender, f.gender) : undefined,
    f.country !== undefined ? eq(profiles.country, f.country) : undefined,
    f.region !== undefined ? eq(profiles.region, f.region) : undefined,
    f.latest !== undefined ? lte(profiles.dateOfBirth, f.latest) : undefined,
    f.earliestExclusive !== undefined ? gt(profiles.dateOfBirth, f.earliestExclusive) : undefined,
    f.verified !== undefined ? isNotNull(profiles.verifiedAt) : undefined,
  );
}

function filterValues(f: SearchFilter, now = new Date()): FilterValues {
  const { latest, earliestExclusive } = dobBounds(f.minAge, f.maxAge, now);
  const values: FilterValues = {
    gender: f.gender,
    country: f.country,
    region: f.region,
    latest,
    earliestExclusive,
    verified: f.verified ? '1' : undefined,
  };
  for (const key of FILTER_KEYS) if (values[key] === undefined) delete values[key];
  return values;
}

export function filterSql(f: SearchFilter, now = new Date()): SQL | undefined {
  return filterWhere(filterValues(f, now));
}

/**
 * The count of a search, capped: it counts at most SEARCH_COUNT_CAP + 1 matches (no join: every
 * filter is on profiles and its partial indexes), so a broad search on a million members costs
 * what a narrow one does. Above the cap the answer says "more than SEARCH_COUNT_CAP".
 */
export function countQuery(db: DbOrTx, where: SQL) {
  const capped = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

/** One page of a search, youngest first (the order the profiles_members_* indexes end in). */
export function pageQuery(db: DbOrTx, where: SQL, pageNumber: number | Placeholder) {
  return youngestFirst(db.select(profileFields).from(profiles).$dynamic(), where, pageNumber);
}

/**
 * One page with the search's capped count as a column (an uncorrelated subquery: PostgreSQL runs
 * it once), so page and count are one statement. An empty page carries no count: `page()` then
 * asks countQuery alone.
 */
function pageWithCountQuery(db: DbOrTx, where: () => SQL, pageNumber: number | Placeholder) {
  const fields = { ...profileFields, total: sql<number>`(${countQuery(db, where())})` };
  return youngestFirst(db.select(fields).from(profiles).$dynamic(), where(), pageNumber);
}

/** The members of `where` with their users row, youngest first, one page. */
function youngestFirst<T extends PgSelect>(query: T, where: SQL, pageNumber: number | Placeholder) {
  return query
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(desc(profiles.dateOfBirth), desc(profiles.userId))
    .limit(SEARCH_PAGE_SIZE)
    .offset(typeof pageNumber === 'number' ? (pageNumber - 1) * SEARCH_PAGE_SIZE : pageNumber);
}

/** The filter of a search as given (`main`) and with the visibility rule for the viewer (`where`). */
export function searchWhere(query: MemberSearchQuery, viewerId: number | null, now?: Date) {
  const filter = searchFilter(query);
  const visible = isVisibleMember(viewerId);
  const main = filterSql(filter, now);
  return { filter, visible, main, where: and(visible, main) as SQL };
}

function searchFilter(query: MemberSearchQuery): SearchFilter {
  return {
    gender: query.gender,
    country: query.country,
    region: query.country ? query.countryregion : undefined,
    minAge: query.min_age,
    maxAge: query.max_age,
    verified: query.verified === '1',
  };
}

/** The given values as placeholders `<prefix><key>`, and the parameters that fill them. */
function asParameters(values: FilterValues, prefix: string): { shape: string; where: FilterValues; params: Record<string, string> } {
  const where: FilterValues = {};
  const params: Record<string, string> = {};
  let shape = '';
  for (const key of FILTER_KEYS) {
    const value = values[key];
    if (value === undefined) {
      shape += '-';
      continue;
    }
    shape += key[0];
    where[key] = sql.placeholder(prefix + key);
    params[prefix + key] = value as string;
  }
  return { shape, where, params };
}

/** The page (with its count) and the count alone of one search shape, prepared once per database handle. */
function preparedPage(db: Db, name: string, where: () => SQL) {
  return prepared(db, name, (d) => ({
    page: pageWithCountQuery(d, where, sql.placeholder('offset')).prepare(`${name}_page`),
    count: countQuery(d, where()).prepare(`${name}_count`),
  }));
}

/**
 * A wire profile already checked by ZProfile and serialized: what the cached pager (search-cache.ts)
 * keeps per member, so a search answer from memory is joined from these texts instead of building,
 * checking and serializing every profile again on every request.
 */
export class ProfileJson {
  constructor(readonly json: string) {}

  static of(profile: Profile): ProfileJson {
    return new ProfileJson(JSON.stringify(ZProfile.parse(profile)));
  }
}

/** One result of a search page: a profile, or its checked JSON text. */
export type SearchResult = Profile | ProfileJson;

/** One page of a search: what `page()` and the cached pager (search-cache.ts) return. */
export interface SearchPage {
  results: SearchResult[];
  numResults: number;
  numResultsCapped?: true;
  pageNumber: number;
  pageSize: number;
}

/** The page's answer fields for `counted` matches (capped at SEARCH_COUNT_CAP). */
export function pageOf(results: SearchResult[], counted: number, pageNumber: number): SearchPage {
  const capped = counted > SEARCH_COUNT_CAP;
  return {
    results,
    numResults: capped ? SEARCH_COUNT_CAP : counted,
    ...(capped ? { numResultsCapped: true as const } : {}),
    pageNumber,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

/** One page and its (capped) count: one prepared statement (two when the page is empty). */
async function page(
  statements: ReturnType<typeof preparedPage>,
  params: Record<string, unknown>,
  pageNumber: number,
  viewerId: number | null,
  cdnPrefix: string,
): Promise<SearchPage> {
  const rows = await statements.page.execute({ ...params, offset: (pageNumber - 1) * SEARCH_PAGE_SIZE });
  let counted = rows[0]?.total;
  if (counted === undefined) counted = pageNumber === 1 ? 0 : Number((await statements.count.execute(params))[0]?.n ?? 0);
  return pageOf(serializeRows(rows, { viewerId, cdnPrefix }), counted, pageNumber);
}

/**
 * A part of a search: the search itself or its similar results. `filter` is its condition besides
 * the visibility rule (with placeholders), `params` fill them, `shape` names its prepared statements.
 */
export interface SearchPart {
  kind: 'search' | 'similar';
  shape: string;
  filter: () => SQL | undefined;
  params: Record<string, string>;
}

/** How a part's page is found: here in the database; search-cache.ts from a shared list of ids. */
export type SearchPager = (part: SearchPart, pageNumber: number) => Promise<SearchPage>;

/** Every page from the database: one prepared statement per part's shape and kind of viewer. */
export function databasePager(db: Db, viewerId: number | null, cdnPrefix: string): SearchPager {
  const viewer = viewerId != null ? sql.placeholder('viewer') : null;
  const viewerParams = viewerId != null ? { viewer: viewerId } : {};
  const who = viewer ? 'v' : 'o';
  return (part, pageNumber) =>
    page(
      preparedPage(db, `${part.kind}_${who}_${part.shape}`, () => and(isVisibleMember(viewer), part.filter()) as SQL),
      { ...viewerParams, ...part.params },
      pageNumber,
      viewerId,
      cdnPrefix,
    );
}

/** A search answer (ZMemberSearchResponse) whose results may be checked JSON texts (ProfileJson). */
export type SearchAnswer = SearchPage & { similar: SearchPage };

function pageJson({ results, numResults, numResultsCapped, pageNumber, pageSize }: SearchPage, similar?: string): string {
  const head = JSON.stringify({ numResults, numResultsCapped, pageNumber, pageSize }).slice(1, -1);
  // a profile object is checked by ZProfile here, as the route's response schema would
  const items = results.map((r) => (r instanceof ProfileJson ? r.json : ProfileJson.of(r).json));
  return `{"results":[${items.join(',')}],${head}${similar === undefined ? '' : `,"similar":${similar}`}}`;
}

/**
 * The answer as the JSON text of ZMemberSearchResponse: the envelope's numbers serialized here, the
 * profiles joined from their checked texts (GET /api/members.php sends this text as it is).
 */
export function searchAnswerJson(answer: SearchAnswer): string {
  const { similar, ...main } = answer;
  return pageJson(main, pageJson(similar));
}

export async function searchMembers(
  db: Db,
  query: MemberSearchQuery,
  opts: { viewerId: number | null; cdnPrefix: string; now?: Date; pager?: SearchPager },
): Promise<SearchAnswer> {
  const pager = opts.pager ?? databasePager(db, opts.viewerId, opts.cdnPrefix);
  const filter = searchFilter(query);
  const main = asParameters(filterValues(filter, opts.now), 'm_');
  const result = await pager(
    { kind: 'search', shape: main.shape, filter: () => filterWhere(main.where), params: main.params },
    query.page ?? 1,
  );

  let similar: SearchPage = { results: [], numResults: 0, pageNumber: 1, pageSize: SEARCH_PAGE_SIZE };
  // the similar results keep "only verified members"
  const relaxedFilter: SearchFilter = {
    gender: filter.gender,
    country: filter.region ? filter.country : undefined,
    verified: filter.verified,
  };
  // something to relax besides gender?
  const isRelaxed = filter.country != null || filter.minAge != null || filter.maxAge != null;
  if (result.numResults < SEARCH_PAGE_SIZE && isRelaxed) {
    const relaxed = asParameters(filterValues(relaxedFilter, opts.now), 'r_');
    similar = await pager(
      {
        kind: 'similar',
        shape: `${main.shape}_${relaxed.shape}`,
        filter: () => {
          const mainWhere = filterWhere(main.where);
          return and(filterWhere(relaxed.where), mainWhere ? sql`(${mainWhere}) is not true` : undefined);
        },
        params: { ...main.params, ...relaxed.params },
      },
      query.similar_page ?? 1,
    );
  }
  return { ...result, similar };
}

/* ---------------- members for you (suggestions) ---------------- */

/** Suggestions are members up to this many years younger or older than the member (18 at least). */
export const SUGGESTION_AGE_SPAN = 10;

/**
 * Who a member is shown without choosing filters ("Leden voor jou" after activation, the swipe
 * game, the match finder): the genders they look for (gender + sexuality, as the search form's
 * default), members of about their age, in the site's countries. One rule for every suggestion.
 */
export interface Suggestion {
  genders: ('male' | 'female')[];
  /** empty: every country */
  countries: string[];
  minAge?: number;
  maxAge?: number;
}

type SuggestionProfile = { gender: string; sexuality: string | null; dateOfBirth: string };

export function suggestionFor(me: SuggestionProfile | undefined, siteCountries: readonly string[], now = new Date()): Suggestion {
  if (!me) return { genders: ['male', 'female'], countries: [...siteCountries] };
  const age = ageOn(me.dateOfBirth, now);
  return {
    genders: seekingGenders(me.gender, me.sexuality),
    countries: [...siteCountries],
    minAge: Math.max(MIN_MEMBER_AGE, age - SUGGESTION_AGE_SPAN),
    maxAge: Math.min(MAX_MEMBER_AGE, age + SUGGESTION_AGE_SPAN),
  };
}

/**
 * SQL over `profiles`: the members of a suggestion that `viewerId` may see. The age bounds are the
 * search's own (filterSql); `ages` replaces the member's age window (the match finder's choice).
 */
export function suggestionWhere(
  s: Suggestion,
  viewerId: number | null,
  ages?: { minAge?: number; maxAge?: number },
  now = new Date(),
): SQL {
  return and(
    isVisibleMember(viewerId),
    inArray(profiles.gender, s.genders),
    s.countries.length > 0 ? inArray(profiles.country, s.countries) : undefined,
    filterSql(ages ?? { minAge: s.minAge, maxAge: s.maxAge }, now),
  ) as SQL;
}

/** GET /api/members.php?suggested=1: one page of a member's suggestions, youngest first (the search's order). */
export async function suggestedMembers(
  db: Db,
  me: SuggestionProfile | undefined,
  opts: { viewerId: number; siteCountries: readonly string[]; cdnPrefix: string; page?: number; now?: Date },
): Promise<MemberSearchResponse> {
  const where = suggestionWhere(suggestionFor(me, opts.siteCountries, opts.now), opts.viewerId, undefined, opts.now);
  const pageNumber = opts.page ?? 1;
  const [rows, [count]] = await Promise.all([pageQuery(db, where, pageNumber), countQuery(db, where)]);
  const counted = Number(count?.n ?? 0);
  const capped = counted > SEARCH_COUNT_CAP;
  return {
    results: serializeRows(rows, { viewerId: opts.viewerId, cdnPrefix: opts.cdnPrefix }),
    numResults: capped ? SEARCH_COUNT_CAP : counted,
    ...(capped ? { numResultsCapped: true } : {}),
    pageNumber,
    pageSize: SEARCH_PAGE_SIZE,
    similar: { results: [], numResults: 0, pageNumber: 1, pageSize: SEARCH_PAGE_SIZE },
  };
}
