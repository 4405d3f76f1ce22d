/**
 * A member's notices (shell layouts/notices.tsx): the alerts (e-mail reminder, notifications,
 * enrich profile, push, welcome bonus) are folded by default to one pill at the bottom of the
 * screen that counts them ("2 meldingen", "(nieuw)" while one is unseen). A test that works with
 * an alert opens them first, as a member does.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Language } from './fixtures';
import { localeText } from './texts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pill's accessible name for any count, e.g. /^\d+ meldingen?( \(nieuw\))?$/ in Dutch. */
export function noticesPillName(lng: Language = 'nl'): RegExp {
  const text = (key: string) => localeText('shell/src/locales', key, lng);
  const forms = ['one', 'few', 'many', 'other'].map((form) => escape(text(`notices.count_${form}`)).replace('\\{\\{count\\}\\}', '\\d+'));
  return new RegExp(`^(${[...new Set(forms)].join('|')})( ${escape(text('notices.new'))})?$`);
}

/** The pill (a button with aria-expanded) that opens and closes the member's alerts. */
export function noticesPill(page: Page, lng: Language = 'nl'): Locator {
  return page.getByRole('button', { name: noticesPillName(lng) });
}

/** Open the member's alerts once the pill is there (they stay open for the tab). */
export async function openNotices(page: Page, lng: Language = 'nl'): Promise<void> {
  const pill = noticesPill(page, lng);
  await expect(pill).toBeVisible({ timeout: 15_000 });
  if ((await pill.getAttribute('aria-expanded')) !== 'true') await pill.click();
  await expect(pill).toHaveAttribute('aria-expanded', 'true');
}
