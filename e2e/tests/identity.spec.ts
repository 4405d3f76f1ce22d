/**
 * Issue 3's journey in Chromium, on the real server with real SMTP (the test inbox):
 * a visitor signs up (modal on desktop, page on a phone), receives the activation mail, activates,
 * logs out, fails to log in until locked, resets the password from the mailed link, logs in,
 * changes e-mail and password, deletes the account and reactivates it. Fields are found by label.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openNotices, test, uniqueEmail } from '../support';

interface Visitor {
  name: string;
  email: string;
  password: string;
}

/** Steps 0-4 of the sign-up form (in the dialog or on the page). */
async function fillSignup(scope: Locator, v: Visitor) {
  await scope.getByLabel('Ik ben een').selectOption('female');
  await scope.getByRole('button', { name: 'Volgende' }).click();
  await scope.getByLabel('Geboortedatum').fill('1990-07-14');
  await scope.getByRole('button', { name: 'Volgende' }).click();
  await expect(scope.getByRole('heading', { name: 'Waar woon je?' })).toBeVisible();
  await expect(scope.getByLabel('Land')).toHaveValue('NL');
  await scope.getByLabel(/Woonplaats/).fill('Utrecht');
  await scope.getByRole('button', { name: 'Volgende' }).click();
  await scope.getByLabel('Profielnaam').fill(v.name);
  await scope.getByRole('button', { name: 'Volgende' }).click();
  await expect(scope.getByRole('heading', { name: 'Je inloggegevens' })).toBeVisible();
  await scope.getByLabel('E-mailadres').fill(v.email);
  await scope.getByLabel('Wachtwoord', { exact: true }).fill(v.password);
  // "ga je akkoord met de algemene voorwaarden": the words link to the terms (a new tab keeps the form)
  const terms = scope.getByRole('link', { name: 'algemene voorwaarden' });
  await expect(terms).toHaveAttribute('href', '/pages/terms');
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(scope.getByRole('link', { name: 'privacyverklaring' })).toHaveAttribute('href', '/pages/privacy');
  await scope.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(scope.getByRole('heading', { name: `Welkom, ${v.name}!` })).toBeVisible({ timeout: 20_000 });
}

async function loginViaForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).last().click();
}

