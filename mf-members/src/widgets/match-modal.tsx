import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { bus } from '@dating/shared-kit/bus';
import type { ProfileRef } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { colors, radii } from '@dating/shared-kit/theme';
import { Button, FictionalNotice, Modal } from '@dating/shared-kit/ui';
import { Avatar } from '../components/avatar';
import { useGo } from '../components/use-go';
import '../i18n';

/**
 * The match modal (exposed as ./MatchModal): opens on `match:new`. A click anywhere closes it;
 * the photo opens the profile; the button starts a conversation.
 */
export default function MatchModal() {
  const { t } = useTranslation('members');
  const user = useSession();
  const go = useGo();
  const [profile, setProfile] = useState<ProfileRef | null>(null);
  useEffect(() => bus.on('match:new', ({ profile: p }) => setProfile(p)), []);
  if (!profile) return null;
  const close = () => setProfile(null);
  const open = (to: string) => {
    close();
    go(to);
  };
  return (
    <Modal open onClose={close} title={t('match.title')} dismissible size="sm">
      {/* closes on click: any click inside the content closes; the buttons also navigate */}
      <div
        onClick={close}
        css={css`
          text-align: center;
          cursor: pointer;
        `}
      >
        <p>{t('match.text', { name: profile.name })}</p>
        <div
          css={css`
            display: flex;
            justify-content: center;
            gap: 16px;
            margin: 16px 0;
          `}
        >
          {user && (
            <div
              css={css`
                width: 120px;
                border-radius: ${radii.lg};
                overflow: hidden;
              `}
            >
              <Avatar profile={user.profile} variant="match" />
            </div>
          )}
          <button
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              open(`/members/${profile.id}`);
            }}
            aria-label={t('match.viewProfile', { name: profile.name })}
            css={css`
              width: 120px;
              padding: 0;
              border: 3px solid ${colors.primary};
              border-radius: ${radii.lg};
              overflow: hidden;
              cursor: pointer;
              background: none;
            `}
          >
            <Avatar profile={profile} variant="match" />
          </button>
        </div>
        {profile.fictional && <FictionalNotice />}
        <Button
          fullWidth
          onClick={(e) => {
            e.stopPropagation();
            open(`/members/${profile.id}/chat`);
          }}
        >
          {t('match.startConversation')}
        </Button>
      </div>
    </Modal>
  );
}
