/**
 * The site-entry warning on the light lander page (shared-kit's EntryWarningDialog, as the app
 * shows it through mf-auth-signup): for a visitor who has not accepted it yet, outside the
 * installed app.
 *
 * The server renders it open, in place (it is then the first thing a first-time visitor sees,
 * painted with the page instead of after the script). Only the browser knows whether this visitor
 * accepted it already: an inline script in the page's head marks the document at once
 * (`ENTRY_WARNING_ACCEPTED_SCRIPT`) and a style hides the warning for it, so it never flashes;
 * once hydrated, the gate takes the hidden warning out (the first render in the browser is the
 * server's, so hydration matches).
 */
import { useEffect, useState } from 'react';
import { ENTRY_WARNING_KEY, EntryWarningDialog, entryWarningSeen } from '@dating/shared-kit/frame';

const ACCEPTED_ATTR = 'data-entry-warning-accepted';

function installedApp(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** For the page's head: marks the document before the body is painted when the warning is not for this visitor. */
export const ENTRY_WARNING_ACCEPTED_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(ENTRY_WARNING_KEY)})||(window.matchMedia&&matchMedia('(display-mode: standalone)').matches))` +
  `document.documentElement.setAttribute('${ACCEPTED_ATTR}','')}catch(e){}`;
/** For the page's head: the warning stays hidden for a marked document. */
export const ENTRY_WARNING_ACCEPTED_STYLE = `html[${ACCEPTED_ATTR}] [data-entry-warning]{display:none}`;

export function EntryWarningGate() {
  const [show, setShow] = useState(true);
  useEffect(() => {
    if (entryWarningSeen() || installedApp()) setShow(false);
  }, []);
  return show ? (
    <div data-entry-warning="">
      <EntryWarningDialog inline onAccept={() => setShow(false)} />
    </div>
  ) : null;
}