test.describe('identity', () => {
  test('the whole account journey on desktop', async ({ page, inbox }) => {
    test.setTimeout(180_000);
    const v: Visitor = { name: 'Carla', email: uniqueEmail('journey'), password: 'Start-wachtwoord-1' };

    // sign up through the modal (desktop)
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gratis aanmelden' });
    await expect(dialog).toBeVisible();
    await fillSignup(dialog, v);
    await expect(dialog.getByRole('list', { name: 'Je account wordt aangemaakt' })).toContainText('Activatiemail versturen');
    await dialog.getByRole('button', { name: 'Bekijk je matches' }).click();
    await expect(page).toHaveURL(/\/signup-matches/);
    // logged in, not yet confirmed: the reminder shows among the member's notices
    await openNotices(page);
    await expect(page.getByText(`We hebben een activatielink gestuurd naar ${v.email}.`, { exact: false })).toBeVisible();

    // the activation mail over SMTP, in Dutch, with the site's name and a one-time link
    const activation = await inbox.waitFor({ to: v.email, subject: 'Bevestig je e-mailadres' });
    expect(activation.text).toContain('Flirtlokaal');
    expect(activation.html).toContain('<a href=');
    const activateLink = activation.links.find((l) => l.includes('/api/activate.php'));
    expect(activateLink).toBeTruthy();
    await page.goto(activateLink as string);
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole('heading', { name: 'Je e-mailadres is bevestigd' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Jouw profiel' })).toBeVisible();
    // the link works once; used again it says the address is confirmed and offers the way on
    await page.goto(activateLink as string);
    await expect(page).toHaveURL(/\/activate\/error\?reason=already_confirmed$/);
    await expect(page.getByRole('heading', { name: 'Je e-mailadres is al bevestigd' })).toBeVisible();
    await expect(page.getByText('Activeren mislukt')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Naar de leden' }).click();
    await expect(page).toHaveURL(/\/members$/);

    // log out
    await page.goto('/members');
    await page.locator('button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();

    // fail to log in until locked
    await page.goto('/login');
    await page.getByLabel('E-mailadres').fill(v.email);
    await page.getByLabel('Wachtwoord').fill('verkeerd-wachtwoord');
    const submit = page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true });
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('Login mislukt, probeer opnieuw');
    for (let i = 0; i < 4; i++) {
      await expect(submit).toBeEnabled();
      await submit.click();
    }
    await expect(page.getByRole('alert')).toContainText('Te veel foute pogingen, account voor 5 min geblokkeerd.');

    // reset the password from the mailed link
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await page.getByLabel('E-mailadres').fill(v.email);
    await page.getByRole('button', { name: 'Verstuur link' }).click();
    await expect(page.getByText(/De link is 2 uur geldig\./)).toBeVisible();
    const reset = await inbox.waitFor({ to: v.email, subject: 'Nieuw wachtwoord instellen' });
    await page.goto(reset.links.find((l) => l.includes('/reset-password/do')) as string);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw-wachtwoord-2');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-wachtwoord-2');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByText(/Je wachtwoord is gewijzigd/)).toBeVisible();

    // log in with the new password
    await loginViaForm(page, v.email, 'Nieuw-wachtwoord-2');
    await expect(page).toHaveURL(/\/members/);

    // change the e-mail address (confirmed through the link sent to the new address)
    const newEmail = uniqueEmail('changed');
    await page.goto('/account/email');
    await page.getByLabel('Nieuw e-mailadres').fill(newEmail);
    await page.getByLabel('Huidig wachtwoord').fill('Nieuw-wachtwoord-2');
    await page.getByRole('button', { name: 'E-mailadres wijzigen' }).last().click();
    await expect(page.getByText(`We hebben een bevestigingslink gestuurd naar ${newEmail}.`, { exact: false })).toBeVisible();
    const change = await inbox.waitFor({ to: newEmail, subject: 'Bevestig je nieuwe e-mailadres' });
    await page.goto(change.links.find((l) => l.includes('/mail-change/do')) as string);
    await expect(page.getByText(`Je e-mailadres is gewijzigd in ${newEmail}.`)).toBeVisible();

    // change the password (old one checked, both new ones equal)
    await page.goto('/account/password');
    await page.getByLabel('Oud wachtwoord').fill('fout-oud-wachtwoord');
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Derde-wachtwoord-3');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('Derde-wachtwoord-3');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).last().click();
    await expect(page.getByText('Controleer je oude wachtwoord.')).toBeVisible();
    await page.getByLabel('Oud wachtwoord').fill('Nieuw-wachtwoord-2');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).last().click();
    await expect(page.getByText(/Je wachtwoord is gewijzigd\. Op andere apparaten ben je uitgelogd\./)).toBeVisible();

    // delete the account, then reactivate it from the mailed link
    await page.goto('/account/delete');
    await page.getByLabel('Reden').selectOption('found_someone');
    await page.getByLabel(/Toelichting/).fill('Via jullie iemand leuks gevonden');
    await page.getByRole('button', { name: 'Account verwijderen' }).last().click();
    const confirm = page.getByRole('dialog', { name: 'Account echt verwijderen?' });
    await confirm.getByRole('button', { name: 'Ja, verwijder mijn account' }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { name: 'Je account is verwijderd' })).toBeVisible();
    const goodbye = await inbox.waitFor({ to: newEmail, subject: 'is verwijderd' });
    await page.goto(goodbye.links.find((l) => l.includes('/account-deleted?token=')) as string);
    await page.getByRole('button', { name: 'Account heractiveren' }).click();
    await expect(page.getByRole('heading', { name: 'Welkom terug! Je account is weer actief.' })).toBeVisible();
    await loginViaForm(page, newEmail, 'Derde-wachtwoord-3');
    await expect(page).toHaveURL(/\/members/);
  });

  test('sign-up is a page on a phone, with the reminder as a modal', { tag: '@phone-only' }, async ({ page, inbox }) => {
    const v: Visitor = { name: 'Daan', email: uniqueEmail('phone'), password: 'Telefoon-wachtwoord-1' };
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('dialog', { name: 'Gratis aanmelden' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Gratis aanmelden', level: 1 })).toBeVisible();
    // a page on a phone has no window to close: the draft note speaks of the tab
    await expect(page.getByText('zolang dit tabblad openstaat')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('venster');

    // the draft survives a reload
    await page.getByLabel('Ik ben een').selectOption('male');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByLabel('Geboortedatum').fill('1988-02-29');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Wanneer ben je geboren?' })).toBeVisible();
    await expect(page.getByLabel('Geboortedatum')).toHaveValue('1988-02-29');
    await page.getByRole('button', { name: 'Vorige' }).click();

    await fillSignup(page.getByRole('main'), v);
    await page.getByRole('button', { name: 'Bekijk je matches' }).click();
    await expect(page).toHaveURL(/\/signup-matches\?api_signup_complete=1/);
    await expect(page.getByRole('dialog', { name: 'Bevestig je e-mailadres' })).toBeVisible();

    const activation = await inbox.waitFor({ to: v.email, subject: 'Bevestig je e-mailadres' });
    await page.goto(activation.links.find((l) => l.includes('/api/activate.php')) as string);
    await expect(page.getByRole('heading', { name: 'Je e-mailadres is bevestigd' })).toBeVisible();
  });
});
