/**
 * Back office of mf-landers (issue 15), through the real server and the built site in Chromium:
 * - an admin changes a site's settings (home page title, logged-out search) and a visitor of that
 *   domain (example.de, resolved to this server by Chromium itself) sees the change on the next
 *   page load;
 * - settings that break the contract show a field error and change nothing;
 * - a complaint sent from /complaints is handled by a moderator and the complainant's mail (in the
 *   page's language, with the note) arrives;
 * - the staff pages on a tablet: axe WCAG 2.x A/AA without violations, nothing scrolls sideways,
 *   a complaint handled by keyboard only; a visitor never downloads the staff chunk.
 */
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/env';
import { test, expect, axeViolations, login, moduleTexts, serverText, setLanguageCookie, uniqueEmail, ENTRY_WARNING_KEY } from '../support';

/** the back office's texts, and the landers' own (the complaint form) */
const st = moduleTexts('mf-landers/src/backoffice/locales');
const lt = moduleTexts('mf-landers/src/locales');

/** A visitor's browser in which example.de is this server (as DNS would have it). */
async function visitorOf(domain: string, port: string): Promise<{ browser: Browser; page: Page; origin: string }> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
  });
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1024, height: 768 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, JSON.stringify(Date.now())), ENTRY_WARNING_KEY);
  return { browser, page: await context.newPage(), origin: `http://${domain}:${port}` };
}

async function openSettings(page: Page, domain: string) {
  await page.goto('/backoffice/sites');
  await page.getByRole('link', { name: st('sites.editNamed', { domain }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: st('sites.editTitle', { domain }) })).toBeVisible();
}

