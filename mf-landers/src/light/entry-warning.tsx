/**
 * The site-entry warning on the light lander page: a visitor who has not accepted it yet (and is
 * not in the installed app) gets the app started on this page, which shows the warning as on every
 * other page (mf-auth-signup's ./EntryWarning). Decided after hydration: only the browser knows.
 */
import { useEffect } from 'react';
import { ENTRY_WARNING_KEY } from '@dating/shared-kit/contracts';
import { upgradeToApp } from './upgrade';

function accepted(): boolean {
  try {
    return window.localStorage.getItem(ENTRY_WARNING_KEY) !== null;
  } catch {
    return false;
  }
}

function installedApp(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function EntryWarningGate() {
  useEffect(() => {
    if (!accepted() && !installedApp()) upgradeToApp({ openSignup: false });
  }, []);
  return null;
}
