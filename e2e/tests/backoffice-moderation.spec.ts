/**
 * Back office moderation (issue 15), in real Chromium against a server of its own with
 * AUTO_APPROVE_PHOTOS off (the shared e2e server approves every upload at once):
 * - a member uploads two photos; a moderator approves one and rejects the other with a reason in
 *   /backoffice/photos; the member's open profile page shows both outcomes live (WebSocket);
 * - a moderator bans a member in /backoffice/members (a ban without a reason is refused with the
 *   server's text); the member's open page is logged out and lands on /pages/ban with the
 *   personal notice; /backoffice/bans lists the ban and lifts it;
 * - a member calling a back office call gets 403, sees "staff only" on a staff page, and never
 *   downloads the staff pages' code.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  test,
  axeViolations,
  fillText,
  localeText,
  login,
  loginAsNewMember,
  newMemberPage,
  phonePhoto,
  startOwnServer,
} from '../support';
import type { OwnServer } from '../support';

const fill = fillText;
/** the members' own texts, and the staff pages' texts (namespace members-staff) */
const m = (key: string, params: Record<string, string | number> = {}) => fill(localeText('mf-members/src/locales', key), params);
const s = (key: string, params: Record<string, string | number> = {}) => fill(localeText('mf-members/src/staff/locales', key), params);
const MODERATOR = { email: 'moderator@example.com', password: 'moderator-staff-123' };

let own: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer({ AUTO_APPROVE_PHOTOS: 'false' });
});
test.afterAll(async () => {
  await own?.stop();
});

/** The moderator logged in, on a tablet (the staff logins are seeded right after the server starts). */
async function moderatorPage(browser: Parameters<typeof newMemberPage>[0]): Promise<Page> {
  const page = await newMemberPage(browser, own.baseURL);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(async () => login(page, MODERATOR.email, MODERATOR.password)).toPass({ timeout: 60_000 });
  return page;
}

