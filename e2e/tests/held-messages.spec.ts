/**
 * The scam guard (issue 26 part 3) in real Chromium against the real server: a new member opens a
 * conversation with another member and sees the safety tip (dismissed once, not again after a
 * reload); their message with a disguised messenger name and a phone number is held ("Je bericht
 * wordt gecontroleerd"), not charged, and the recipient sees no conversation; the demo moderator
 * releases it at /backoffice/held-messages; then the recipient has it, the sender paid for it and
 * the sender's open page shows it delivered without a reload.
 * axe (WCAG 2.2 AA) on the conversation with the tip and on the moderators' page.
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations, animationsDone, confirmEmail, login, loginAsNewMember, moduleTexts, newMemberPage } from '../support';

const t = moduleTexts('mf-chat/src/locales');
const held = moduleTexts('mf-chat/src/backoffice/held-locales');
const MODERATOR = { email: 'moderator@example.com', password: 'moderator-staff-123' };

async function credits(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/user.php')).json()) as { user?: { credits?: number } };
  return Number(me.user?.credits);
}

test.describe('held messages', () => {
  test(
    'a held first message, the safety tip, and a moderator who releases it',
    { tag: '@phone' },
    async ({ page, browser, baseURL, inbox }) => {
      test.setTimeout(180_000);
      if (!baseURL) throw new Error('no baseURL');
      const suffix = Date.now().toString(36).slice(-5);
      // the recipient: a confirmed member
      const recipientPage = await newMemberPage(browser, baseURL);
      const recipient = await loginAsNewMember(recipientPage, { tag: 'held-to', name: `Anna${suffix}`, gender: 'female' });
      await confirmEmail(recipientPage, inbox, recipient.email);
      // the sender: a new (young) account with credits
      const sender = await loginAsNewMember(page, { tag: 'held-from', name: `Kees${suffix}` });
      await confirmEmail(page, inbox, sender.email);
      expect((await page.request.post('/dev/member.php', { data: { email: sender.email, credits: 100 } })).ok()).toBe(true);

      // the safety tip in a conversation with someone new
      await page.goto(`/members/${recipient.id}/chat`);
      const tip = page.getByRole('region', { name: t('safety.title') });
      await expect(tip).toBeVisible();
      await expect(tip).toContainText(t('safety.money'));
      await animationsDone(page);
      expect(await axeViolations(page)).toEqual([]);
      await tip.getByRole('button', { name: t('safety.dismiss') }).click();
      await expect(tip).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel(t('footer.label', { name: recipient.name }))).toBeVisible();
      await expect(page.getByRole('region', { name: t('safety.title') })).toHaveCount(0);

      // a disguised messenger and a phone number: held, not charged
      const text = 'Hoi! App me op wh@ts app: 06 12 34 56 78';
      await page.getByLabel(t('footer.label', { name: recipient.name })).fill(text);
      await page.getByRole('button', { name: t('footer.send'), exact: true }).click();
      const history = page.getByRole('list', { name: t('conversation.history', { name: recipient.name }) });
      const mine = history.getByRole('listitem').filter({ hasText: text });
      await expect(mine).toContainText(t('held.label'));
      expect(await credits(page)).toBe(100);

      // the recipient sees nothing
      await recipientPage.goto('/chats');
      await expect(recipientPage.getByRole('heading', { level: 1 })).toBeVisible();
      await recipientPage.waitForLoadState('networkidle');
      await expect(recipientPage.getByText(sender.name)).toHaveCount(0);

      // the moderator releases it
      const modPage = await newMemberPage(browser, baseURL);
      await login(modPage, MODERATOR.email, MODERATOR.password);
      await modPage.goto('/backoffice/held-messages');
      await expect(modPage.getByRole('heading', { level: 1, name: held('title') })).toBeVisible();
      const item = modPage.getByRole('article', { name: `${held('from')} ${sender.name} → ${held('to')} ${recipient.name}` });
      await expect(item).toContainText(text);
      await expect(item).toContainText(held('reasons.phone'));
      await modPage.waitForLoadState('networkidle');
      expect(await axeViolations(modPage)).toEqual([]);
      await item.getByRole('button', { name: held('release') }).click();
      await expect(modPage.getByRole('status').filter({ hasText: `${sender.name}: ${held('released')}` })).toBeVisible();
      await expect(item).toHaveCount(0);

      // delivered and charged now
      await recipientPage.reload();
      await recipientPage
        .getByRole('link', { name: new RegExp(sender.name) })
        .first()
        .click();
      await expect(
        recipientPage.getByRole('list', { name: t('conversation.history', { name: sender.name }) }).getByText(text),
      ).toBeVisible();
      expect(await credits(page)).toBe(90);
      // the sender's open page followed the decision live (no reload)
      await expect(mine).not.toContainText(t('held.label'));
      await recipientPage.context().close();
      await modPage.context().close();
    },
  );
});
