/**
 * Chat (issue 11), in real Chromium against the real server: two members chat both ways and see
 * each other's messages, typing and read marker live; a free member's third conversation is
 * refused with the premium prompt; credits run out and the buy prompt shows; a block removes the
 * conversation on both sides; a socket killed and reconnected gets what was sent meanwhile.
 * Fresh members start with the site's signup_credits (20 on the demo site: two messages of 10).
 */
import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, commonText, confirmEmail, fillText, localeText, loginAsNewMember, newMemberPage, phonePhoto } from '../support';
import type { Inbox } from '../support';

const fill = fillText;
const t = (key: string, params: Record<string, string | number> = {}) => fill(localeText('mf-chat/src/locales', key), params);
const tm = (key: string, params: Record<string, string | number> = {}) => fill(localeText('mf-members/src/locales', key), params);

const suffix = () => Date.now().toString(36).slice(-5);

function history(page: Page, name: string) {
  return page.getByRole('list', { name: t('conversation.history', { name }) });
}
function conversations(page: Page) {
  return page.getByRole('list', { name: t('list.label') });
}
async function send(page: Page, to: string, text: string) {
  const field = page.getByLabel(t('footer.label', { name: to }));
  await field.fill(text);
  await page.getByRole('button', { name: t('footer.send'), exact: true }).click();
}

/**
 * A woman who writes (e-mail confirmed, so her messages are delivered) and a man, each
 * logged in in a browser context of their own; `confirmBoth` confirms his address too.
 */
async function pair(browser: Browser, baseURL: string | undefined, inbox: Inbox, names: [string, string], confirmBoth = false) {
  if (!baseURL) throw new Error('no baseURL');
  const s = suffix();
  const herPage = await newMemberPage(browser, baseURL);
  const hisPage = await newMemberPage(browser, baseURL);
  const her = await loginAsNewMember(herPage, { tag: `chat-${names[0].toLowerCase()}`, name: `${names[0]}${s}`, gender: 'female' });
  const him = await loginAsNewMember(hisPage, { tag: `chat-${names[1].toLowerCase()}`, name: `${names[1]}${s}` });
  await confirmEmail(herPage, inbox, her.email);
  if (confirmBoth) await confirmEmail(hisPage, inbox, him.email);
  return { herPage, her, hisPage, him };
}

