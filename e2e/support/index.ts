/**
 * e2e support: import everything from here in a spec file.
 *
 *   import { test, expect, uniqueEmail } from '../support';
 *
 *   test('a visitor signs up and activates', async ({ page, inbox }) => {
 *     const email = uniqueEmail('signup');
 *     await page.goto('/signup');                     // baseURL = the server started for this run
 *     ...
 *     const mail = await inbox.waitFor({ to: email, subject: /activ/i });
 *     await page.goto(mail.links.find((l) => l.includes('/activate'))!);
 *   });
 *
 * What a run is (e2e/playwright.config.ts; `npm test -w @dating/e2e` or `npx playwright test` in e2e/):
 * - The real server as production runs it (`node api/dist/server.js`, the compiled server, serving
 *   the BUILT shell and remotes - build first: `npx turbo run build`) starts on a free port with
 *   a fresh temporary DATA_DIR (empty embedded database -> migrated and seeded with the demo site
 *   and demo members at start),
 *   AUTO_APPROVE_PHOTOS=1 and SMTP_URL pointing at a real test SMTP server (support/mail-sink.ts).
 *   It serves copies of the built dist folders (STATIC_ROOT = <run dir>/static), taken at start.
 *   One server for the whole run: tests share the data, so create your own members with
 *   `uniqueEmail()` rather than changing the demo ones.
 * - Chromium: /usr/bin/chromium when installed (else Playwright's own), headless, workers 1.
 * - Projects: `desktop` (1280x800) runs every test; `phone` (390x844, touch, isMobile) runs only
 *   tests tagged @phone (`test('...', { tag: '@phone' }, ...)`); tag @phone-only to skip desktop.
 * - The site-entry warning ("18+") counts as accepted (localStorage), so it does not cover pages;
 *   `test.use({ entryWarningAccepted: false })` in a describe that tests the warning itself.
 * - Fixtures: `inbox` (waitFor({to, subject, after, where, timeout}) -> {subject, text, html,
 *   links, to, from}), `pageErrors` (uncaught errors + console.error lines of the page).
 * - Helpers: uniqueEmail(tag), setLanguageCookie(context, lng), remoteBuildIds(page), LANGUAGES,
 *   REPO_ROOT; commonText(key, lng?) / localeText(dir, key, lng?) read the site's own locale files
 *   so tests assert the exact translated text (support/texts.ts); federation helpers (hashing
 *   build folders, sabotaging a remote's chunks, the page's share scope) in support/federation.ts.
 * - Sessions without UI (support/session.ts): `await loginAsNewMember(page, { gender, country })`
 *   signs up a fresh member through /api/signup.php (page and page.request share cookies);
 *   `login(page, email, password)`, `logout(page)`.
 * - A member's alerts wait behind a bell in the top bar that opens a panel (support/notices.ts):
 *   `await openNotices(page)` before working with one, `noticesBell(page)`, `noticesPanel(page)`.
 * - A server of its own for a spec that needs other settings (support/own-server.ts):
 *   `startOwnServer({ AUTO_APPROVE_PHOTOS: 'false' })` -> { baseURL, stop }.
 * - Env knobs (support/env.ts): E2E_BASE_URL (test a running server), E2E_PORT, E2E_DATABASE_URL,
 *   E2E_SEED_MEMBERS, E2E_KEEP_DATA=1, E2E_VERBOSE=1 (server log; always in <run dir>/server.log).
 */
export { test, expect, uniqueEmail, setLanguageCookie, remoteBuildIds, LANGUAGES, ENTRY_WARNING_KEY } from './fixtures';
export type { Language } from './fixtures';
export { inbox, Inbox } from './inbox';
export type { Mail, MailQuery } from './inbox';
export { REPO_ROOT, E2E_DIR, E2E_MAIL_EVENTS_SECRET, childEnv, resolveE2eEnv } from './env';
// the one local push service, shared with the server's push tests
export { browserKeys as browserPushKeys, startPushService } from '../../api/src/modules/notifications/test-push-service';
export type { PushService, ReceivedPush } from '../../api/src/modules/notifications/test-push-service';
export { commonText, fillText, localeText, moduleTexts, serverText } from './texts';
export { confirmEmail, loginAsNewMember, login, logout, newMemberPage, DEFAULT_PASSWORD } from './session';
export type { NewMember, NewMemberOptions } from './session';
export { phonePhoto } from './photos';
export { noticesBell, noticesBellName, noticesPanel, openNotices } from './notices';
export { axeViolations, animationsDone, WCAG_AA } from './axe';
export { startOwnServer } from './own-server';
export type { OwnServer } from './own-server';
