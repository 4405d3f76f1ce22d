import { css } from '@emotion/react';
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { COUNTRIES } from '@dating/shared-kit/contracts';
import type { RegionsResponse } from '@dating/shared-kit/contracts';
import { toLanguage, useTranslation } from '@dating/shared-kit/i18n';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { colors, mq, radii } from '@dating/shared-kit/theme';
import { Button, Checkbox, Container, RemoteSlot, Select, Spinner } from '@dating/shared-kit/ui';
import { loadRegions } from '../api';
import { countryName } from '../components/country-name';
import { ErrorAlert } from '../components/error-alert';
import { Pager } from '../components/pager';
import { ProfileGrid } from '../components/profile-card';
import { useAsync } from '../components/use-async';
import '../i18n';
import { SEARCH_PARAMS as PARAMS, initialFilters, search, searchQuery } from './search-query';
import type { Filters } from './search-query';

/** The cams/resell tile stands after this many profiles on a result page. */
const RESELL_AFTER = 3;
/**
 * What fills the tile's cell while its remote loads (the cell is hidden only when it fails; its
 * height is the cell's: ProfileGrid's `extra`).
 */
const RESELL_PLACEHOLDER = (
  <div
    aria-hidden="true"
    data-placeholder="resell"
    css={css`
      flex: 1;
    `}
  />
);
/** The ages a search can ask for, 18 to 99 (made once, not on every render). */
const AGES = Array.from({ length: 82 }, (_, i) => String(18 + i)).map((v) => ({ value: v, label: v }));
const MIN_AGES = [{ value: '', label: '18' }, ...AGES.slice(1)];
const MAX_AGES = [{ value: '', label: '99+' }, ...AGES];

