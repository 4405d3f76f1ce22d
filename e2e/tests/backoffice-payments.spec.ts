/**
 * Payments staff (issue 15) in the real site: the payments login makes a discount code in the back
 * office, a member uses it once (a second use is refused), the staff member sees the use and refunds
 * the purchase, after which the member's credits are gone again. A member gets 403 on staff calls.
 */
import type { Page } from '@playwright/test';
import { expect, test, localeText, login, loginAsNewMember, moduleTexts, newMemberPage } from '../support';

const t = moduleTexts('mf-payments/src/locales');
const ts = (key: string) => localeText('shell/src/locales', key);

async function me(page: Page): Promise<{ credits: number; paid_user: boolean }> {
  const { user } = (await (await page.request.get('/api/user.php', { headers: { 'X-Request-Type': 'web' } })).json()) as {
    user: { credits: number; paid_user: boolean };
  };
  return user;
}

test('payments staff make a code a member uses once, then refund the purchase', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  // the payments staff member: "Beheer" opens the first area of the role, the discount codes
  await login(page, 'payments@example.com', 'payments-staff-123');
  await page.goto('/pages/faq');
  await page.getByRole('button', { name: /Accountmenu/ }).click();
  await page.getByRole('menuitem', { name: ts('staff.title') }).click();
  await expect(page).toHaveURL(/\/backoffice\/codes$/);
  const menu = page.getByRole('navigation', { name: ts('staff.navLabel') });
  await expect(menu.getByRole('link')).toHaveText([ts('staff.areas.codes'), ts('staff.areas.blocked'), ts('staff.areas.payments')]);
  await page.getByRole('textbox', { name: t('staff.codes.code') }).fill(code);
  await page.getByRole('spinbutton', { name: t('staff.codes.percentage') }).fill('20');
  await page.getByRole('button', { name: t('staff.codes.create') }).click();
  await expect(page.getByText(t('staff.codes.made', { code }))).toBeVisible();

  // a member buys with it
  const memberPage = await newMemberPage(browser, baseURL ?? '');
  const member = await loginAsNewMember(memberPage, { tag: 'bo-pay', country: 'NL' });
  const start = (await me(memberPage)).credits; // a sign-up bonus, if the site gives one
  await memberPage.goto('/credits');
  await memberPage.getByLabel(localeText('mf-payments/src/locales', 'discount.label')).fill(code);
  await memberPage.getByRole('button', { name: t('discount.apply') }).click();
  await expect(memberPage.getByText(t('discount.applied', { code }))).toBeVisible();
  const created = await memberPage.request.post('/api/payment.php', {
    data: { package: 'p1', method: 'paypal', discount_code: code },
    headers: { 'X-Request-Type': 'web' },
  });
  expect(created.ok()).toBe(true);
  const {
    checkout_url: checkoutUrl,
    payment_id: paymentId,
    amount,
  } = (await created.json()) as { checkout_url: string; payment_id: number; amount: number };
  await memberPage.goto(checkoutUrl);
  await memberPage.getByRole('group', { name: 'Select the payment status' }).getByRole('radio', { name: 'Paid', exact: true }).check();
  await memberPage.getByRole('button', { name: 'Continue' }).click();
  await expect(memberPage.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
  const bought = await me(memberPage);
  const purchased = bought.credits - start;
  expect(purchased).toBeGreaterThan(0);
  expect(bought.paid_user).toBe(true);
  // once: a second use of the code is refused
  const again = await memberPage.request.get(`/api/discountcode.php?code=${code}`);
  expect(again.status()).toBe(409);

  // the staff member sees the use, then refunds the purchase
  await page.reload();
  await page.getByRole('button', { name: new RegExp(`^${code}: 1 `) }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(code) }).getByText(member.email)).toBeVisible();
  await page.keyboard.press('Escape');
  await menu.getByRole('link', { name: ts('staff.areas.payments') }).click();
  await page.getByRole('searchbox', { name: t('staff.payments.search') }).fill(member.email);
  await page.getByRole('button', { name: localeText('shared-kit/src/i18n/locales', 'actions.search') }).click();
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(String(paymentId));
  await row.getByRole('button', { name: t('staff.payments.refundOrder', { id: paymentId }) }).click();
  const dialog = page.getByRole('dialog', { name: t('staff.payments.confirmTitle', { id: paymentId }) });
  await dialog.getByRole('button', { name: t('staff.payments.confirm') }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^${t('staff.payments.done', { id: paymentId, credits: purchased, balance: start }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    ),
  ).toBeVisible();
  await expect(row.getByText(t('staff.payments.refunded'))).toBeVisible();
  const after = await me(memberPage);
  expect(after).toMatchObject({ credits: start, paid_user: false });
  expect(amount).toBeGreaterThan(0);

  // a member calling a staff call gets 403, and the staff page shows "staff only"
  expect((await memberPage.request.get('/api/backoffice/payments')).status()).toBe(403);
  await memberPage.goto('/backoffice/payments');
  await expect(memberPage.getByRole('heading', { level: 1, name: ts('staff.onlyTitle') })).toBeVisible();
  await memberPage.context().close();
});
