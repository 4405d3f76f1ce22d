import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { bus } from '@dating/shared-kit/bus';
import type { ProfileRef } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { getSession } from '@dating/shared-kit/state';
import { radii } from '@dating/shared-kit/theme';
import { Button, FictionalNotice, Modal } from '@dating/shared-kit/ui';
import { membersApi, refreshLikes } from '../api';
import { Avatar } from '../components/avatar';
import { useCurrentPath, useGo } from '../components/use-go';
import '../i18n';

/** Reload delay of the likes after an auto-like. */
export const AUTO_LIKE_RELOAD_MS = 500;

/** `?t=N` -> N seconds, and the address without the parameter; null when there is none. */
export function readDelayParam(path: string): { seconds: number | null; rest: string } | null {
  const url = new URL(path, 'http://x');
  const raw = url.searchParams.get('t');
  if (raw === null) return null;
  url.searchParams.delete('t');
  const seconds = Number(raw);
  return {
    seconds: raw.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 3600) : null,
    rest: `${url.pathname}${url.search}${url.hash}`,
  };
}

/**
 * The like popup (exposed as ./LikeModal, mounted by the default layout). Opens on `like:open`,
 * and for `?t=N`: after N seconds it asks /api/auto-like.php for a liker or suggestion, shows it,
 * and reloads the likes 500 ms later (badge).
 */
export default function LikeModal() {
  const { t } = useTranslation('members');
  const go = useGo();
  const path = useCurrentPath();
  const [profile, setProfile] = useState<ProfileRef | null>(null);

  useEffect(() => bus.on('like:open', ({ profile: p }) => setProfile(p)), []);
  useEffect(() => {
    const param = readDelayParam(path);
    if (!param) return;
    // the parameter is removed from the address (inside the shell's router when there is one)
    go(param.rest, { replace: true });
    const { seconds } = param;
    if (seconds === null) return;
    let reload: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      if (!getSession()) return;
      membersApi
        .autoLike()
        .then((res) => {
          if (res.profile) setProfile(res.profile);
          reload = setTimeout(() => void refreshLikes(), AUTO_LIKE_RELOAD_MS);
        })
        .catch(() => undefined);
    }, seconds * 1000);
    return () => {
      clearTimeout(timer);
      if (reload) clearTimeout(reload);
    };
    // once, at mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!profile) return null;
  const close = () => setProfile(null);
  const open = (to: string) => {
    close();
    go(to);
  };
  return (
    <Modal open onClose={close} title={t('like.title')} dismissible size="sm">
      <div
        css={css`
          text-align: center;
        `}
      >
        <button
          type="button"
          onClick={() => open(`/members/${profile.id}`)}
          aria-label={t('like.viewProfile', { name: profile.name })}
          css={css`
            width: 160px;
            padding: 0;
            border: 0;
            border-radius: ${radii.lg};
            overflow: hidden;
            cursor: pointer;
            background: none;
            margin: 0 auto 12px;
            display: block;
          `}
        >
          <Avatar profile={profile} variant="match" />
        </button>
        <p>{t('like.text', { name: profile.name })}</p>
        {profile.fictional && <FictionalNotice />}
        <div
          css={css`
            display: grid;
            gap: 8px;
          `}
        >
          <Button fullWidth onClick={() => open(`/members/${profile.id}/chat`)}>
            {t('like.startConversation')}
          </Button>
          <Button fullWidth variant="outline" onClick={() => open(`/members/${profile.id}`)}>
            {t('like.viewProfile', { name: profile.name })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
