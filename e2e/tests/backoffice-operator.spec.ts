/**
 * The operator console (issue 15), in real Chromium against the real server: a member writes to
 * a chatpal, the demo operator (operator@example.com) answers in the console and the member sees
 * the answer live; the member asks "ben je echt?", the console marks it, a plain reply is refused
 * (the box is closed and the server answers 409 disclosure_required) until the one-click
 * disclosure is sent, which the member then sees live; after it the operator may answer again.
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations, confirmEmail, login, loginAsNewMember, moduleTexts, newMemberPage, serverText } from '../support';

const t = moduleTexts('mf-chat/src/locales');
const op = moduleTexts('mf-chat/src/backoffice/locales');
/** the disclosure the server sends as the chatpal's message, in the member's language */
const DISCLOSURE = serverText('chatpal_disclosure');

async function send(page: Page, to: string, text: string) {
  await page.getByLabel(t('footer.label', { name: to })).fill(text);
  await page.getByRole('button', { name: t('footer.send'), exact: true }).click();
}

test.describe('back office: operator console', () => {
  test('an operator answers for a chatpal; "ben je echt?" needs the disclosure first', async ({ browser, baseURL, inbox }) => {
    test.setTimeout(150_000);
    if (!baseURL) throw new Error('no baseURL');
    const memberPage = await newMemberPage(browser, baseURL);
    // the operator works on a tablet (portrait)
    const operatorPage = await newMemberPage(browser, baseURL);
    await operatorPage.setViewportSize({ width: 820, height: 1180 });

    // a confirmed member with credits, and a chatpal of the demo data
    const name = `Kees${Date.now().toString(36).slice(-5)}`;
    const member = await loginAsNewMember(memberPage, { tag: 'operator-e2e', name });
    await confirmEmail(memberPage, inbox, member.email);
    expect((await memberPage.request.post('/dev/member.php', { data: { email: member.email, credits: 200 } })).ok()).toBe(true);
    const found = (await (await memberPage.request.get('/api/members.php')).json()) as {
      results: { id: number; name: string; fictional: boolean }[];
    };
    const chatpal = found.results.find((p) => p.fictional);
    if (!chatpal) throw new Error('the demo data has no chatpal');

    await memberPage.goto(`/members/${chatpal.id}/chat`);
    await send(memberPage, chatpal.name, 'Hoi, hoe gaat het met je?');
    const history = memberPage.getByRole('list', { name: t('conversation.history', { name: chatpal.name }) });
    await expect(history.getByText('Hoi, hoe gaat het met je?')).toBeVisible();

    // the operator finds the conversation in the console
    await login(operatorPage, 'operator@example.com', 'operator-staff-123');
    await operatorPage.goto('/backoffice/operator');
    await expect(operatorPage.getByRole('heading', { level: 1, name: op('title') })).toBeVisible();
    await operatorPage.getByLabel(op('inbox.search')).fill(name);
    await operatorPage.getByRole('button', { name: op('inbox.submit') }).click();
    const entry = operatorPage
      .getByRole('list', { name: op('inbox.label') })
      .getByRole('link', { name: new RegExp(op('inbox.entry', { member: name, chatpal: chatpal.name })) });
    await entry.click();
    await expect(
      operatorPage.getByRole('heading', { level: 2, name: op('conversation.title', { member: name, chatpal: chatpal.name }) }),
    ).toBeVisible();
    await expect(operatorPage.getByRole('region', { name: `${op('conversation.member')}: ${name}` })).toBeVisible();
    await expect(operatorPage.getByRole('region', { name: `${op('conversation.chatpal')}: ${chatpal.name}` })).toBeVisible();

    // claims it and answers as the chatpal: the member sees the answer live, for free
    await operatorPage.getByRole('button', { name: op('claim.claim') }).click();
    await expect(operatorPage.getByRole('status').filter({ hasText: op('claim.claimed') })).toBeVisible();
    const replyBox = operatorPage.getByLabel(op('reply.label', { chatpal: chatpal.name }));
    await replyBox.fill('Goed hoor! En met jou?');
    await operatorPage.getByRole('button', { name: op('reply.send'), exact: true }).click();
    const confirm = operatorPage.getByRole('dialog', { name: op('reply.confirmTitle') });
    await confirm.getByRole('button', { name: op('reply.confirm') }).click();
    await expect(operatorPage.getByRole('status').filter({ hasText: op('reply.sent') })).toBeVisible();
    await expect(history.getByText('Goed hoor! En met jou?')).toBeVisible();
    await expect(memberPage.getByRole('link', { name: t('conversation.credits', { count: 190 }) })).toBeVisible();

    // the member asks whether the chatpal is real: the console marks it live and closes the reply box
    await send(memberPage, chatpal.name, 'Even serieus: ben je echt?');
    const guard = operatorPage.getByRole('alert').filter({ hasText: op('honesty.title') });
    await expect(guard).toBeVisible();
    await expect(guard).toContainText(DISCLOSURE);
    const consoleHistory = operatorPage.getByRole('list', { name: op('conversation.history', { member: name, chatpal: chatpal.name }) });
    await expect(consoleHistory.getByRole('listitem').filter({ hasText: 'Even serieus: ben je echt?' })).toContainText(
      op('conversation.asksIfReal'),
    );
    // the inbox beside it flags the conversation too
    await expect(operatorPage.getByRole('list', { name: op('inbox.label') }).getByRole('link', { name: new RegExp(name) })).toContainText(
      op('inbox.flagged'),
    );
    await expect(replyBox).toBeDisabled();
    // the console at tablet width: nothing runs off the side; axe finds no WCAG 2.2 AA violation
    expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(operatorPage)).toEqual([]);
    // and the server refuses a plain reply, whatever the screen shows
    const conversation = Number(/\/backoffice\/operator\/(\d+)/.exec(operatorPage.url())?.[1]);
    const refused = await operatorPage.request.post('/api/backoffice/operator/reply', {
      data: { conversation, body: 'Natuurlijk ben ik echt!', client_id: crypto.randomUUID() },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'disclosure_required' });
    await expect(history.getByText('Natuurlijk ben ik echt!')).toHaveCount(0);

    // one click sends the disclosure; the member sees it live
    await guard.getByRole('button', { name: op('honesty.send') }).click();
    await expect(operatorPage.getByRole('status').filter({ hasText: op('honesty.sent') })).toBeVisible();
    await expect(history.getByText(DISCLOSURE)).toBeVisible();

    // then replies are open again
    await expect(replyBox).toBeEnabled();
    await replyBox.fill('Ik ben een medewerker, maar ik klets graag verder.');
    await operatorPage.getByRole('button', { name: op('reply.send'), exact: true }).click();
    await operatorPage
      .getByRole('dialog', { name: op('reply.confirmTitle') })
      .getByRole('button', { name: op('reply.confirm') })
      .click();
    await expect(history.getByText('Ik ben een medewerker, maar ik klets graag verder.')).toBeVisible();

    await memberPage.context().close();
    await operatorPage.context().close();
  });

  test('a member never downloads the console: the staff-only page, and its calls 403', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/mf/')) chunks.push(request.url());
    });
    await loginAsNewMember(page, { tag: 'operator-member' });
    await page.goto('/chats');
    await expect(page.getByRole('heading', { level: 1, name: t('titles.chats') })).toBeVisible();
    await page.goto('/backoffice/operator');
    await expect(page.getByRole('heading', { level: 1, name: op('title') })).toHaveCount(0);
    const res = await page.request.get('/api/backoffice/operator/inbox');
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'staff_only' });
    // mf-chat's chats page was loaded, its staff-only chunk never
    expect(chunks.some((url) => url.includes('/mf/mf-chat/'))).toBe(true);
    expect(chunks.filter((url) => url.includes('backoffice-operator'))).toEqual([]);
  });
});
