import { css } from '@emotion/react';
import { useEffect } from 'react';
import { NavLink, useParams } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import type { MemberLikes, Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Container, Spinner } from '@dating/shared-kit/ui';
import { membersApi, publishLikes } from '../api';
import { cardGridStyle, ProfileCard } from '../components/profile-card';
import { useAsync } from '../components/use-async';
import '../i18n';

export const LIKE_TYPES = ['liked-by', 'liked', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

function pick(likes: MemberLikes, type: LikeType): { profile: Profile; isNew: boolean }[] {
  const byId = new Map(likes.profiles.map((p) => [p.id, p]));
  const entries =
    type === 'liked-by'
      ? likes.liked_by.map((l) => ({ id: l.id, isNew: l.like_new }))
      : (type === 'liked' ? likes.liked : likes.matches).map((id) => ({ id, isNew: false }));
  return entries.flatMap((e) => {
    const profile = byId.get(e.id);
    return profile ? [{ profile, isNew: e.isNew }] : [];
  });
}

/** /likes and /likes/:type: who likes me (new first), whom I like, and matches. */
export function LikesPage() {
  const { t } = useTranslation('members');
  const params = useParams();
  const type: LikeType = (LIKE_TYPES as readonly string[]).includes(params.type ?? '') ? (params.type as LikeType) : 'liked-by';
  const result = useAsync(() => membersApi.likes(), []);
  useEffect(() => {
    if (result.data) publishLikes(result.data);
  }, [result.data]);
  // a like or a match arrives live (the realtime socket, through the bus): show it without a reload
  const { reload } = result;
  useEffect(() => {
    const offs = [bus.on('like:new', reload), bus.on('match:new', reload)];
    return () => offs.forEach((off) => off());
  }, [reload]);
  const likes = result.data;
  const counts: Record<LikeType, number> = {
    'liked-by': likes?.liked_by.length ?? 0,
    liked: likes?.liked.length ?? 0,
    matches: likes?.matches.length ?? 0,
  };
  const list = likes ? pick(likes, type) : [];
  return (
    <Container>
      <h1>{t('likes.title')}</h1>
      <nav
        aria-label={t('likes.tabs')}
        css={css`
          display: flex;
          gap: 8px;
          flex-wrap: wrap;
          margin-bottom: 20px;
        `}
      >
        {LIKE_TYPES.map((tab) => (
          <NavLink
            key={tab}
            to={tab === 'liked-by' ? '/likes' : `/likes/${tab}`}
            end
            aria-current={tab === type ? 'page' : undefined}
            css={css`
              padding: 8px 16px;
              border-radius: ${radii.pill};
              text-decoration: none;
              font-weight: 600;
              background: ${tab === type ? colors.primary : colors.primarySoft};
              color: ${tab === type ? '#fff' : colors.primaryHover};
            `}
          >
            {t(`likes.tab.${tab}`)} ({counts[tab]})
          </NavLink>
        ))}
      </nav>
      {result.error && <Alert variant="danger">{result.error}</Alert>}
      {!likes && !result.error && <Spinner label={t('common.loading')} />}
      {likes && list.length === 0 && <p>{t(`likes.empty.${type}`)}</p>}
      {list.length > 0 && (
        <ul aria-label={t(`likes.tab.${type}`)} css={cardGridStyle}>
          {list.map(({ profile, isNew }) => (
            <li
              key={profile.id}
              css={css`
                position: relative;
              `}
            >
              {isNew && (
                <span
                  css={css`
                    position: absolute;
                    top: 8px;
                    left: 8px;
                    z-index: 1;
                  `}
                >
                  <Badge tone="primary">{t('likes.new')}</Badge>
                </span>
              )}
              <ProfileCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export default LikesPage;
