/**
 * Getting a logged-in member quickly, through the real calls (no UI): the browser context's
 * request API shares its cookies with the page, so after these the page is logged in.
 *
 *   const member = await loginAsNewMember(page);            // signs up a fresh member via /api/signup.php
 *   await login(page, member.email, member.password);       // POST /api/user.php (e.g. after logout)
 */
import type { Browser, Page } from '@playwright/test';
import { ENTRY_WARNING_KEY, expect, uniqueEmail } from './fixtures';
import type { Inbox } from './inbox';

export interface NewMember {
  id: number;
  email: string;
  password: string;
  name: string;
}

export const DEFAULT_PASSWORD = 'e2e-Geheim-2024!';

export interface NewMemberOptions {
  tag?: string;
  name?: string;
  gender?: 'male' | 'female';
  country?: string;
  date_of_birth?: string;
  language?: string;
}

/** Signs up a fresh member (logged in afterwards) and returns who it is. */
export async function loginAsNewMember(page: Page, opts: NewMemberOptions = {}): Promise<NewMember> {
  const email = uniqueEmail(opts.tag ?? 'member');
  const name = opts.name ?? 'Testlid';
  const res = await page.request.post('/api/signup.php', {
    data: {
      email,
      name,
      password: DEFAULT_PASSWORD,
      date_of_birth: opts.date_of_birth ?? '1990-05-17',
      gender: opts.gender ?? 'male',
      sexuality: 'hetero',
      country: opts.country ?? 'NL',
      ...(opts.language ? { language: opts.language } : {}),
    },
  });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { user?: { id?: number } };
  return { id: Number(body.user?.id), email, password: DEFAULT_PASSWORD, name };
}

/** Logs in with e-mail and password (POST /api/user.php, as the site does). */
export async function login(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/user.php', {
    data: { email, password },
    headers: { 'X-Request-Type': 'web' },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

export async function logout(page: Page): Promise<void> {
  await page.request.get('/api/logout.php');
}

/** A page in a browser context of its own (its own cookies: another member), site-entry warning accepted. */
export async function newMemberPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL', viewport: { width: 1280, height: 800 } });
  await context.addInitScript((key) => {
    try {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify(Date.now()));
    } catch {
      // about:blank
    }
  }, ENTRY_WARNING_KEY);
  return context.newPage();
}

/** Confirms the member's e-mail address through the activation link of their sign-up mail. */
export async function confirmEmail(page: Page, inbox: Inbox, email: string): Promise<void> {
  const mail = await inbox.waitFor({ to: email, subject: 'Bevestig je e-mailadres' });
  const link = mail.links.find((l) => l.includes('/api/activate.php'));
  if (!link) throw new Error(`no activation link in ${mail.subject}`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
}
