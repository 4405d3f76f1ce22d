/**
 * Payments journeys (issue 12) through the real server and its built-in Mollie simulator (no
 * MOLLIE_API_KEY in e2e): the hosted checkout page with Mollie's test-mode outcomes, the redirect
 * back to the result page and the webhook the simulator calls with the payment id only.
 * Members are created through /api/signup.php; everything after that goes through the screens.
 */
import type { Page } from '@playwright/test';
import { expect, test, localeText, loginAsNewMember, moduleTexts, noticesBell, openNotices } from '../support';

const t = moduleTexts('mf-payments/src/locales');
const tm = (key: string) => localeText('mf-members/src/locales', key);

/** Intl's (narrow) no-break spaces as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const euro = (cents: number) => `€ ${(cents / 100).toFixed(2).replace('.', ',')}`;

interface Credits {
  packages: {
    id: string;
    credits: number;
    amount: number;
    original_amount: number;
    discount: { code: string; percentage: number } | null;
  }[];
  methods: { id: string; name: string }[];
}
async function credits(page: Page, query = ''): Promise<Credits> {
  return (await (await page.request.get(`/api/credits.php${query}`)).json()) as Credits;
}
function p1(c: Credits) {
  const pkg = c.packages.find((p) => p.id === 'p1');
  if (!pkg) throw new Error('no p1');
  return pkg;
}

/** On the simulator's hosted checkout (Mollie test mode): pick the outcome and press Continue. */
async function checkout(page: Page, outcome: 'Paid' | 'Failed' | 'Canceled' | 'Expired' | 'Open') {
  await expect(page).toHaveURL(/\/mollie-sim\/checkout\//);
  await page.getByRole('group', { name: 'Select the payment status' }).getByRole('radio', { name: outcome, exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A package's card on /credits, /premium or /credits/repeat-order. */
function packageCard(page: Page, credits: number) {
  return page
    .getByRole('list', { name: t('packages.label') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: t('packages.credits', { credits }) }) });
}

/** The member's own balance and premium flag, as the server sees them. */
async function me(page: Page): Promise<{ credits: number; paid_user: boolean }> {
  const { user } = (await (await page.request.get('/api/user.php', { headers: { 'X-Request-Type': 'web' } })).json()) as {
    user: { credits: number; paid_user: boolean };
  };
  return user;
}

/** The lock overlays of a member's photos ("Foto 2 is vergrendeld: ..."). */
function lockedPhotos(page: Page) {
  const [before = '', after = ''] = tm('member.lockedPhoto').split('{{number}}');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('link', { name: new RegExp(`^${escape(before)}\\d+${escape(after)}$`) });
}

/** A demo member with at least one photo a free member sees locked. */
async function memberWithLockedPhotos(page: Page): Promise<number> {
  for (const gender of ['female', 'male']) {
    for (let pageNumber = 1; pageNumber <= 3; pageNumber += 1) {
      const search = (await (await page.request.get(`/api/members.php?gender=${gender}&page=${pageNumber}`)).json()) as {
        results: { id: number }[];
      };
      for (const { id } of search.results) {
        const member = (await (await page.request.get(`/api/member.php?id=${id}`)).json()) as { photos: { locked: boolean }[] };
        if (member.photos.some((p) => p.locked)) return id;
      }
    }
  }
  throw new Error('no demo member with locked photos');
}

test.describe('payments', () => {
  test('a new member buys p1 with iDEAL through the checkout (Paid), sees the credits and is premium: locked photos open', async ({
    page,
  }) => {
    await loginAsNewMember(page, { tag: 'pay-ideal', country: 'NL' });
    const before = await me(page);
    const pkg = p1(await credits(page));
    expect(before.paid_user).toBe(false);
    const memberId = await memberWithLockedPhotos(page);
    await page.goto(`/members/${memberId}`);
    await expect(lockedPhotos(page).first()).toBeVisible();

    // the navigation offers premium to a free member
    await page
      .getByRole('link', { name: /Word premium/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('titles.premium') })).toBeVisible();
    await packageCard(page, pkg.credits)
      .getByRole('link', { name: new RegExp(`^${t('packages.buy')}: ${pkg.credits} credits`) })
      .click();

    await expect(page.getByRole('heading', { level: 1, name: t('titles.paymentMethod') })).toBeVisible();
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await expect(page).toHaveURL(/\/credits\/p1\/ideal$/);
    const bank = page.getByRole('combobox', { name: t('checkout.bank') });
    const firstBank = await bank.locator('option').nth(1).getAttribute('value');
    await bank.selectOption(firstBank ?? '');
    await expect(page.getByText(t('refund.oneTime'))).toBeVisible();
    await page.getByRole('button', { name: t('checkout.pay', { method: 'iDEAL' }) }).click();

    await checkout(page, 'Paid');
    await expect(page).toHaveURL(/\/credits\/p1\/ideal\?payment_id=\d+/);
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
    const after = await me(page);
    expect(after.paid_user).toBe(true);
    expect(after.credits).toBe(before.credits + pkg.credits);
    await expect(page.getByText(t('result.balance', { credits: after.credits }))).toBeVisible();
    // the navigation now shows the balance instead of "get premium"
    await expect(
      page
        .getByRole('navigation')
        .getByRole('link', { name: new RegExp(`Credits.*${after.credits}`) })
        .first(),
    ).toBeVisible();

    await page.goto(`/members/${memberId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(lockedPhotos(page)).toHaveCount(0);

    // the transactions list it
    await page.goto('/transactions');
    const payments = page.getByRole('table', { name: t('tx.payments') });
    await expect(payments.getByRole('row').nth(1)).toContainText(t('tx.statuses.paid'));
    await expect(payments.getByRole('row').nth(1)).toContainText('iDEAL');
    await expect(
      page
        .getByRole('table', { name: t('tx.usage') })
        .getByRole('row')
        .nth(1),
    ).toContainText(`+${pkg.credits}`);
  });

  test('a failed card payment: "Creditcard betaling mislukt" with retry and PayPal', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'pay-card-fail', country: 'NL' });
    const before = await me(page);
    await page.goto('/credits/p1/visa');
    await page.getByRole('button', { name: t('checkout.pay', { method: 'Visa' }) }).click();
    await checkout(page, 'Failed');
    const alert = page.getByRole('alert').filter({ hasText: t('result.cardFailedTitle') });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert.getByRole('button', { name: t('result.retry') })).toBeVisible();
    expect(await me(page)).toMatchObject({ credits: before.credits, paid_user: false }); // nothing credited, not premium
    await alert.getByRole('button', { name: t('result.paypal') }).click();
    await expect(page).toHaveURL(/\/mollie-sim\/checkout\//);
    await checkout(page, 'Paid');
    await expect(page).toHaveURL(/\/credits\/p1\/paypal\?payment_id=\d+/);
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
  });

  test('repeat order: one click on the saved card of an earlier card payment', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'pay-repeat', country: 'NL' });
    await page.goto('/credits/p0/mastercard');
    await page.getByRole('button', { name: t('checkout.pay', { method: 'Mastercard' }) }).click();
    await checkout(page, 'Paid');
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
    const before = (await me(page)).credits;
    const pkg = p1(await credits(page));

    await page.goto('/credits');
    await page.getByRole('link', { name: t('more.repeatOrder') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('titles.repeatOrder') })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${t('repeat.buy')}: ${pkg.credits} credits`) }).click();
    await expect(page).toHaveURL(/\/credits\/repeat-order\?payment_id=\d+/);
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
    expect((await me(page)).credits).toBe(before + pkg.credits);
  });

  test('direct debit: the form, the SMS code from the outbox, then the payment', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'pay-sdd', country: 'NL' });
    const phone = `+3161${String(Date.now()).slice(-7)}`;
    await page.goto('/directdebit?package=p1');
    await expect(page.getByRole('heading', { level: 1, name: t('titles.directDebit') })).toBeVisible();
    await page.getByLabel(t('dd.fields.account_holder')).fill('Jan Jansen');
    await page.getByLabel(t('dd.fields.iban')).fill('NL91 ABNA 0417 1643 01');
    await page.getByLabel(t('dd.fields.phone')).fill(phone);
    await page.getByRole('checkbox', { name: t('dd.consent') }).check();
    await page.getByRole('button', { name: t('dd.sendCode') }).click();
    // the IBAN's checksum is checked before anything is sent
    await expect(page.getByText(t('dd.ibanInvalid'))).toBeVisible();
    await page.getByLabel(t('dd.fields.iban')).fill('NL91 ABNA 0417 1643 00');
    await page.getByRole('button', { name: t('dd.sendCode') }).click();
    const codeField = page.getByLabel(t('dd.code'));
    await expect(codeField).toBeVisible();

    const outbox = async () => {
      const res = await page.request.get(`/dev/mailbox?to=${encodeURIComponent(phone)}`);
      const body = (await res.json()) as { sms?: { text: string }[] };
      return body.sms ?? [];
    };
    await expect.poll(async () => (await outbox()).length).toBeGreaterThan(0);
    const code = /\b(\d{6})\b/.exec((await outbox()).at(-1)?.text ?? '')?.[1];
    expect(code).toBeDefined();

    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: t('dd.confirm') }).click();
    await expect(page.getByText('Code ongeldig')).toBeVisible();
    await codeField.fill(code ?? '');
    await page.getByRole('button', { name: t('dd.confirm') }).click();
    await expect(page).toHaveURL(/\/directdebit\?payment_id=\d+/);
    await expect(page.getByText(t('result.pendingTitle')).or(page.getByText(t('result.paidTitle')))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 30_000 });
  });

  test('a discount code lowers the price; an unknown one is "Code niet gevonden"', async ({ page }) => {
    await loginAsNewMember(page, { tag: 'pay-code', country: 'NL' });
    await page.goto('/credits');
    const field = page.getByLabel(t('discount.label'));
    await field.fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: t('discount.apply') }).click();
    await expect(page.getByText('Code niet gevonden')).toBeVisible();

    await field.fill('FLIRT10');
    await page.getByRole('button', { name: t('discount.apply') }).click();
    await expect(page.getByText(t('discount.applied', { code: 'FLIRT10' }))).toBeVisible();
    const priced = p1(await credits(page, '?discount_code=FLIRT10'));
    expect(priced.amount).toBeLessThan(priced.original_amount);
    const card = packageCard(page, priced.credits);
    await expect(card.getByText(t('packages.discount', { percent: 10 }))).toBeVisible();
    await expect.poll(async () => plain(await card.textContent())).toContain(`${t('price.now')} ${euro(priced.amount)}`);
    expect(plain(await card.textContent())).toContain(`${t('price.was')} ${euro(priced.original_amount)}`);

    await card.getByRole('link').click();
    await page.getByRole('radio', { name: 'PayPal' }).check();
    await page.getByRole('button', { name: t('checkout.pay', { method: 'PayPal' }) }).click();
    await expect(page).toHaveURL(/\/mollie-sim\/checkout\//);
    const id = /token=([^&]+)/.exec(page.url())?.[1];
    expect(id).toBeDefined();
    await checkout(page, 'Paid');
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
    const paymentId = new URL(page.url()).searchParams.get('payment_id');
    const payment = (await (await page.request.get(`/api/payment.php?id=${paymentId}`)).json()) as {
      amount: number;
      discount: { code: string } | null;
    };
    expect(payment.amount).toBe(priced.amount);
    expect(payment.discount?.code).toBe('FLIRT10');
  });

  test('the time bonus: the banner counts down, the modal opens after 40 s, and its price is applied', async ({ page }) => {
    await page.clock.install();
    const member = await loginAsNewMember(page, { tag: 'pay-bonus', country: 'NL' });
    // the modal is for a member with 0 credits: spend the sign-up credits (developer tool, not in production)
    expect((await page.request.post('/dev/member.php', { data: { email: member.email, credits: 0 } })).ok()).toBe(true);
    await page.goto('/members');
    // the banner is among the member's notices, behind the bell until the member opens them
    await openNotices(page);
    const banner = page.getByRole('region', { name: t('bonus.welcomeBonus') });
    await expect(banner).toBeVisible();
    const time = banner.locator('time');
    await expect(time).toHaveText(/^0[34]:\d{2}:\d{2}$/);
    const first = await time.textContent();
    await page.clock.runFor(2000);
    await expect(time).not.toHaveText(first ?? '');
    // read, the member closes the notices again with the bell
    await noticesBell(page).click();
    await expect(banner).toBeHidden();

    // 40 s in the members area with 0 credits: the time-bonus modal
    expect((await me(page)).credits).toBe(0);
    await page.clock.runFor(40_000);
    const dialog = page.getByRole('dialog', { name: t('bonus.specialOffer') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t('bonus.percentOff', { percent: 25 }));
    await dialog.getByRole('link', { name: t('bonus.unlock') }).click();

    await expect(page).toHaveURL(/\/credits$/);
    const priced = p1(await credits(page));
    expect(priced.discount?.code).toBe('TIMEBONUS25');
    expect(priced.amount).toBe(Math.floor((priced.original_amount * 75 + 50) / 100));
    const card = packageCard(page, priced.credits);
    await expect(card.getByText(t('packages.discount', { percent: 25 }))).toBeVisible();
    expect(plain(await card.textContent())).toContain(`${t('price.now')} ${euro(priced.amount)}`);

    await card.getByRole('link').click();
    await page.getByRole('radio', { name: 'PayPal' }).check();
    await page.getByRole('button', { name: t('checkout.pay', { method: 'PayPal' }) }).click();
    await checkout(page, 'Paid');
    await expect(page.getByText(t('result.paidTitle'))).toBeVisible({ timeout: 20_000 });
    const paymentId = new URL(page.url()).searchParams.get('payment_id');
    const payment = (await (await page.request.get(`/api/payment.php?id=${paymentId}`)).json()) as { amount: number };
    expect(payment.amount).toBe(priced.amount);
    // the bonus is gone after the first purchase
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('on a phone: the packages stack in one column, the checkout fits the screen', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/pricing');
    const cards = page.getByRole('list', { name: t('packages.label') }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    const boxes = await cards.evaluateAll((items) => items.map((el) => el.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1); // one column
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    await loginAsNewMember(page, { tag: 'pay-phone', country: 'NL' });
    await page.goto('/credits/p1/ideal');
    await expect(page.getByRole('combobox', { name: t('checkout.bank') })).toBeVisible();
    expect(await fits()).toBe(true);
  });
});
