/**
 * ./EntryWarning (spec 2): a site-entry warning modal shown once to logged-out visitors outside the
 * installed app, when the site enables it. Where it is mounted (layouts, NL/DE rule for chat and
 * lander layouts, hidden on complete-signup and reset pages) is the shell's decision.
 */
import '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { Button, Modal } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';
import { readJson, writeJson } from '../storage';
import { isInstalledApp } from '../use-viewport';

export const ENTRY_WARNING_KEY = 'auth:entry-warning-seen';
const HIDDEN_PATHS = ['/complete-signup', '/reset-password', '/reset-password/do'];

export default function EntryWarning() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const settings = useSettings();
  const [seen, setSeen] = useState<boolean>(() => Boolean(readJson<number>('local', ENTRY_WARNING_KEY)));
  if (seen || user || isInstalledApp()) return null;
  if (settings && !settings.enable_site_entry_popup) return null;
  if (HIDDEN_PATHS.includes(window.location.pathname.replace(/\/+$/, ''))) return null;
  const accept = () => {
    writeJson('local', ENTRY_WARNING_KEY, Date.now());
    setSeen(true);
  };
  return (
    <Modal
      open
      title={t('entryWarning.title')}
      dismissible={false}
      size="sm"
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => {
              window.location.href = 'about:blank';
            }}
          >
            {t('entryWarning.leave')}
          </Button>
          <Button onClick={accept}>{t('entryWarning.enter')}</Button>
        </>
      }
    >
      <p>{t('entryWarning.text')}</p>
    </Modal>
  );
}
