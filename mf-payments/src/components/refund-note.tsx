import { Link } from 'react-router';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSettings } from '@dating/shared-kit/state';
import { colors } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../i18n';

/** One-time payment, the refund period of the site's settings and the return policy. */
export function RefundNote() {
  const { t } = useTranslation(NAMESPACE);
  const settings = useSettings();
  return (
    <p css={{ margin: '0.75rem 0 0', fontSize: '0.875rem', color: colors.textMuted }}>
      <strong>{t('refund.oneTime')}</strong> {settings ? `${t('refund.period', { refund_days: settings.refund_days })} ` : null}
      <Link to="/pages/return-policy">{t('refund.policy')}</Link>
    </p>
  );
}
