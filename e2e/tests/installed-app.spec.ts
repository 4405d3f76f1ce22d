/**
 * The installed app (issue 14): every page links the per-site web app manifest, whose icons
 * (drawn by the shell's build) are PNGs of the sizes it names; in installed-app mode (display-mode
 * standalone, stood in for by matchMedia: Playwright cannot install an app) the back button shows
 * on member, likes and credits pages only, and the site-entry warning stays away.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { commonText, expect, loginAsNewMember, test } from '../support';

async function asInstalledApp(page: Page) {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)' ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
  });
}

test('every page links the manifest; its icons are PNGs of the named sizes, one of them maskable', async ({ page }) => {
  for (const path of ['/', '/members', '/pages/faq', '/landers/video']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  }
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  const siteName = await page.evaluate(() => (window as unknown as { __BOOT__: { settings: { name: string } } }).__BOOT__.settings.name);
  expect(manifest).toMatchObject({ name: siteName, display: 'standalone' });
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await file.body()).metadata();
    expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
  }
});

test.describe('installed-app mode', () => {
  test.use({ entryWarningAccepted: false });

  test('no site-entry warning for a visitor', async ({ page }) => {
    await asInstalledApp(page);
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.getByRole('dialog', { name: commonText('entryWarning.title') })).toHaveCount(0);
  });

  test('the back button shows on member, likes and credits pages only', { tag: '@phone' }, async ({ page }) => {
    await asInstalledApp(page);
    await loginAsNewMember(page, { tag: 'installed' });
    const back = page.getByRole('button', { name: commonText('nav.back') });
    for (const path of ['/likes', '/credits']) {
      await page.goto(path);
      await expect(back, path).toBeVisible();
    }
    await page.goto('/members');
    await page.locator('main a[href^="/members/"]').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(back).toHaveCount(0);
    await page.goto('/chats');
    await expect(back).toHaveCount(0);
  });
});
