/**
 * The chat's safety tip (issue 26 part 3): in a conversation with someone new (no message from
 * them yet), a short tip: never send money, stay on the site until you trust someone, how to
 * report. Shown until the member dismisses it; the server remembers that (POST /api/safety-tip.php),
 * so it does not come back on another device. Not in a chatpal's conversation (the site's own
 * profiles ask for nothing).
 */
import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import type { Message, Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Button } from '@dating/shared-kit/ui';
import { chatApi } from '../api';
import { NAMESPACE } from '../i18n';

export interface SafetyTipProps {
  profile: Profile;
  messages: Message[];
  /** older messages exist: not a new conversation */
  hasMore: boolean;
}

export function SafetyTip({ profile, messages, hasMore }: SafetyTipProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const [show, setShow] = useState(false);
  const isNew = !profile.fictional && !hasMore && !messages.some((m) => m.sender === profile.id);

  useEffect(() => {
    if (!isNew) return undefined;
    let live = true;
    chatApi.safetyTip().then(
      (r) => live && setShow(r.show),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isNew]);

  if (!isNew || !show) return null;
  const dismiss = () => {
    setShow(false);
    void chatApi.dismissSafetyTip().catch(() => undefined);
  };
  return (
    <section
      aria-labelledby={headingId}
      css={css`
        margin: 0 0 8px;
        padding: 10px 12px;
        border: 1px solid ${colors.border};
        border-left: 4px solid ${colors.primary};
        border-radius: ${radii.md};
        background: ${colors.surface};
        font-size: 0.875rem;
      `}
    >
      <h2
        id={headingId}
        css={css`
          margin: 0 0 4px;
          font-size: 1rem;
        `}
      >
        {t('safety.title')}
      </h2>
      <ul
        css={css`
          margin: 0 0 8px;
          padding-left: 1.2em;
          display: grid;
          gap: 2px;
        `}
      >
        <li>{t('safety.money')}</li>
        <li>{t('safety.stay')}</li>
        <li>{t('safety.report')}</li>
      </ul>
      <Button variant="outline" size="sm" onClick={dismiss}>
        {t('safety.dismiss')}
      </Button>
    </section>
  );
}
