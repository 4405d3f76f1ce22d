/**
 * Passkeys and new-login alerts in Chromium (issue 26 part 4), on the real server with real SMTP:
 * a member adds a passkey at /account/security with Chromium's virtual authenticator (CDP
 * WebAuthn domain: ctap2, internal transport, resident keys, user verification), logs out, logs
 * in with "Inloggen met passkey" (no e-mail typed), sees it used, renames and removes it, and a
 * removed passkey no longer logs in. Then a login from a second browser mails "Nieuwe login" and
 * its "Dit was ik niet" link ends that browser's session and opens the reset page.
 */
import type { CDPSession, Page } from '@playwright/test';
import { DEFAULT_PASSWORD, expect, login, loginAsNewMember, logout, newMemberPage, test } from '../support';

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test.describe('passkeys', () => {
  test('register, log out, log in with the passkey, rename and remove it', { tag: '@phone' }, async ({ page, pageErrors }) => {
    test.setTimeout(120_000);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const member = await loginAsNewMember(page, { tag: 'passkey' });

    await page.goto('/account');
    await page.getByRole('link', { name: 'Beveiliging en passkeys' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Beveiliging en passkeys' })).toBeVisible();
    await expect(page.getByText('Je hebt nog geen passkeys.')).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Naam van de passkey' });
    await name.fill('Mijn testtoestel');
    await page.getByRole('button', { name: 'Passkey toevoegen' }).click();
    await expect(page.getByText('Passkey "Mijn testtoestel" is toegevoegd.')).toBeVisible();
    const item = page.getByRole('listitem', { name: 'Mijn testtoestel' });
    await expect(item).toContainText('Nog niet gebruikt');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect(credentials[0]?.rpId).toBe('localhost');

    await logout(page);
    await page.goto('/login?redirect=/account/security');
    await page.getByRole('button', { name: 'Inloggen met passkey' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(item).toContainText('Laatst gebruikt op');
    const me = await (await page.request.get('/api/user.php')).json();
    expect(me.user.email).toBe(member.email);

    await item.getByRole('button', { name: 'Naam van Mijn testtoestel wijzigen' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Naam van de passkey wijzigen' });
    await renameDialog.getByRole('textbox', { name: 'Naam van de passkey' }).fill('Telefoon');
    await renameDialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('listitem', { name: 'Telefoon' })).toBeVisible();

    await page.getByRole('button', { name: 'Telefoon verwijderen' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Passkey verwijderen' });
    await removeDialog.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page.getByText('Je hebt nog geen passkeys.')).toBeVisible();

    // the authenticator still has it, the site does not: the login says so
    await logout(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Inloggen met passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('Deze passkey is niet (meer) bekend op deze site.');
    expect((await (await page.request.get('/api/user.php')).json()).user).toBeNull();
    // nothing on the page is wider than the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  test('a login from a new browser mails "Nieuwe login"; "Dit was ik niet" ends that session', async ({
    page,
    browser,
    baseURL,
    inbox,
  }) => {
    test.setTimeout(120_000);
    const member = await loginAsNewMember(page, { tag: 'newlogin' });
    await logout(page);
    await login(page, member.email, DEFAULT_PASSWORD); // the first login ever: this browser is known, no mail

    const other = await newMemberPage(browser, baseURL as string);
    await login(other, member.email, DEFAULT_PASSWORD);
    expect((await (await other.request.get('/api/user.php')).json()).user.email).toBe(member.email);
    const mail = await inbox.waitFor({ to: member.email, subject: /Nieuwe login/ });
    expect(mail.text).toMatch(/Besturingssysteem: /);
    const link = mail.links.find((l) => l.includes('/api/not-me.php'));
    expect(link).toBeDefined();

    await page.goto(link as string);
    await expect(page).toHaveURL(/\/reset-password\/do\?token=/);
    await expect(page.getByRole('alert')).toContainText('Je bent op al je apparaten uitgelogd en je oude wachtwoord werkt niet meer.');
    expect((await (await other.request.get('/api/user.php')).json()).user).toBeNull();
    await other.context().close();
  });
});
