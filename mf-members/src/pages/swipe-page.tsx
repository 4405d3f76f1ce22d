import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { Alert, Button, Container, FictionalBadge, FictionalNotice, Spinner, VerifiedBadge } from '@dating/shared-kit/ui';
import { membersApi, refreshLikes, toProfileRef } from '../api';
import { Avatar } from '../components/avatar';
import { errorText, useAsync } from '../components/use-async';
import { useFitHeight } from '../components/use-fit-height';
import '../i18n';

/**
 * The photo's height: as tall as the screen allows with the card's name, Like and Next still on
 * the first screen (1280x800 with the navigation and notices above it), between 200 and 520 px.
 * Measured (useFitHeight); the CSS value is the first guess.
 */
const PHOTO_MIN = 200;
const PHOTO_MAX = 520;
const PHOTO_GUESS = `clamp(${PHOTO_MIN}px, calc(100vh - 440px), ${PHOTO_MAX}px)`;

/** "woensdag 01:00": when the likes come back, in the reader's language and time zone. */
function resetTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** /swipe-game: one member at a time, like or skip; 4 likes a day (the server counts). */
export function SwipePage() {
  const { t, i18n } = useTranslation('members');
  const game = useAsync(() => membersApi.swipeGame(), []);
  const [index, setIndex] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const [resetAt, setResetAt] = useState<string | null>(null);
  const photoBox = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLElement>(null);
  const photoHeight = useFitHeight(photoBox, card, PHOTO_MIN, PHOTO_MAX, [game.data, index, left]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (game.error)
    return (
      <Container>
        <Alert variant="danger">{game.error}</Alert>
      </Container>
    );
  if (!game.data)
    return (
      <Container>
        <Spinner label={t('common.loading')} />
      </Container>
    );
  const likesLeft = left ?? game.data.likes_left;
  const likesBack = resetAt ?? game.data.likes_reset_at;
  const profile = game.data.profiles[index];

  const decide = async (action: 'like' | 'skip') => {
    if (!profile) return;
    setBusy(true);
    setError(null);
    try {
      const res = await membersApi.swipe(profile.id, action);
      setLeft(res.likes_left);
      setResetAt(res.likes_reset_at);
      if (res.match) bus.emit('match:new', { profile: toProfileRef(profile) });
      if (action === 'like') void refreshLikes();
      setIndex((i) => i + 1);
    } catch (e) {
      setError(errorText(e));
      if ((e as { status?: number }).status === 429) {
        setLeft(0);
        const back = ((e as { body?: { likes_reset_at?: unknown } }).body ?? {}).likes_reset_at;
        if (typeof back === 'string') setResetAt(back);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container>
      <div
        css={css`
          max-width: 480px;
          margin: 0 auto;
        `}
      >
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: baseline;
            justify-content: space-between;
            gap: 4px 16px;
            margin-bottom: 12px;
          `}
        >
          <h1
            css={css`
              margin: 0;
            `}
          >
            {t('swipe.title')}
          </h1>
          <p
            role="status"
            css={css`
              font-weight: 600;
              margin: 0;
            `}
          >
            {t('swipe.likesLeft', { count: likesLeft, max: game.data.likes_per_day })}
          </p>
        </div>
        {error && likesLeft > 0 && <Alert variant="warning">{error}</Alert>}
        {profile ? (
          <article
            ref={card}
            aria-label={t('card.nameAge', { name: profile.name, age: profile.age })}
            css={css`
              border-radius: ${radii.lg};
              overflow: hidden;
              box-shadow: ${shadows.md};
              background: ${colors.surface};
            `}
          >
            <div ref={photoBox}>
              <Avatar profile={profile} size="large" variant="full" height={photoHeight === null ? PHOTO_GUESS : `${photoHeight}px`} />
            </div>
            <div
              css={css`
                padding: 12px 16px;
              `}
            >
              <h2
                css={css`
                  margin: 0;
                  display: flex;
                  gap: 8px;
                  align-items: center;
                `}
              >
                <Link to={`/members/${profile.id}`}>{t('card.nameAge', { name: profile.name, age: profile.age })}</Link>
                {profile.fictional && <FictionalBadge />}
                {profile.verified && <VerifiedBadge size={18} />}
              </h2>
              <p
                css={css`
                  color: ${colors.textMuted};
                  margin: 4px 0 0;
                `}
              >
                {profile.city}
              </p>
              {/* a chatpal says so in words on the card, not only with the icon */}
              {profile.fictional && (
                <FictionalNotice
                  css={css`
                    margin: 8px 0 0;
                  `}
                />
              )}
            </div>
            <div
              css={css`
                display: flex;
                gap: 12px;
                padding: 0 16px 16px;
              `}
            >
              <Button variant="outline" fullWidth onClick={() => void decide('skip')} disabled={busy}>
                {t('swipe.skip')}
              </Button>
              <Button
                fullWidth
                onClick={() => void decide('like')}
                disabled={busy || likesLeft <= 0}
                aria-describedby={likesLeft <= 0 ? 'swipe-limit' : undefined}
              >
                {t('swipe.like')}
              </Button>
            </div>
            {likesLeft <= 0 && (
              // why Like is greyed out: the daily limit, and when the likes come back
              <p
                id="swipe-limit"
                css={css`
                  margin: 0;
                  padding: 0 16px 16px;
                  color: ${colors.textMuted};
                  font-size: 0.9rem;
                `}
              >
                {t('swipe.limitReached', { max: game.data.likes_per_day, when: resetTime(likesBack, i18n.language) })}
              </p>
            )}
          </article>
        ) : (
          <p>{t('swipe.done')}</p>
        )}
      </div>
    </Container>
  );
}

export default SwipePage;
