/** A few members for the new member (activation done, sign-up matches): GET /api/members.php. */
import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@dating/shared-kit/api';
import { ZMemberSearchResponse } from '@dating/shared-kit/contracts';
import type { Profile } from '@dating/shared-kit/contracts';
import { Spinner } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';

export function MemberOverview({ limit = 6, title }: { limit?: number; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [profiles, setProfiles] = useState<Profile[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      // the member's suggestions: the genders they look for, about their age, the site's countries
      .get('/api/members.php', ZMemberSearchResponse, { query: { suggested: 1 }, retries: 1 })
      .then((r) => live && setProfiles(r.results.slice(0, limit)))
      .catch(() => live && setProfiles([]));
    return () => {
      live = false;
    };
  }, [limit]);
  return (
    <section aria-label={title}>
      <h2
        css={css`
          font-size: 1.25rem;
        `}
      >
        {title}
      </h2>
      {profiles === null ? (
        <Spinner label={t('common.loading')} />
      ) : profiles.length === 0 ? (
        <p>{t('activate.noMembers')}</p>
      ) : (
        <ul
          css={css`
            list-style: none;
            padding: 0;
            display: grid;
            grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
            gap: 12px;
          `}
        >
          {profiles.map((p) => (
            <li key={p.id}>
              <Link
                to={`/members/${p.id}`}
                css={css`
                  display: block;
                  text-decoration: none;
                  color: inherit;
                `}
              >
                {p.main_image ? (
                  <img
                    src={p.main_image.thumb_filename}
                    alt=""
                    width={140}
                    height={140}
                    css={css`
                      width: 100%;
                      height: auto;
                      border-radius: 8px;
                      aspect-ratio: 1;
                      object-fit: cover;
                    `}
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    css={css`
                      aspect-ratio: 1;
                      border-radius: 8px;
                      background: #f4dbe7;
                    `}
                  />
                )}
                <span
                  css={css`
                    display: block;
                    font-weight: 600;
                    margin-top: 4px;
                  `}
                >
                  {p.name}, {t('activate.age', { age: p.age })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/members">{t('activate.membersCta')}</Link>
    </section>
  );
}