/** /members: search with filters, pages with a count, similar results with their own paging. */
export function SearchPage() {
  const { t, i18n } = useTranslation('members');
  const language = toLanguage(i18n.language) ?? 'nl';
  const user = useSession();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const initial = initialFilters(params, user);
  const [form, setForm] = useState<Filters>(initial);
  // "only verified members" (issue 26): `verified=1`, offered on every site
  const [verifiedOnly, setVerifiedOnly] = useState(params.get('verified') === '1');
  // on a phone the filters fold away behind a "Filters" button once results show
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [regions, setRegions] = useState<RegionsResponse | null>(null);

  const query = useMemo(
    () => searchQuery(params, user),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [params.toString(), user?.id],
  );
  const result = useAsync(() => search(query), [JSON.stringify(query)]);

  useEffect(() => {
    if (!form.country) {
      setRegions(null);
      return;
    }
    let alive = true;
    // a transition: the answer re-renders the page, results and all, in slices
    loadRegions(form.country, language)
      .then((r) => alive && startTransition(() => setRegions(r)))
      .catch(() => alive && startTransition(() => setRegions(null)));
    return () => {
      alive = false;
    };
  }, [form.country, language]);

  const countries = settings?.countries?.length ? settings.countries : COUNTRIES;
  const set = (name: keyof Filters) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value, ...(name === 'country' ? { countryregion: '' } : {}) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const name of PARAMS) next.set(name, form[name]);
    if (verifiedOnly) next.set('verified', '1');
    setParams(next);
    setFiltersOpen(false);
  };
  const goto = (name: 'page' | 'similar_page', value: number) => {
    const next = new URLSearchParams(params);
    for (const p of PARAMS) next.set(p, initial[p]);
    next.set(name, String(value));
    setParams(next);
    globalThis.scrollTo?.({ top: 0 });
  };

  // the site decides which filters the search offers (settings.search_fields; empty = all)
  const fields = settings?.search_fields?.length ? settings.search_fields : PARAMS;
  const offers = (name: string) => (fields as readonly string[]).includes(name);
  // a refused search (e.g. an impossible age range) shows its error instead of the previous results
  const data = result.error ? null : result.data;
  const folded = data !== null && !filtersOpen;
  return (
    <Container>
      <h1>{t('search.title')}</h1>
      {data && (
        <Button
          variant="outline"
          aria-expanded={!folded}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen((open) => !open)}
          css={css`
            margin-bottom: 16px;
            ${mq.md} {
              display: none;
            }
          `}
        >
          {t('search.filtersButton')}
        </Button>
      )}
      <form
        id="search-filters"
        onSubmit={submit}
        aria-label={t('search.filters')}
        data-folded={folded || undefined}
        css={[
          css`
            display: grid;
            gap: 12px;
            grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
            align-items: end;
            margin-bottom: 24px;
          `,
          folded &&
            css`
              ${mq.phone} {
                display: none;
              }
            `,
        ]}
      >
        {offers('gender') && (
          <Select
            label={t('search.gender')}
            value={form.gender}
            onChange={set('gender')}
            options={[
              { value: '', label: t('search.anyGender') },
              { value: 'female', label: t('gender.female') },
              { value: 'male', label: t('gender.male') },
            ]}
          />
        )}
        {offers('country') && (
          <Select
            label={t('search.country')}
            value={form.country}
            onChange={set('country')}
            options={[
              { value: '', label: t('search.anyCountry') },
              ...countries.map((c) => ({ value: c, label: countryName(c, i18n.language) })),
            ]}
          />
        )}
        {offers('countryregion') && (
          <Select
            label={regions?.label ?? t('search.region')}
            value={form.countryregion}
            onChange={set('countryregion')}
            disabled={!regions}
            options={[
              { value: '', label: t('search.anyRegion') },
              ...(regions?.regions ?? []).map((r) => ({ value: r.code, label: r.name })),
            ]}
          />
        )}
        {offers('min_age') && <Select label={t('search.minAge')} value={form.min_age} onChange={set('min_age')} options={MIN_AGES} />}
        {offers('max_age') && <Select label={t('search.maxAge')} value={form.max_age} onChange={set('max_age')} options={MAX_AGES} />}
        <Checkbox label={t('search.verifiedOnly')} checked={verifiedOnly} onChange={(e) => setVerifiedOnly(e.target.checked)} />
        <Button type="submit">{t('search.submit')}</Button>
      </form>

      {result.error && <ErrorAlert>{result.error}</ErrorAlert>}
      {result.loading && !data && <Spinner label={t('common.loading')} />}
      {data && (
        <section aria-labelledby="members-results">
          <h2
            id="members-results"
            aria-live="polite"
            css={css`
              font-size: 1.125rem;
              color: ${colors.textMuted};
            `}
          >
            {t(data.numResultsCapped ? 'search.countCapped' : 'search.count', { count: data.numResults })}
          </h2>
          {data.results.length > 0 && (
            <ProfileGrid
              profiles={data.results}
              label={t('search.results')}
              firstScreen
              // the cams/resell tile: only when the site sells it on; mf-landers owns its content.
              // Its cell is kept while mf-landers loads, so the cards after it do not move when it arrives.
              extra={
                settings?.member_resell
                  ? { at: RESELL_AFTER, node: <RemoteSlot id="mf_landers/ResellTile" placeholder={RESELL_PLACEHOLDER} /> }
                  : undefined
              }
            />
          )}
          <Pager
            page={data.pageNumber}
            pageSize={data.pageSize}
            total={data.numResults}
            onPage={(p) => goto('page', p)}
            label={t('search.resultsPaging')}
          />
          {data.similar.numResults > 0 && (
            // a section of its own, boxed, with its own pager inside the box that names it
            <section
              aria-labelledby="members-similar"
              css={css`
                margin-top: 32px;
                padding: 16px;
                border: 1px solid ${colors.border};
                border-radius: ${radii.lg};
                background: ${colors.surface};
              `}
            >
              <h2
                id="members-similar"
                css={css`
                  margin-top: 0;
                `}
              >
                {t('search.similar')}
              </h2>
              <p
                css={css`
                  color: ${colors.textMuted};
                `}
              >
                {t('search.similarIntro', { count: data.similar.numResults })}
              </p>
              <ProfileGrid profiles={data.similar.results} label={t('search.similar')} belowTheFold />
              <Pager
                page={data.similar.pageNumber}
                pageSize={data.similar.pageSize}
                total={data.similar.numResults}
                onPage={(p) => goto('similar_page', p)}
                label={t('search.similarPaging')}
                section={t('search.similar')}
              />
            </section>
          )}
        </section>
      )}
    </Container>
  );
}

export default SearchPage;
