/**
 * A member's notices (shell layouts/notices.tsx): the alerts (e-mail reminder, notifications,
 * enrich profile, push, welcome bonus, a handled report) wait behind a bell in the top bar named
 * with their count ("Meldingen (2)", "(nieuw)" while one is unseen), which opens a panel named
 * "Meldingen" hanging from the top bar. A test that works with an alert opens the panel first, as
 * a member does. (Mail bouncing is the exception: it stands inline at the top of /members.)
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Language } from './fixtures';
import { localeText } from './texts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const shellText = (key: string, lng: Language) => localeText('shell/src/locales', key, lng);

/** The bell's accessible name, e.g. /^Meldingen( \(\d+\))?( \(nieuw\))?$/ in Dutch; `counted`: only with a count. */
export function noticesBellName(lng: Language = 'nl', { counted = false } = {}): RegExp {
  const withCount = escape(shellText('notices.bellCount', lng)).replace('\\{\\{count\\}\\}', '\\d+');
  const forms = counted ? withCount : `${withCount}|${escape(shellText('notices.bell', lng))}`;
  return new RegExp(`^(${forms})( ${escape(shellText('notices.new', lng))})?$`);
}

/** The bell (a button with aria-expanded in the top bar) that opens and closes the member's notices. */
export function noticesBell(page: Page, lng: Language = 'nl'): Locator {
  return page.getByRole('banner').getByRole('button', { name: noticesBellName(lng) });
}

/** The panel the bell opens (a region named "Meldingen"). */
export function noticesPanel(page: Page, lng: Language = 'nl'): Locator {
  return page.getByRole('region', { name: shellText('notices.bell', lng), exact: true });
}

/** Open the member's notices once the bell counts at least one (the panel starts closed on every page). */
export async function openNotices(page: Page, lng: Language = 'nl'): Promise<void> {
  const bell = page.getByRole('banner').getByRole('button', { name: noticesBellName(lng, { counted: true }) });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  if ((await bell.getAttribute('aria-expanded')) !== 'true') await bell.click();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(noticesPanel(page, lng)).toBeVisible();
}
