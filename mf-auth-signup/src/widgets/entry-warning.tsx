/**
 * ./EntryWarning: the site-entry warning (shared-kit's EntryWarningDialog) shown once to
 * logged-out visitors outside the installed app, when the site enables it. Where it is mounted
 * (layouts, NL/DE rule for chat and lander layouts, hidden on complete-signup and reset pages) is
 * the shell's decision.
 */
import '../i18n';
import { useState } from 'react';
import { ENTRY_WARNING_KEY } from '@dating/shared-kit/contracts';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { EntryWarningDialog, NEUTRAL_PAGE, entryWarningSeen, leaveUrl } from '@dating/shared-kit/ui';
import { isInstalledApp } from '../use-viewport';

export { ENTRY_WARNING_KEY, NEUTRAL_PAGE, leaveUrl };
const HIDDEN_PATHS = ['/complete-signup', '/reset-password', '/reset-password/do'];

export default function EntryWarning() {
  const user = useSession();
  const settings = useSettings();
  const [seen, setSeen] = useState<boolean>(entryWarningSeen);
  if (seen || user || isInstalledApp()) return null;
  if (settings && !settings.enable_site_entry_popup) return null;
  if (HIDDEN_PATHS.includes(window.location.pathname.replace(/\/+$/, ''))) return null;
  return <EntryWarningDialog onAccept={() => setSeen(true)} />;
}
