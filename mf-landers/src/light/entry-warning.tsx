/**
 * The site-entry warning on the light lander page (shared-kit's EntryWarningDialog, as the app
 * shows it through mf-auth-signup): for a visitor who has not accepted it yet, outside the
 * installed app. Decided after hydration (only the browser knows), so the server's HTML and the
 * first render in the browser are the same.
 */
import { useEffect, useState } from 'react';
import { EntryWarningDialog, entryWarningSeen } from '@dating/shared-kit/frame';

function installedApp(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function EntryWarningGate() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!entryWarningSeen() && !installedApp()) setShow(true);
  }, []);
  return show ? <EntryWarningDialog onAccept={() => setShow(false)} /> : null;
}
