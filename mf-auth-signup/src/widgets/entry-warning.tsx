/**
 * ./EntryWarning (spec 2): a site-entry warning modal shown once to logged-out visitors outside the
 * installed app, when the site enables it. Where it is mounted (layouts, NL/DE rule for chat and
 * lander layouts, hidden on complete-signup and reset pages) is the shell's decision.
 */
import '../i18n';
import { css } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTRY_WARNING_KEY } from '@dating/shared-kit/contracts';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { Button, Modal } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';
import { readJson, writeJson } from '../storage';
import { isInstalledApp } from '../use-viewport';

export { ENTRY_WARNING_KEY };
const HIDDEN_PATHS = ['/complete-signup', '/reset-password', '/reset-password/do'];

/** Where "Leave" goes when the visitor did not come from another site: a search engine's start page. */
export const NEUTRAL_PAGE = 'https://www.google.com/';

/**
 * Where a visitor who leaves goes: back to the site they came from (document.referrer, when it is
 * another site and a web page), else a neutral page. Never about:blank, never our own pages.
 */
export function leaveUrl(referrer: string, ownOrigin: string): string {
  try {
    const from = new URL(referrer);
    if ((from.protocol === 'https:' || from.protocol === 'http:') && from.origin !== ownOrigin) return from.href;
  } catch {
    // no (valid) referrer
  }
  return NEUTRAL_PAGE;
}

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
        // two equal buttons side by side across the dialog (stacked full width on a narrow phone)
        <div css={css`display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 12px; width: 100%;`}>
          <Button
            variant="outline"
            fullWidth
            onClick={() => {
              // replace: "Back" must not bring the visitor straight back here
              window.location.replace(leaveUrl(document.referrer, window.location.origin));
            }}
          >
            {t('entryWarning.leave')}
          </Button>
          <Button fullWidth onClick={accept}>{t('entryWarning.enter')}</Button>
        </div>
      }
    >
      <p>{t('entryWarning.text')}</p>
    </Modal>
  );
}
