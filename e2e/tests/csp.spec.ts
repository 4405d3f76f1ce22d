/**
 * Content-Security-Policy (issue 25 item 5): every page the server sends allows scripts from the
 * site only (plus the hashes of its own inline scripts), and no page breaks it: the front door
 * (home, a lander, a legal page: the light pages), sign-up, the members' area, a profile, chat,
 * credits and the back office, as a visitor, a member and a staff member, in real Chromium. A
 * violation shows as a `securitypolicyviolation` event in the page and as Chromium's console
 * message ("Refused to ..."); the test fails on either, and on a page without `script-src`.
 */
import type { Page } from '@playwright/test';
import { expect, login, loginAsNewMember, logout, test } from '../support';

const MODERATOR = { email: 'moderator@example.com', password: 'moderator-staff-123' };

declare global {
  interface Window {
    __CSP_VIOLATIONS__?: string[];
  }
}

/** Every violation the page reports, from its start (an init script runs before the page's own). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.__CSP_VIOLATIONS__ = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__CSP_VIOLATIONS__?.push(`${e.violatedDirective} ${e.blockedURI || 'inline'} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to (execute|load|evaluate|run|compile|create)/i.test(text)) seen.push(`console: ${text}`);
  });
  return seen;
}

/** Visits `url`, waits until it is done loading (the app's remotes included), returns what it reported. */
async function visit(page: Page, url: string, seen: string[]): Promise<void> {
  const res = await page.goto(url);
  expect(res, url).not.toBeNull();
  const policy = res?.headers()['content-security-policy'] ?? '';
  expect([url, /(^|;)\s*script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*\s*(;|$)/.test(policy)]).toEqual([url, true]);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('heading').first()).toBeVisible();
  const events = await page.evaluate(() => window.__CSP_VIOLATIONS__ ?? []);
  expect([url, [...events, ...seen.splice(0)]]).toEqual([url, []]);
}

test.describe('Content-Security-Policy', () => {
  test('no page logs a CSP violation: visitor, member and staff pages', async ({ page }) => {
    test.setTimeout(180_000);
    const seen = await watchViolations(page);

    // a visitor: the light pages (home, a lander, a legal page) and the app's sign-up page
    for (const url of ['/', '/landers/gallery/women', '/landers/tinderswipe', '/pages/terms', '/signup']) await visit(page, url, seen);

    // a member: the members' area, a profile, a chat with that member, credits
    await loginAsNewMember(page, { tag: 'csp' });
    const search = await page.request.get('/api/members.php');
    const someone = ((await search.json()) as { results?: { id: number }[] }).results?.[0]?.id;
    expect(someone).toBeGreaterThan(0);
    for (const url of ['/members', `/members/${someone}`, '/chats', `/members/${someone}/chat`, '/credits']) await visit(page, url, seen);
    await logout(page);

    // staff: the back office
    await expect(async () => login(page, MODERATOR.email, MODERATOR.password)).toPass({ timeout: 60_000 });
    for (const url of ['/backoffice/members', '/backoffice/photos']) await visit(page, url, seen);
  });
});
