/**
 * Verified photos (issue 26 part 2) in real Chromium on the real server, desktop and phone:
 * a member with a profile photo asks at /profile/verification (the pose drawn and told, the
 * selfie input for the front camera), uploads a selfie; the selfie is not theirs to fetch back;
 * a moderator sees pose, selfie and profile photo side by side at /backoffice/verifications and
 * approves; another member sees the "Geverifieerd" badge on the search card (with "only verified
 * members") and on the profile page. axe on both new pages; nothing wider than the screen.
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
  phonePhoto,
} from '../support';

const m = (key: string, params: Record<string, string | number> = {}) => fillText(localeText('mf-members/src/locales', key), params);
const v = (key: string, params: Record<string, string | number> = {}) =>
  fillText(localeText('mf-members/src/verification/locales', key), params);
const MODERATOR = { email: 'moderator@example.com', password: 'moderator-staff-123' };

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('verified photos', () => {
  test(
    'a member asks and uploads a selfie, a moderator approves, the badge shows on the card and the profile',
    { tag: '@phone' },
    async ({ page, browser, baseURL }) => {
      test.setTimeout(180_000);
      // the phone project runs at the narrowest phone the site supports (360 px)
      const desktop = (page.viewportSize()?.width ?? 1280) >= 768;
      const viewport = desktop ? { width: 1280, height: 800 } : { width: 360, height: 740 };
      await page.setViewportSize(viewport);
      const suffix = Date.now().toString(36).slice(-5);
      const who = await loginAsNewMember(page, { tag: 'verify', name: `Echt${suffix}`, gender: 'female', country: 'NL' });

      // a profile photo first (the moderator compares with it), then the way to the verification
      await page.goto('/profile');
      await page
        .getByLabel(m('photos.upload'))
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#c08060') });
      await expect(page.getByRole('status').filter({ hasText: m('photos.uploaded') })).toBeVisible();
      await page.getByRole('link', { name: v('link') }).click();
      await expect(page).toHaveURL(/\/profile\/verification$/);
      await expect(page.getByRole('heading', { level: 1, name: v('title') })).toBeVisible();

      const state = (await (await page.request.get('/api/verification.php')).json()) as { status: string; pose: string };
      expect(state.status).toBe('none');
      const poseText = v(`poses.${state.pose}`);
      await expect(page.getByRole('img', { name: v('poseLabel', { pose: poseText }) })).toBeVisible();
      await expect(page.getByText(poseText, { exact: true })).toBeVisible();
      const input = page.getByLabel(v('capture'));
      await expect(input).toHaveAttribute('capture', 'user');
      await expect(input).toHaveAttribute('accept', 'image/*');
      expect(await axeViolations(page)).toEqual([]);
      await noSideScroll(page);

      await input.setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#d09070') });
      await page.getByRole('button', { name: v('submit') }).click();
      await expect(page.getByText(v('sent'))).toBeVisible();
      await expect(page.getByRole('button', { name: v('submit') })).toHaveCount(0);
      expect(((await (await page.request.get('/api/verification.php')).json()) as { status: string }).status).toBe('pending');

      // the moderator: pose, selfie and the profile photo side by side; approve
      const moderator = await newMemberPage(browser, baseURL ?? '');
      await moderator.setViewportSize(viewport);
      await expect(async () => login(moderator, MODERATOR.email, MODERATOR.password)).toPass({ timeout: 60_000 });
      await moderator.goto('/backoffice/verifications');
      await expect(moderator.getByRole('heading', { level: 1, name: v('staff.title') })).toBeVisible();
      const item = moderator.getByRole('listitem', { name: v('staff.requestOf', { name: who.name }) });
      await expect(item).toBeVisible();
      const selfie = item.getByRole('img', { name: v('staff.selfie', { name: who.name }) });
      await expect(selfie).toBeVisible();
      // the staff-only route really served the image
      await expect.poll(() => selfie.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(item.getByRole('img', { name: v('staff.profilePhoto', { name: who.name }) })).toBeVisible();
      await expect(item.getByRole('img', { name: v('poseLabel', { pose: poseText }) })).toBeVisible();
      expect(await axeViolations(moderator)).toEqual([]);
      await noSideScroll(moderator);

      // the member cannot fetch the selfie back (nor can anyone but staff)
      const selfieUrl = await selfie.getAttribute('src');
      expect(selfieUrl).toMatch(/^\/api\/backoffice\/verifications\/\d+\/selfie$/);
      expect((await page.request.get(selfieUrl ?? '')).status()).toBe(403);

      await item.getByRole('button', { name: `${v('staff.approve')}: ${who.name}` }).click();
      const dialog = moderator.getByRole('dialog', { name: v('staff.confirmApprove', { name: who.name }) });
      await dialog.getByRole('button', { name: v('staff.approve') }).click();
      await expect(moderator.getByRole('status').filter({ hasText: v('staff.approved', { name: who.name }) })).toBeVisible();
      await expect(item).toHaveCount(0);

      // another member: the badge on the search card ("only verified members") and on the profile
      const viewer = await newMemberPage(browser, baseURL ?? '');
      await viewer.setViewportSize(viewport);
      await loginAsNewMember(viewer, { tag: 'viewer', gender: 'male', country: 'NL' });
      await viewer.goto('/members?gender=female&country=NL&verified=1');
      const card = viewer.getByRole('list', { name: m('search.results') }).getByRole('link', { name: new RegExp(who.name) });
      await expect(card).toBeVisible();
      // on a phone the filters fold away once the results show: unfold them to see the choice
      const filters = viewer.getByRole('button', { name: m('search.filtersButton') });
      if (await filters.isVisible()) await filters.click();
      await expect(viewer.getByRole('checkbox', { name: m('search.verifiedOnly') })).toBeChecked();
      await expect(card.getByRole('img', { name: commonText('verified.label') })).toBeVisible();
      await expect(card.getByText(commonText('verified.badge'), { exact: true })).toBeVisible();
      await noSideScroll(viewer);
      await card.click();
      const heading = viewer.getByRole('heading', { level: 1, name: new RegExp(who.name) });
      await expect(heading.getByRole('img', { name: commonText('verified.label') })).toBeVisible();
      await noSideScroll(viewer);

      // and the member's own page says so
      await page.reload();
      const since = localeText('mf-members/src/verification/locales', 'status.verified').split('{{')[0] ?? '';
      await expect(page.getByText(since, { exact: false })).toBeVisible();
      await expect(page.getByRole('img', { name: commonText('verified.label') })).toBeVisible();
    },
  );
});
