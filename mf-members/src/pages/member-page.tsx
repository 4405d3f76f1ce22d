import { css } from '@emotion/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import type { MemberPhoto, MemberResponse } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { colors, mq, radii } from '@dating/shared-kit/theme';
import {
  Alert,
  Button,
  Container,
  FictionalBadge,
  FictionalNotice,
  ReportDialog,
  Spinner,
  VerifiedBadge,
  buttonStyles,
  useCommonT,
} from '@dating/shared-kit/ui';
import { likeProfile, membersApi, refreshLikes } from '../api';
import { Avatar } from '../components/avatar';
import { countryName } from '../components/country-name';
import { ErrorAlert } from '../components/error-alert';
import { ProfileGrid } from '../components/profile-card';
import { ProfileDetails } from '../components/profile-details';
import { Presence } from '../components/presence';
import { errorText, useAsync } from '../components/use-async';
import '../i18n';

function Thumbnails({
  photos,
  name,
  current,
  onSelect,
}: {
  photos: MemberPhoto[];
  name: string;
  current: number;
  onSelect: (i: number) => void;
}) {
  const { t } = useTranslation('members');
  const loggedIn = useSession() !== null;
  return (
    <ul
      aria-label={t('member.photos')}
      css={css`
        list-style: none;
        padding: 0;
        margin: 12px 0;
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      `}
    >
      {photos.map((p, i) => (
        <li
          key={p.id}
          css={css`
            position: relative;
            width: 72px;
            height: 72px;
          `}
        >
          {p.locked ? (
            <Link
              to={loggedIn ? '/premium' : '/signup?reason=photo'}
              onClick={(event) => {
                if (loggedIn) return;
                // a visitor: the sign-up (modal on a desktop) with the product's "log in to see photos"
                event.preventDefault();
                bus.emit('signup:open', { reason: 'photo' });
              }}
              aria-label={t('member.lockedPhoto', { number: i + 1 })}
              css={css`
                display: grid;
                place-items: center;
                width: 100%;
                height: 100%;
                border-radius: ${radii.md};
                background: linear-gradient(135deg, ${colors.darkSoft}, ${colors.primary});
                color: #fff;
                text-decoration: none;
                font-size: 1.5rem;
              `}
            >
              <svg
                aria-hidden="true"
                width="26"
                height="26"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              >
                <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" stroke="none" />
                <path d="M8 11V8a4 4 0 0 1 8 0v3" />
              </svg>
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => onSelect(i)}
              aria-pressed={current === i}
              aria-label={t('member.showPhoto', { number: i + 1, name })}
              css={css`
                padding: 0;
                border: 3px solid ${current === i ? colors.primary : 'transparent'};
                border-radius: ${radii.md};
                overflow: hidden;
                width: 100%;
                height: 100%;
                cursor: pointer;
                background: none;
              `}
            >
              <img
                src={p.thumb_filename}
                alt=""
                css={css`
                  width: 100%;
                  height: 100%;
                  object-fit: cover;
                  display: block;
                `}
              />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function MemberView({ data, onChange }: { data: MemberResponse; onChange: (next: MemberResponse) => void }) {
  const { t, i18n } = useTranslation('members');
  const user = useSession();
  const { profile, photos } = data;
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [blocked, setBlocked] = useState(false);
  // "Rapporteren" (issue 26): the shared report dialog; a report with "also block" shows the blocked view once it closes
  const common = useCommonT();
  const [reporting, setReporting] = useState(false);
  const [blockedByReport, setBlockedByReport] = useState(false);
  const closeReport = () => {
    setReporting(false);
    if (blockedByReport) {
      setBlocked(true);
      onChange({ ...data, liked: false, liked_me: false, match: false });
      setStatus(t('member.blocked', { name: profile.name }));
      void refreshLikes();
    }
  };
  const shown = photos[current];
  const lockedCount = photos.filter((p) => p.locked).length;
  const isOwn = user?.id === profile.id;

  const act = async (fn: () => Promise<void>, reason?: 'like') => {
    if (!user) {
      bus.emit('signup:open', reason ? { reason } : {});
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const toggleLike = () =>
    act(async () => {
      if (data.liked) {
        await membersApi.unlike(profile.id);
        onChange({ ...data, liked: false, match: false });
        setStatus(t('member.unliked', { name: profile.name }));
        void refreshLikes();
      } else {
        const match = await likeProfile(profile);
        onChange({ ...data, liked: true, match });
        setStatus(t('member.liked', { name: profile.name }));
      }
    }, 'like');
  const toggleBlock = () =>
    act(async () => {
      if (blocked) {
        await membersApi.unblock(profile.id);
        setBlocked(false);
        setStatus(t('member.unblocked', { name: profile.name }));
      } else {
        await membersApi.block(profile.id);
        setBlocked(true);
        onChange({ ...data, liked: false, liked_me: false, match: false });
        setStatus(t('member.blocked', { name: profile.name }));
        void refreshLikes();
      }
    });

  if (blocked) {
    return (
      <Container>
        <h1>{profile.name}</h1>
        <p role="status">{status}</p>
        <p>{t('member.blockedExplain')}</p>
        <Button variant="outline" onClick={toggleBlock} loading={busy}>
          {t('member.unblock')}
        </Button>
      </Container>
    );
  }
  return (
    <Container>
      <div
        css={css`
          display: grid;
          gap: 24px;
          ${mq.md} {
            grid-template-columns: minmax(260px, 400px) 1fr;
          }
        `}
      >
        <div>
          {shown && !shown.locked ? (
            <img
              src={shown.filename}
              alt={t('photo.of', { name: profile.name })}
              css={css`
                width: 100%;
                border-radius: ${radii.lg};
                display: block;
              `}
            />
          ) : (
            <div
              css={css`
                border-radius: ${radii.lg};
                overflow: hidden;
              `}
            >
              <Avatar profile={profile} size="large" variant="full" />
            </div>
          )}
          <p
            css={css`
              color: ${colors.textMuted};
              margin: 8px 0 0;
            `}
          >
            {t('member.photoCount', { count: data.photo_count })}
          </p>
          {photos.length > 1 && <Thumbnails photos={photos} name={profile.name} current={current} onSelect={setCurrent} />}
          {lockedCount > 0 && (
            <Alert
              variant="info"
              title={t('member.premiumOnlyTitle')}
              action={
                <Link to="/premium" css={buttonStyles('primary', 'sm')}>
                  {t('member.getPremium')}
                </Link>
              }
            >
              {t('member.premiumOnly', { count: lockedCount })}
            </Alert>
          )}
        </div>
        <div>
          <h1
            css={css`
              display: flex;
              align-items: center;
              gap: 10px;
              margin-top: 0;
            `}
          >
            {t('card.nameAge', { name: profile.name, age: profile.age })}
            {profile.fictional && <FictionalBadge showText />}
            {profile.verified && <VerifiedBadge size={20} />}
          </h1>
          <p
            css={css`
              color: ${colors.textMuted};
            `}
          >
            {[profile.city, countryName(profile.country, i18n.language)].filter(Boolean).join(', ')}
          </p>
          {!isOwn && data.presence && <Presence presence={data.presence} />}
          {profile.fictional && <FictionalNotice />}
          {data.match && (
            <p
              css={css`
                color: ${colors.success};
                font-weight: 700;
              `}
            >
              {t('member.isMatch')}
            </p>
          )}
          {!data.match && data.liked_me && (
            <p
              css={css`
                color: ${colors.primary};
                font-weight: 700;
              `}
            >
              {t('member.likesYou', { name: profile.name })}
            </p>
          )}
          {!isOwn && (
            <div
              css={css`
                display: flex;
                flex-wrap: wrap;
                gap: 10px;
                margin: 16px 0;
              `}
            >
              <Button onClick={toggleLike} loading={busy} aria-pressed={data.liked} variant={data.liked ? 'outline' : 'primary'}>
                {data.liked ? t('member.unlike') : t('member.like')}
              </Button>
              <Link to={`/members/${profile.id}/chat`} css={buttonStyles('secondary')}>
                {t('member.message')}
              </Link>
              <Link to={`/members/${profile.id}/chat?gift=1`} css={buttonStyles('outline')}>
                {t('member.gift')}
              </Link>
              <Button variant="ghost" onClick={toggleBlock} loading={busy}>
                {t('member.block')}
              </Button>
              {user && (
                <Button variant="ghost" onClick={() => setReporting(true)} aria-haspopup="dialog">
                  {common('report.action')}
                </Button>
              )}
            </div>
          )}
          {user && !isOwn && (
            <ReportDialog
              open={reporting}
              onClose={closeReport}
              profile={{ id: profile.id, name: profile.name }}
              onReported={(r) => setBlockedByReport(r.blocked)}
            />
          )}
          <p
            role="status"
            css={css`
              min-height: 1.5em;
            `}
          >
            {status}
          </p>
          {error && <Alert variant="danger">{error}</Alert>}
          <ProfileDetails profile={profile} />
        </div>
      </div>
      {data.related.length > 0 && (
        <section
          aria-labelledby="related-heading"
          css={css`
            margin-top: 40px;
          `}
        >
          <h2 id="related-heading">{t('member.related')}</h2>
          <ProfileGrid profiles={data.related} label={t('member.related')} belowTheFold />
        </section>
      )}
    </Container>
  );
}

/** /members/:id (and /likes/m/:id): a member's profile. */
export function MemberPage() {
  const { t } = useTranslation('members');
  const { id } = useParams();
  const memberId = Number(id);
  const result = useAsync(() => membersApi.member(memberId), [memberId]);
  // opening a liked-by profile clears its new flag on the server: refresh the badge
  const loaded = result.data?.profile.id;
  useAsync(async () => (loaded ? refreshLikes() : null), [loaded]);
  if (!Number.isInteger(memberId) || memberId <= 0)
    return (
      <Container>
        <Alert variant="danger">{t('member.notFound')}</Alert>
      </Container>
    );
  if (result.error)
    return (
      <Container>
        <ErrorAlert>{result.error}</ErrorAlert>
        <Link to="/members">{t('member.backToSearch')}</Link>
      </Container>
    );
  if (!result.data)
    return (
      <Container>
        <Spinner label={t('common.loading')} />
      </Container>
    );
  return <MemberView key={result.data.profile.id} data={result.data} onChange={result.setData} />;
}

export default MemberPage;
