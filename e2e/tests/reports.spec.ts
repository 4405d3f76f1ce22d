/**
 * Reports (issue 26 part 1), in real Chromium against the real server, on a desktop and at phone
 * width (@phone):
 * - a member reports a profile from its page ("Rapporteren": the named dialog, a reason from the
 *   radio group, a note, sent; a second report of the same profile is the translated 409);
 * - a moderator finds it in /backoffice/reports, opens it (the evidence: the profile text as it
 *   was) and warns the member (confirmed in a dialog; the result announced);
 * - the warned member sees the moderator's warning once (the notices at the bottom), and the
 *   reporter sees that the report was handled; neither page scrolls sideways; axe finds nothing
 *   on the dialog and the staff pages.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  test,
  axeViolations,
  commonText,
  fillText,
  localeText,
  login,
  loginAsNewMember,
  newMemberPage,
  openNotices,
} from '../support';
// the value, or a failed test (instead of a `!` assertion); the unit tests' helper
import { must } from '../../shared-kit/src/testing/must';

const c = (key: string, params: Record<string, string | number> = {}) => fillText(commonText(key), params);
const r = (key: string, params: Record<string, string | number> = {}) =>
  fillText(localeText('mf-members/src/staff/reports/locales', key), params);
const MODERATOR = { email: 'moderator@example.com', password: 'moderator-staff-123' };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('reports', () => {
  test(
    'a member reports a profile; a moderator warns; the reporter is told it was handled',
    { tag: '@phone' },
    async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const suffix = Date.now().toString(36).slice(-5);
      // newMemberPage opens a desktop window: the phone project's width is set on each page
      const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
      const phone = viewport.width < 500;
      const reportedPage = await newMemberPage(browser, must(baseURL, 'the baseURL'));
      await reportedPage.setViewportSize(viewport);
      const reported = await loginAsNewMember(reportedPage, { tag: 'reported', name: `Gemeld${suffix}` });

      // the reporter, on the reported member's page
      const reporterPage = await newMemberPage(browser, must(baseURL, 'the baseURL'));
      await reporterPage.setViewportSize(viewport);
      await loginAsNewMember(reporterPage, { tag: 'reporter', name: `Melder${suffix}` });
      await reporterPage.goto(`/members/${reported.id}`);
      await reporterPage.getByRole('button', { name: c('report.action'), exact: true }).click();
      const dialog = reporterPage.getByRole('dialog', { name: c('report.title', { name: reported.name }) });
      await expect(dialog).toBeVisible();
      const reasons = dialog.getByRole('radiogroup', { name: c('report.reasonLabel') });
      await expect(reasons.getByRole('radio')).toHaveCount(6);
      // by keyboard: the first reason, then the next with the arrow key
      await reasons.getByRole('radio', { name: c('report.reasons.fake_profile') }).focus();
      await reporterPage.keyboard.press('Space');
      await reporterPage.keyboard.press('ArrowDown');
      await expect(reasons.getByRole('radio', { name: c('report.reasons.scam') })).toBeChecked();
      await dialog.getByRole('textbox', { name: new RegExp(c('report.noteLabel')) }).fill('Vraagt steeds om geld voor een ticket');
      await expect(dialog.getByText('37 / 1000')).toBeVisible();
      expect(await axeViolations(reporterPage)).toEqual([]);
      await noSidewaysScroll(reporterPage);
      await dialog.getByRole('button', { name: c('report.submit') }).click();
      await expect(dialog.getByRole('status')).toContainText(c('report.thanksTitle'));
      await reporterPage.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // a second report of the same profile: the translated 409, in the dialog
      await reporterPage.getByRole('button', { name: c('report.action'), exact: true }).click();
      await dialog.getByRole('radio', { name: c('report.reasons.fake_profile') }).check();
      await dialog.getByRole('button', { name: c('report.submit') }).click();
      await expect(dialog.getByRole('alert')).toContainText(c('report.exists'));
      await reporterPage.keyboard.press('Escape');

      // the moderator: the queue, the report, a warning
      const moderator = await newMemberPage(browser, must(baseURL, 'the baseURL'));
      await moderator.setViewportSize(phone ? viewport : { width: 768, height: 1024 });
      await expect(async () => login(moderator, MODERATOR.email, MODERATOR.password)).toPass({ timeout: 60_000 });
      await moderator.goto('/backoffice/reports');
      await expect(moderator.getByRole('heading', { level: 1, name: r('title') })).toBeVisible();
      await moderator.getByRole('searchbox', { name: r('search') }).fill(String(reported.id));
      await moderator.getByRole('searchbox', { name: r('search') }).press('Enter');
      const table = moderator.getByRole('table', { name: r('listLabel') });
      const row = table.getByRole('row').filter({ hasText: reported.name });
      await expect(row).toHaveCount(1);
      expect(await axeViolations(moderator)).toEqual([]);
      await noSidewaysScroll(moderator);
      await row.getByRole('link', { name: r('reasons.scam') }).click();
      await expect(moderator.getByRole('heading', { level: 1, name: /#\d+/ })).toBeVisible();
      await expect(moderator.getByText(r('summary', { reason: r('reasons.scam'), name: reported.name, count: 1 }))).toBeVisible();
      await expect(moderator.getByText('Vraagt steeds om geld voor een ticket')).toBeVisible();
      expect(await axeViolations(moderator)).toEqual([]);
      await noSidewaysScroll(moderator);
      await moderator.getByRole('button', { name: r('warn'), exact: true }).click();
      const confirm = moderator.getByRole('dialog', { name: r('warnTitle', { name: reported.name }) });
      await confirm.getByRole('button', { name: r('warn'), exact: true }).click();
      await expect(moderator.getByRole('status').filter({ hasText: r('actionsDone.warn') })).toBeVisible();

      // the warned member sees the warning at the next visit, once; never who reported
      await reportedPage.goto('/members');
      await openNotices(reportedPage);
      const warning = reportedPage.getByRole('alert').filter({ hasText: c('report.warningTitle') });
      await expect(warning).toBeVisible();
      await expect(warning).not.toContainText(`Melder${suffix}`);
      await warning.getByRole('button', { name: c('report.understood') }).click();
      await expect(warning).toBeHidden();
      await noSidewaysScroll(reportedPage);

      // the reporter: handled (not how)
      await reporterPage.goto('/members');
      await openNotices(reporterPage);
      await expect(reporterPage.getByRole('status').filter({ hasText: c('report.handledTitle') })).toBeVisible();
      await noSidewaysScroll(reporterPage);

      await Promise.all([reportedPage.context().close(), reporterPage.context().close(), moderator.context().close()]);
    },
  );

  test('a moderator dismisses a report with a note', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36).slice(-5);
    const reportedPage = await newMemberPage(browser, must(baseURL, 'the baseURL'));
    const reported = await loginAsNewMember(reportedPage, { tag: 'reported2', name: `Onschuldig${suffix}` });
    const reporterPage = await newMemberPage(browser, must(baseURL, 'the baseURL'));
    await loginAsNewMember(reporterPage, { tag: 'reporter2' });
    const made = await reporterPage.request.post('/api/report.php', {
      data: { profile: reported.id, reason: 'fake_profile' },
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { id: number }).id;

    const moderator = await newMemberPage(browser, must(baseURL, 'the baseURL'));
    await expect(async () => login(moderator, MODERATOR.email, MODERATOR.password)).toPass({ timeout: 60_000 });
    await moderator.goto(`/backoffice/reports/${id}`);
    await moderator.getByRole('button', { name: r('dismiss'), exact: true }).click();
    const confirm = moderator.getByRole('dialog', { name: r('dismissTitle') });
    await confirm.getByRole('textbox', { name: new RegExp(r('noteLabel')) }).fill('Echte foto’s, niets aan de hand');
    await confirm.getByRole('button', { name: r('dismiss'), exact: true }).click();
    await expect(moderator.getByRole('status').filter({ hasText: r('done', { id, action: r('actionsDone.dismiss') }) })).toBeVisible();
    await expect(moderator.getByRole('button', { name: r('dismiss'), exact: true })).toBeHidden();

    // the reported member is told nothing of a dismissed report
    const notices = await reportedPage.request.get('/api/notices.php');
    expect(await notices.json()).toEqual({ notices: [] });
    await Promise.all([reportedPage.context().close(), reporterPage.context().close(), moderator.context().close()]);
  });
});