async function saveSettings(page: Page, domain: string) {
  await page.getByRole('button', { name: st('sites.save'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: st('sites.confirmTitle', { domain }) });
  await dialog.getByRole('button', { name: st('sites.confirm'), exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('back office: sites', () => {
  test('an admin changes a setting and a visitor of that domain sees it on the next page load', async ({ page, baseURL }) => {
    const port = new URL(baseURL ?? '').port;
    const visitor = await visitorOf('example.de', port);
    try {
      // before: the domain's own title, and logged-out search allowed
      await visitor.page.goto(`${visitor.origin}/`);
      const oldTitle = await visitor.page.title();
      expect(oldTitle).not.toBe('');
      // (asked from the visitor's page: Chromium is what resolves example.de to this server)
      const searchStatus = () => visitor.page.evaluate(async () => (await fetch('/api/members.php')).status);
      expect(await searchStatus()).toBe(200);

      await login(page, 'staff@example.com', 'staff-staff-123');
      await openSettings(page, 'example.de');
      const search = page.getByRole('checkbox', { name: st('fields.logged_out_search') });
      await expect(search).toBeChecked();
      await search.uncheck();
      const title = page.getByLabel(st('fields.index_title'));
      await title.fill('Flirtlokaal.de - Neue Singles in deiner Nähe');
      await saveSettings(page, 'example.de');
      await expect(page.getByRole('status').filter({ hasText: st('sites.saved', { domain: 'example.de' }) })).toBeVisible();

      // the visitor's next page load has the new settings
      await visitor.page.goto(`${visitor.origin}/`);
      await expect(visitor.page).toHaveTitle('Flirtlokaal.de - Neue Singles in deiner Nähe');
      await visitor.page.goto(`${visitor.origin}/members`);
      await expect(visitor.page.getByText(serverText('search_login_required', {}, 'de'))).toBeVisible();
      expect(await searchStatus()).toBe(403);
      // the default site is untouched
      expect((await page.request.get('/api/settings.php')).ok()).toBe(true);
      expect((await (await page.request.get('/api/settings.php')).json()).settings.logged_out_search).toBe(true);

      // the audit log shows it, with before and after
      await page.goto('/backoffice/audit');
      const row = page.getByRole('row').filter({ hasText: 'site:example.de' }).first();
      await expect(row).toContainText('sites.update');
      await row.getByText(st('audit.showDetails', { action: 'sites.update' })).click();
      await expect(row).toContainText('"logged_out_search": false');
      await expect(row).toContainText('"logged_out_search": true');

      // put it back for other tests of this run
      await openSettings(page, 'example.de');
      await page.getByRole('checkbox', { name: st('fields.logged_out_search') }).check();
      await page.getByLabel(st('fields.index_title')).fill(oldTitle);
      await saveSettings(page, 'example.de');
      await expect(page.getByRole('status').filter({ hasText: st('sites.saved', { domain: 'example.de' }) })).toBeVisible();
      await visitor.page.goto(`${visitor.origin}/`);
      await expect(visitor.page).toHaveTitle(oldTitle);
    } finally {
      await visitor.browser.close();
    }
  });

  test('a setting that breaks the contract shows a field error and changes nothing', async ({ page }) => {
    await login(page, 'staff@example.com', 'staff-staff-123');
    const before = await (await page.request.get('/api/settings.php?forced_domain=example.it')).json();
    await openSettings(page, 'example.it');
    const credits = page.getByLabel(st('fields.message_credits'));
    await credits.fill('-3');
    await page.getByLabel(st('fields.index_title')).fill('Should not be saved');
    await saveSettings(page, 'example.it');
    await expect(page.getByRole('alert')).toContainText(serverText('settings_invalid', { count: 1 }));
    await expect(credits).toHaveAttribute('aria-invalid', 'true');
    await expect(credits).toHaveAccessibleDescription(serverText('setting_too_small', { min: 0 }));
    await expect(credits).toBeFocused();
    const after = await (await page.request.get('/api/settings.php?forced_domain=example.it')).json();
    expect(after).toEqual(before);
  });
});

test.describe('back office: complaints', () => {
  test(
    'a complaint from /complaints is handled by a moderator and the complainant gets the mail',
    { tag: '@phone' },
    async ({ page, browser, baseURL, inbox }) => {
      const email = uniqueEmail('complaint');
      const subject = `Werbung ${Date.now()}`;
      // the complainant writes in German
      const writer = await browser.newContext({ baseURL, locale: 'de-DE' });
      await setLanguageCookie(writer, 'de');
      await writer.addInitScript((key) => window.localStorage.setItem(key, JSON.stringify(Date.now())), ENTRY_WARNING_KEY);
      const complainant = await writer.newPage();
      await complainant.goto('/complaints');
      await complainant.getByLabel(lt('complaintForm.name', {}, 'de')).fill('Hans');
      await complainant.getByLabel(lt('complaintForm.email', {}, 'de')).fill(email);
      await complainant.getByLabel(lt('complaintForm.subject', {}, 'de')).fill(subject);
      await complainant.getByLabel(lt('complaintForm.message', {}, 'de')).fill('Dieses Profil schickt mir ständig Werbung.');
      await complainant.getByRole('button', { name: lt('complaintForm.send', {}, 'de') }).click();
      await expect(complainant.getByText(lt('complaintForm.sentTitle', {}, 'de'))).toBeVisible();
      await writer.close();

      await login(page, 'moderator@example.com', 'moderator-staff-123');
      await page.goto('/backoffice/complaints');
      await page.getByRole('searchbox', { name: st('complaints.search') }).fill(email);
      await page.getByRole('searchbox', { name: st('complaints.search') }).press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
      await page.getByRole('button', { name: st('complaints.handleNamed', { subject }) }).click();
      const dialog = page.getByRole('dialog', { name: st('complaints.dialogTitle', { subject }) });
      await dialog.getByRole('button', { name: st('complaints.confirm') }).click();
      await expect(dialog.getByText(st('complaints.noteRequired'))).toBeVisible();
      await dialog.getByLabel(st('complaints.note')).fill('Wir haben das Profil gesperrt.');
      await dialog.getByRole('button', { name: st('complaints.confirm') }).click();
      await expect(page.getByRole('status').filter({ hasText: st('complaints.done', { subject, email }) })).toBeVisible();
      await expect(page.getByRole('button', { name: st('complaints.handleNamed', { subject }) })).toHaveCount(0);

      const mail = await inbox.waitFor({ to: email, subject: /Beschwerde/ });
      expect(mail.subject).toBe('Deine Beschwerde bei Flirtlokaal wurde bearbeitet');
      expect(mail.text).toContain('Hallo Hans,');
      expect(mail.text).toContain(subject);
      expect(mail.text).toContain('Wir haben das Profil gesperrt.');
    },
  );
});

/** The page as it is now: WCAG 2.x A/AA rules pass (axe), and nothing scrolls sideways. */
async function accessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('back office: on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the staff pages pass axe, fit the screen, and a complaint is handled by keyboard only', async ({
    page,
    browser,
    baseURL,
    inbox,
  }) => {
    // a visitor sends a complaint from /complaints and never downloads the staff chunk
    const visitor = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 } });
    await visitor.addInitScript((key) => window.localStorage.setItem(key, JSON.stringify(Date.now())), ENTRY_WARNING_KEY);
    const v = await visitor.newPage();
    const staffChunks: string[] = [];
    v.on('request', (r) => {
      if (/landers-staff/.test(r.url())) staffChunks.push(r.url());
    });
    await v.goto('/complaints');
    await expect(v.getByRole('heading', { level: 2, name: lt('complaintForm.title') })).toBeVisible();
    await accessible(v);
    const email = uniqueEmail('keyboard-complaint');
    const subject = `Toetsenbord ${Date.now()}`;
    await v.getByLabel(lt('complaintForm.name')).fill('Kees');
    await v.getByLabel(lt('complaintForm.email')).fill(email);
    await v.getByLabel(lt('complaintForm.subject')).fill(subject);
    await v.getByLabel(lt('complaintForm.message')).fill('Iemand stuurt mij berichten die ik niet wil.');
    await v.getByRole('button', { name: lt('complaintForm.send') }).click();
    await expect(v.getByText(lt('complaintForm.sentTitle'))).toBeVisible();
    expect(staffChunks).toEqual([]);
    await visitor.close();

    await login(page, 'staff@example.com', 'staff-staff-123');
    const pages: [string, string, (p: Page) => ReturnType<Page['getByRole']>][] = [
      ['/backoffice/sites', st('sites.title'), (p) => p.getByRole('table')],
      [
        '/backoffice/sites/localhost',
        st('sites.editTitle', { domain: 'localhost' }),
        (p) => p.getByRole('button', { name: st('sites.save'), exact: true }),
      ],
      ['/backoffice/audit', st('audit.title'), (p) => p.getByRole('table').or(p.getByText(st('audit.empty')))],
      ['/backoffice/complaints', st('complaints.title'), (p) => p.getByRole('list', { name: st('complaints.listLabel') })],
    ];
    for (const [path, heading, ready] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(ready(page)).toBeVisible();
      await accessible(page);
    }

    // keyboard only: search, Tab to the complaint's button, Enter; the dialog takes the focus
    const search = page.getByRole('searchbox', { name: st('complaints.search') });
    await search.focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const handle = page.getByRole('button', { name: st('complaints.handleNamed', { subject }) });
    await expect(handle).toBeVisible();
    await handle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: st('complaints.dialogTitle', { subject }) });
    await expect(dialog).toBeVisible();
    await accessible(page);
    const note = dialog.getByLabel(st('complaints.note'));
    await expect(note).toBeFocused();
    await page.keyboard.type('We hebben het profiel geblokkeerd.');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // confirm
    await expect(dialog.getByRole('button', { name: st('complaints.confirm') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: st('complaints.done', { subject, email }) })).toBeFocused();
    const mail = await inbox.waitFor({ to: email, subject: /klacht/i });
    expect(mail.text).toContain('We hebben het profiel geblokkeerd.');
  });
});