test.describe('chat', () => {
  test('two members chat both ways, live: messages, typing, read marker, badge and title', async ({ browser, baseURL, inbox }) => {
    test.setTimeout(120_000);
    const { herPage: anke, her: a, hisPage: bram, him: b } = await pair(browser, baseURL, inbox, ['Anke', 'Bram'], true);

    // Bram waits on his (empty) conversation list; Anke starts from his profile's message button
    await bram.goto('/chats');
    await expect(bram.getByText(t('list.empty'))).toBeVisible();
    await anke.goto(`/members/${b.id}`);
    await anke.getByRole('link', { name: tm('member.message') }).click();
    await expect(anke).toHaveURL(new RegExp(`/members/${b.id}/chat$`));
    await expect(anke.getByRole('heading', { level: 1, name: new RegExp(b.name) })).toBeVisible();
    await expect(anke.getByText(/Dit bericht kost 10 credits/)).toBeVisible();
    await send(anke, b.name, 'Hoi Bram, zin in koffie?');
    await expect(history(anke, b.name).getByText('Hoi Bram, zin in koffie?')).toBeVisible();
    await expect(anke.getByRole('link', { name: t('conversation.credits', { count: 10 }) })).toBeVisible();

    // it appears in Bram's list without a reload, with the unread count, the badge in the title
    const entry = conversations(bram).getByRole('link', { name: new RegExp(a.name) });
    await expect(entry).toContainText('Hoi Bram, zin in koffie?');
    await expect(entry).toContainText(t('list.unread', { count: 1 }));
    await expect(bram).toHaveTitle(/^\(1\) /);
    await entry.click();
    await expect(history(bram, a.name).getByText('Hoi Bram, zin in koffie?')).toBeVisible();
    await expect(bram).not.toHaveTitle(/^\(\d+\+?\) /);

    // Anke sees that Bram read it, then that he is typing, then his answer - all without a reload
    await expect(anke.getByText(t('conversation.read'))).toBeVisible();
    await bram.getByLabel(t('footer.label', { name: a.name })).pressSequentially('Graag', { delay: 30 });
    await expect(anke.getByText(t('conversation.typing', { name: b.name }))).toBeVisible();
    await bram.getByRole('button', { name: t('footer.send'), exact: true }).click();
    await expect(history(anke, b.name).getByText('Graag')).toBeVisible();
    await expect(history(bram, a.name).getByText('Graag')).toBeVisible();
    await expect(bram.getByText(t('conversation.read'))).toBeVisible();
  });

  test("a free member's third conversation is refused with the premium prompt; credits run out and the buy prompt shows", async ({
    browser,
    baseURL,
    inbox,
  }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error('no baseURL');
    const cara = await newMemberPage(browser, baseURL);
    const others = await newMemberPage(browser, baseURL);
    const s = suffix();
    const c = await loginAsNewMember(cara, { tag: 'chat-cara', name: `Cara${s}`, gender: 'female' });
    await confirmEmail(cara, inbox, c.email);
    const [d1, d2, d3] = [
      await loginAsNewMember(others, { tag: 'chat-d1', name: `Dirk${s}` }),
      await loginAsNewMember(others, { tag: 'chat-d2', name: `Daan${s}` }),
      await loginAsNewMember(others, { tag: 'chat-d3', name: `Dries${s}` }),
    ];
    if (!d1 || !d2 || !d3) throw new Error('members missing');

    // two conversations of 10 credits each use up the 20 sign-up credits
    for (const d of [d1, d2]) {
      await cara.goto(`/members/${d.id}/chat`);
      await send(cara, d.name, `Hallo ${d.name}`);
      await expect(history(cara, d.name).getByText(`Hallo ${d.name}`)).toBeVisible();
    }
    await expect(cara.getByRole('link', { name: t('conversation.credits', { count: 0 }) })).toBeVisible();

    // no credits left: 'Je hebt onvoldoende credits' with a buy button, the text kept
    await send(cara, d2.name, 'Nog eentje');
    const short = cara.getByRole('alert').filter({ hasText: commonText('errors.insufficientCredits') });
    await expect(short).toBeVisible();
    await expect(cara.getByLabel(t('footer.label', { name: d2.name }))).toHaveValue('Nog eentje');
    await short.getByRole('link', { name: commonText('errors.buyCredits') }).click();
    await expect(cara).toHaveURL(/\/credits$/);

    // a third conversation: the premium prompt, before and after trying
    await cara.goto(`/members/${d3.id}/chat`);
    const limit = cara.getByRole('alert').filter({ hasText: t('prompts.limitTitle') });
    await expect(limit).toBeVisible();
    await expect(limit.getByRole('link', { name: commonText('premium.cta') })).toHaveAttribute('href', '/premium');
    await limit.getByRole('button', { name: commonText('actions.close') }).click();
    await send(cara, d3.name, 'Mag ik?');
    await expect(cara.getByRole('alert').filter({ hasText: t('prompts.limitTitle') })).toBeVisible();
    await expect(history(cara, d3.name).getByText('Mag ik?')).toHaveCount(0);
  });

  test('a block removes the conversation on both sides', async ({ browser, baseURL, inbox }) => {
    test.setTimeout(120_000);
    const { herPage: eva, her: e, hisPage: finn, him: f } = await pair(browser, baseURL, inbox, ['Eva', 'Finn']);
    await eva.goto(`/members/${f.id}/chat`);
    await send(eva, f.name, 'Hoi Finn');
    await expect(history(eva, f.name).getByText('Hoi Finn')).toBeVisible();
    await finn.goto('/chats');
    const entry = conversations(finn).getByRole('link', { name: new RegExp(e.name) });
    await entry.click();
    await expect(history(finn, e.name).getByText('Hoi Finn')).toBeVisible();

    // Eva blocks Finn on his profile
    await eva.goto(`/members/${f.id}`);
    await eva.getByRole('button', { name: tm('member.block') }).click();
    await expect(eva.getByText(tm('member.blocked', { name: f.name }))).toBeVisible();

    // Finn's open conversation goes at once; his list no longer has it
    await expect(finn.getByText(t('conversation.notFound'))).toBeVisible();
    await finn.getByRole('link', { name: t('conversation.backToList') }).click();
    await expect(finn.getByText(t('list.empty'))).toBeVisible();
    await eva.goto('/chats');
    await expect(eva.getByText(t('list.empty'))).toBeVisible();
  });

  test('a socket killed and reconnected receives what was sent meanwhile', async ({ browser, baseURL, inbox }) => {
    test.setTimeout(120_000);
    const { herPage: hanna, her: h, hisPage: gijs, him: g } = await pair(browser, baseURL, inbox, ['Hanna', 'Gijs']);
    await hanna.goto(`/members/${g.id}/chat`);
    await send(hanna, g.name, 'Eerste bericht');

    // Gijs's socket runs through a relay the test can cut
    const sockets: { url: string; page: WebSocketRoute }[] = [];
    const frames: string[] = [];
    let refusing = false;
    await gijs.routeWebSocket('**/api/ws**', (ws) => {
      sockets.push({ url: ws.url(), page: ws });
      if (refusing) {
        void ws.close({ code: 1011, reason: 'e2e: server away' });
        return;
      }
      const server = ws.connectToServer();
      server.onMessage((message) => {
        frames.push(String(message));
        ws.send(message);
      });
      ws.onMessage((message) => server.send(message));
    });
    await gijs.goto('/chats');
    const entry = conversations(gijs).getByRole('link', { name: new RegExp(h.name) });
    await entry.click();
    await expect(history(gijs, h.name).getByText('Eerste bericht')).toBeVisible();
    await expect.poll(() => frames.some((f) => f.includes('"ready"'))).toBe(true);

    // cut the socket and keep it down while Hanna writes
    refusing = true;
    const before = sockets.length;
    await sockets.at(-1)?.page.close({ code: 1011, reason: 'e2e: killed' });
    await send(hanna, g.name, 'Terwijl je weg was');
    await expect(history(hanna, g.name).getByText('Terwijl je weg was')).toBeVisible();
    await expect.poll(() => sockets.length).toBeGreaterThan(before);
    refusing = false;

    // the next reconnect asks for what came after the last message it saw, and gets it
    await expect(history(gijs, h.name).getByText('Terwijl je weg was')).toBeVisible({ timeout: 45_000 });
    const reconnect = sockets.at(-1);
    expect(reconnect?.url).toMatch(/[?&]last_id=\d+/);
    expect(frames.some((f) => f.includes('"message:new"') && f.includes('Terwijl je weg was'))).toBe(true);
  });

  test('a photo goes through the photo pipeline (metadata gone) and shows on both sides; its price is charged', async ({
    browser,
    baseURL,
    inbox,
  }) => {
    test.setTimeout(120_000);
    const { herPage: ida, her: i, hisPage: jos, him: j } = await pair(browser, baseURL, inbox, ['Ida', 'Jos']);
    await ida.goto(`/members/${j.id}/chat`);
    await ida
      .getByLabel(t('footer.photo', { credits: 15 }))
      .setInputFiles({ name: 'ida.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#c04080') });
    const sent = history(ida, j.name).getByRole('img', { name: t('conversation.photoAlt') });
    await expect(sent).toBeVisible();
    await expect(ida.getByRole('link', { name: t('conversation.credits', { count: 5 }) })).toBeVisible();

    await jos.goto('/chats');
    await conversations(jos)
      .getByRole('link', { name: new RegExp(i.name) })
      .click();
    const received = history(jos, i.name).getByRole('img', { name: t('conversation.photoAlt') });
    await expect(received).toBeVisible();
    const src = await received.getAttribute('src');
    if (!src) throw new Error('no src');
    const bytes = Buffer.from(await (await jos.request.get(src)).body());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SECRET-OWNER-E2E'))).toBe(false);
  });

  test('on a phone the list and the conversation are separate screens', { tag: '@phone-only' }, async ({ page, browser, baseURL }) => {
    if (!baseURL) throw new Error('no baseURL');
    const other = await newMemberPage(browser, baseURL);
    const s = suffix();
    const l = await loginAsNewMember(other, { tag: 'chat-lotte', name: `Lotte${s}`, gender: 'female' });
    await loginAsNewMember(page, { tag: 'chat-kees', name: `Kees${s}` });
    await page.goto(`/members/${l.id}/chat`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(l.name) })).toBeVisible();
    await expect(conversations(page)).toBeHidden();
    await send(page, l.name, 'Hoi Lotte');
    await expect(history(page, l.name).getByText('Hoi Lotte')).toBeVisible();
    await page.getByRole('link', { name: t('conversation.back') }).click();
    await expect(page).toHaveURL(/\/chats$/);
    const list = conversations(page);
    await expect(list.getByRole('link', { name: new RegExp(l.name) })).toContainText(t('list.you', { text: 'Hoi Lotte' }));
    const box = await list.boundingBox();
    expect(box?.width).toBeGreaterThan(350);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
