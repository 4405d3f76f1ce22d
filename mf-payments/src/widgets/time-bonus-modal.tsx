/**
 * Time-bonus modal: opens after 40 s in the members area, only for a logged-in
 * member with 0 credits, while the time bonus runs and the modal was not closed before. Closing
 * stores the time of the dismissal (localStorage), so it never opens again in this browser.
 * Time spent outside the members area does not count; it goes on counting when the member comes
 * back.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isMembersArea } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { colors } from '@dating/shared-kit/theme';
import { Modal, buttonStyles } from '@dating/shared-kit/ui';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { formatCountdown } from '../lib/countdown';
import { useActiveBonus } from '../time-bonus';

export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const DISMISSED_KEY = 'payments.timebonus_modal_dismissed_at';

function dismissedBefore(): boolean {
  try {
    return globalThis.localStorage?.getItem(DISMISSED_KEY) != null;
  } catch {
    return false;
  }
}

function storeDismissal(): void {
  try {
    globalThis.localStorage?.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // storage refused (private mode): it only shows again on the next page load
  }
}

export default function TimeBonusModal() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const active = useActiveBonus();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const spent = useRef(0);

  const bonus = active?.bonus.kind === 'timebonus' ? active : null;
  const eligible = user !== null && user.credits === 0 && bonus !== null && !dismissed;
  const inArea = isMembersArea(pathname);

  useEffect(() => {
    if (!eligible || !inArea || open) return undefined;
    const since = Date.now();
    const timer = setTimeout(() => setOpen(true), Math.max(0, TIME_BONUS_MODAL_DELAY_MS - spent.current));
    return () => {
      clearTimeout(timer);
      spent.current += Date.now() - since;
    };
  }, [eligible, inArea, open]);

  const close = () => {
    storeDismissal();
    setDismissed(true);
    setOpen(false);
  };

  if (!open || !eligible || !bonus) return null;
  return (
    <Modal open onClose={close} title={t('bonus.specialOffer')} size="sm">
      <p css={{ margin: '0 0 0.5rem', fontSize: '2.5rem', fontWeight: 800, color: colors.primary, lineHeight: 1.1 }}>
        {t('bonus.percentOff', { percent: bonus.bonus.percentage })}
      </p>
      <p css={{ margin: '0 0 0.5rem' }}>{t('bonus.actFast')}</p>
      <p css={{ margin: '0 0 0.5rem' }}>
        {t('bonus.offerValid')}{' '}
        <time dateTime={`PT${bonus.secondsLeft}S`} css={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
          {formatCountdown(bonus.countdown)}
        </time>
      </p>
      <p css={{ margin: '0 0 1.25rem' }}>{t('bonus.instant')}</p>
      <Link to="/credits" onClick={close} css={buttonStyles('primary', 'lg', true)}>
        {t('bonus.unlock')}
      </Link>
    </Modal>
  );
}