/** The staff page as it is now: WCAG 2.x A/AA rules pass (axe), and nothing scrolls sideways on the tablet. */
async function checkStaffPage(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function upload(page: Page, color: string, name: string) {
  await page.getByLabel(m('photos.upload')).setInputFiles({ name, mimeType: 'image/jpeg', buffer: await phonePhoto(color) });
  await expect(page.getByRole('status').filter({ hasText: m('photos.uploadedPending') })).toBeVisible();
}

test.describe('back office moderation', () => {
  test('a moderator approves and rejects photos; the member sees both live', async ({ browser }) => {
    test.setTimeout(180_000);
    const member = await newMemberPage(browser, own.baseURL);
    const suffix = Date.now().toString(36).slice(-5);
    const who = await loginAsNewMember(member, { tag: 'photo', name: `Foto${suffix}` });
    await member.goto('/profile');
    await upload(member, '#c04080', 'first.jpg');
    await upload(member, '#4080c0', 'second.jpg');
    const mine = member.getByRole('list', { name: m('photos.title') });
    await expect(mine.getByText(m('photos.status.pending'))).toHaveCount(2);

    const moderator = await moderatorPage(browser);
    await moderator.goto('/backoffice/photos');
    await expect(moderator.getByRole('heading', { name: s('photos.title') })).toBeVisible();
    const queue = moderator.getByRole('list', { name: s('photos.listLabel') });
    const theirs = queue.getByRole('listitem', { name: s('photos.photoOf', { name: who.name }) });
    await expect(theirs).toHaveCount(2);
    await checkStaffPage(moderator);

    // approve the first (oldest first): confirmed in a named dialog, the result announced
    await theirs
      .first()
      .getByRole('button', { name: `${s('photos.approve')}: ${s('photos.photoOf', { name: who.name })}` })
      .click();
    const approve = moderator.getByRole('dialog', { name: s('photos.approveTitle', { name: who.name }) });
    await approve.getByRole('button', { name: s('photos.approve') }).click();
    await expect(moderator.getByRole('status').filter({ hasText: s('photos.approved', { name: who.name }) })).toBeVisible();
    await expect(theirs).toHaveCount(1);

    // the member's page, never reloaded, follows
    await expect(member.getByRole('status').filter({ hasText: m('photos.approvedLive') })).toBeVisible();
    await expect(mine.getByText(m('photos.status.pending'))).toHaveCount(1);
    await expect(mine.getByText(m('photos.main'))).toHaveCount(1);

    // reject the other: without a reason the server's text shows in the dialog; with one it goes
    await theirs.getByRole('button', { name: `${s('photos.reject')}: ${s('photos.photoOf', { name: who.name })}` }).click();
    const reject = moderator.getByRole('dialog', { name: s('photos.rejectTitle', { name: who.name }) });
    await reject.getByRole('button', { name: s('photos.reject') }).click();
    await expect(reject.getByRole('alert')).toContainText('Kies een reden voor het afkeuren uit de lijst.');
    await checkStaffPage(moderator);
    await reject.getByRole('radio', { name: s('photoReasons.contact_details') }).check();
    await reject.getByRole('button', { name: s('photos.reject') }).click();
    await expect(
      moderator
        .getByRole('status')
        .filter({ hasText: s('photos.rejected', { name: who.name, reason: s('photoReasons.contact_details') }) }),
    ).toBeVisible();
    await expect(theirs).toHaveCount(0);

    const reason = m('photos.reasons.contact_details');
    await expect(member.getByRole('status').filter({ hasText: m('photos.rejectedLive', { reason }) })).toBeVisible();
    await expect(mine.getByText(m('photos.rejectedBecause', { reason }))).toBeVisible();
    // after a reload the photos page says the same (GET /api/photos.php carries the reason)
    await member.reload();
    await expect(member.getByRole('list', { name: m('photos.title') }).getByText(m('photos.rejectedBecause', { reason }))).toBeVisible();
    await member.context().close();
    await moderator.context().close();
  });

  test('a banned member is logged out at once and sees the ban page; the ban is listed and lifted', async ({ browser }) => {
    test.setTimeout(180_000);
    const member = await newMemberPage(browser, own.baseURL);
    const suffix = Date.now().toString(36).slice(-5);
    const who = await loginAsNewMember(member, { tag: 'ban', name: `Ban${suffix}` });
    await member.goto('/profile');
    await expect(member.getByRole('heading', { name: m('profile.title') })).toBeVisible();

    const moderator = await moderatorPage(browser);
    await moderator.goto('/backoffice/members');
    await moderator.getByRole('textbox', { name: s('members.searchLabel') }).fill(who.email);
    await moderator.getByRole('button', { name: s('members.search') }).click();
    await moderator
      .getByRole('table', { name: s('members.listLabel') })
      .getByRole('link', { name: who.name })
      .click();
    await expect(moderator.getByRole('heading', { name: `${who.name} (#${who.id})` })).toBeVisible();
    await checkStaffPage(moderator);

    await moderator.getByRole('button', { name: s('member.ban') }).click();
    const dialog = moderator.getByRole('dialog', { name: s('member.banTitle', { name: who.name }) });
    await dialog.getByRole('button', { name: s('member.ban') }).click();
    await expect(dialog.getByRole('alert')).toContainText('Kies een reden voor de blokkering uit de lijst');
    await dialog.getByRole('combobox', { name: s('member.reasonLabel') }).selectOption('spam_or_scam');
    await dialog.getByRole('textbox', { name: s('member.noteLabel') }).fill('e2e: stuurde links naar een andere site');
    await dialog.getByRole('button', { name: s('member.ban') }).click();
    await expect(moderator.getByRole('status').filter({ hasText: s('member.banDone', { name: who.name }) })).toBeVisible();

    // the member's open page: logged out and on the ban page with the personal notice, no reload by hand
    await expect(member).toHaveURL(/\/pages\/ban$/);
    await expect(member.getByText(localeText('mf-landers/src/locales', 'pages.ban.personalTitle'), { exact: true })).toBeVisible();
    const refused = await member.request.get('/api/profile.php');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toBe('account_banned');

    // /backoffice/bans: the reason, who and when; lifting it lets the member log in again
    await moderator.goto('/backoffice/bans');
    const bans = moderator.getByRole('table', { name: s('bans.listLabel') });
    const line = bans.getByRole('row').filter({ hasText: who.email });
    await expect(line).toContainText(s('banReasons.spam_or_scam'));
    await expect(line).toContainText(MODERATOR.email);
    await checkStaffPage(moderator);
    // by keyboard: the dialog takes the focus (Cancel first), Tab to the confirm button, Enter
    await line.getByRole('button', { name: `${s('member.unban')}: ${who.name}` }).focus();
    await moderator.keyboard.press('Enter');
    const lift = moderator.getByRole('dialog', { name: s('member.unbanTitle', { name: who.name }) });
    await expect(lift.getByRole('button', { name: s('common.cancel') })).toBeFocused();
    await moderator.keyboard.press('Tab');
    await expect(lift.getByRole('button', { name: s('member.unban') })).toBeFocused();
    await moderator.keyboard.press('Enter');
    await expect(moderator.getByRole('status').filter({ hasText: s('member.unbanDone', { name: who.name }) })).toBeVisible();
    await login(member, who.email, who.password);
    expect((await member.request.get('/api/profile.php')).status()).toBe(200);
    await member.context().close();
    await moderator.context().close();
  });

  test('a member gets 403 from back office calls, "staff only" on a staff page, and no staff code', async ({ browser }) => {
    const member = await newMemberPage(browser, own.baseURL);
    const scripts: string[] = [];
    member.on('response', (res) => {
      if (res.url().endsWith('.js') && res.ok()) scripts.push(res.url());
    });
    await loginAsNewMember(member, { tag: 'nostaff' });
    for (const [method, url] of [
      ['get', '/api/backoffice/photos'],
      ['get', '/api/backoffice/members?q=a'],
      ['post', '/api/backoffice/members/1/ban'],
      ['get', '/api/backoffice/bans'],
    ] as const) {
      const res = method === 'get' ? await member.request.get(url) : await member.request.post(url, { data: { reason: 'other' } });
      expect([url, res.status(), (await res.json()).error]).toEqual([url, 403, 'staff_only']);
    }
    await member.goto('/profile');
    await expect(member.getByRole('heading', { name: m('profile.title') })).toBeVisible();
    await member.goto('/backoffice/photos');
    await expect(member.getByRole('heading', { name: localeText('shell/src/locales', 'staff.onlyTitle') })).toBeVisible();
    // none of the scripts this member's browser loaded holds the staff pages or their texts
    for (const url of new Set(scripts)) {
      const body = await (await member.request.get(url)).text();
      expect([url, body.includes(s('member.banText')) || body.includes('reject-reason')]).toEqual([url, false]);
    }
    await member.context().close();
  });
});
