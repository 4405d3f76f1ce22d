/**
 * ./PushAlert (the dismissible "push-notification" alert): offers a logged-in member push
 * notifications of new messages, likes and matches. Only when push is available (shared-kit
 * state/push.ts: service worker, PushManager, Notification, the site's push_public_key) and this
 * browser is neither subscribed nor refused. Its button asks the permission and subscribes
 * (POST /api/user.php?push=1); a refusal is recorded as denied and says how to allow it later;
 * any other failure says so. Dismissible; the dismissal time is stored (back after a week).
 */
import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { enablePush, pushCapable, syncPush, usePushState, useSession, useSettings } from '@dating/shared-kit/state';
import type { EnablePushResult } from '@dating/shared-kit/state';
import { Alert, Button } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';
import { useDismissal } from './use-dismissal';
import { ENRICH_HIDDEN } from './enrich-profile-alert';

export const PUSH_DISMISS_KEY = 'auth:push-dismissed-at';

export default function PushAlert() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const key = useSettings()?.push_public_key ?? null;
  const push = usePushState();
  const { pathname } = useLocation();
  const { hidden, dismiss } = useDismissal(PUSH_DISMISS_KEY);
  const [result, setResult] = useState<EnablePushResult | null>(null);
  const [busy, setBusy] = useState(false);
  const capable = pushCapable(key);

  useEffect(() => {
    if (user && capable && push.unknown) void syncPush(key);
  }, [user, capable, push.unknown, key]);

  if (!user || user.status === 'deleted' || !capable || push.unknown) return null;
  if (ENRICH_HIDDEN.some((re) => re.test(pathname))) return null;
  if (result === 'subscribed') {
    return (
      <Alert variant="success" role="status" onDismiss={() => setResult(null)}>
        {t('push.enabled')}
      </Alert>
    );
  }
  if (result === null && (push.subscribed || push.denied || hidden)) return null;

  const enable = async () => {
    setBusy(true);
    try {
      setResult(await enablePush(key));
    } finally {
      setBusy(false);
    }
  };
  const error = result === 'denied' || result === 'failed' || result === 'unsupported' ? t(`push.error.${result}`) : null;
  return (
    <Alert variant="info" role="status" title={t('push.title')} onDismiss={dismiss}>
      <p css={{ margin: '0 0 8px' }}>{t('push.text')}</p>
      <Button size="sm" onClick={() => void enable()} loading={busy}>
        {t('push.enable')}
      </Button>
      {error ? (
        <p role="alert" css={{ margin: '8px 0 0' }}>
          {error}
        </p>
      ) : null}
    </Alert>
  );
}
