/**
 * Members journey (issue 4): two members sign up, fill their profiles, upload photos (metadata
 * verified gone), find each other by search, like each other, see the match modal and the
 * liked-by list; a free member sees locked photos; after a block neither finds the other.
 * Members are created through /api/signup.php (the sign-up UI has its own spec); everything after
 * that goes through the members screens.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, confirmEmail, loginAsNewMember, moduleTexts, newMemberPage, phonePhoto } from '../support';
import type { NewMember } from '../support/session';

const t = moduleTexts('mf-members/src/locales');

/** Own profile screen: country + region + about, saved through the form. */
async function fillProfile(page: Page, about: string) {
  await page.goto('/profile');
  await expect(page.getByLabel(t('field.name'))).toBeVisible();
  await page.getByLabel(t('field.country')).selectOption('BE');
  const regions = (await (await page.request.get('/api/regions.php?country=BE')).json()) as { label: string };
  await page.getByLabel(regions.label, { exact: true }).selectOption('BRU');
  await page.getByLabel(t('field.hair_color')).selectOption('dark_blond');
  await page.getByLabel(t('field.about')).fill(about);
  await page.getByRole('button', { name: t('profile.save') }).click();
  await expect(page.getByText(t('profile.saved'))).toBeVisible();
}

async function uploadPhoto(page: Page, file: Buffer, name: string) {
  await page.getByLabel(t('photos.upload')).setInputFiles({ name, mimeType: 'image/jpeg', buffer: file });
  await expect(page.getByRole('status').filter({ hasText: /Je foto is toegevoegd/ })).toBeVisible();
}

/**
 * The two members are AGE years old (the seeded members are older), so a search for AGE-1..AGE in
 * their region finds them. Birth dates are derived from today (UTC, as the server counts), a month
 * or two past the AGE-th birthday so the age is AGE whatever the time zone, on any day the test runs.
 */
const AGE = 20;
function birthDateForAge(age: number, daysPastBirthday: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate() - daysPastBirthday));
  return d.toISOString().slice(0, 10);
}

const searchUrl = `/members?gender=&country=BE&countryregion=BRU&min_age=${AGE - 1}&max_age=${AGE}`;

test.describe('members', () => {
  test('two members find, like and match each other; locked photos; a block hides both ways', async ({ browser, baseURL, inbox }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('no baseURL');
    const anke = await newMemberPage(browser, baseURL);
    const bram = await newMemberPage(browser, baseURL);
    const suffix = Date.now().toString(36).slice(-5);
    const a: NewMember = await loginAsNewMember(anke, {
      tag: 'anke',
      name: `Anke${suffix}`,
      gender: 'female',
      country: 'BE',
      date_of_birth: birthDateForAge(AGE, 30),
    });
    const b: NewMember = await loginAsNewMember(bram, {
      tag: 'bram',
      name: `Bram${suffix}`,
      gender: 'male',
      country: 'BE',
      date_of_birth: birthDateForAge(AGE, 60),
    });
    await confirmEmail(anke, inbox, a.email);

    // profiles and photos
    await fillProfile(anke, 'Ik hou van fietsen en koffie.');
    await uploadPhoto(anke, await phonePhoto('#d04080'), 'anke-1.jpg');
    await uploadPhoto(anke, await phonePhoto('#4080d0'), 'anke-2.jpg');
    await expect(anke.getByText(t('photos.count', { count: 2, max: 3 }))).toBeVisible();
    await fillProfile(bram, 'Wandelen en muziek.');
    await uploadPhoto(bram, await phonePhoto('#40a060'), 'bram-1.JPG');

    // the stored photos carry no metadata any more
    const own = (await (await anke.request.get('/api/photos.php')).json()) as { photos: { filename: string; thumb_filename: string }[] };
    expect(own.photos).toHaveLength(2);
    for (const photo of own.photos) {
      for (const url of [photo.filename, photo.thumb_filename]) {
        const bytes = Buffer.from(await (await anke.request.get(url)).body());
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('SECRET-OWNER-E2E'))).toBe(false);
        expect(bytes.includes(Buffer.from('E2ePhone'))).toBe(false);
      }
    }

    // Bram finds Anke by search
    await bram.goto(searchUrl);
    const results = bram.getByRole('list', { name: t('search.results') });
    // the card's link is named by what it shows, name and age first
    const card = results.getByRole('link', { name: new RegExp(`^${t('card.nameAge', { name: a.name, age: AGE })}\\b`) });
    await expect(card).toBeVisible();
    await card.click();
    await expect(bram.getByRole('heading', { level: 1, name: new RegExp(a.name) })).toBeVisible();

    // a free member sees the second photo locked, with the premium prompt
    await expect(bram.getByText(t('member.photoCount', { count: 2 }))).toBeVisible();
    await expect(bram.getByRole('link', { name: t('member.lockedPhoto', { number: 2 }) })).toBeVisible();
    await expect(bram.getByText(t('member.premiumOnlyTitle'))).toBeVisible();

    // Bram likes Anke: no match yet
    await bram.getByRole('button', { name: t('member.like'), exact: true }).click();
    await expect(bram.getByText(t('member.liked', { name: a.name }))).toBeVisible();
    await expect(bram.getByRole('dialog')).toHaveCount(0);

    // Bram has not confirmed his e-mail address yet: his like is held from Anke until he does
    const likedByOfAnke = async () =>
      ((await (await anke.request.get('/api/likes.php')).json()) as { liked_by: { id: number }[] }).liked_by.map((l) => l.id);
    expect(await likedByOfAnke()).not.toContain(b.id);
    await confirmEmail(bram, inbox, b.email);
    expect(await likedByOfAnke()).toContain(b.id);

    // Anke sees Bram in her liked-by list, as new; she opens the profile and likes back: a match
    await anke.goto('/likes');
    const likedBy = anke.getByRole('list', { name: t('likes.tab.liked-by') });
    const bramCard = likedBy.getByRole('listitem').filter({ hasText: b.name });
    await expect(bramCard).toContainText(t('likes.new'));
    await bramCard.getByRole('link').click();
    await expect(anke.getByText(t('member.likesYou', { name: b.name }))).toBeVisible();
    await anke.getByRole('button', { name: t('member.like'), exact: true }).click();
    const modal = anke.getByRole('dialog', { name: t('match.title') });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: t('match.startConversation') })).toBeVisible();
    await modal.getByText(t('match.text', { name: b.name })).click();
    await expect(modal).toHaveCount(0);
    // the like is no longer new once the profile was opened
    await anke.goto('/likes');
    await expect(
      anke
        .getByRole('list', { name: t('likes.tab.liked-by') })
        .getByRole('listitem')
        .filter({ hasText: b.name }),
    ).not.toContainText(t('likes.new'));
    await anke.goto('/likes/matches');
    await expect(anke.getByRole('list', { name: t('likes.tab.matches') })).toContainText(b.name);

    // Anke blocks Bram: neither finds the other, Bram cannot open her profile
    await anke.goto(`/members/${b.id}`);
    await anke.getByRole('button', { name: t('member.block') }).click();
    await expect(anke.getByText(t('member.blocked', { name: b.name }))).toBeVisible();

    await bram.goto(searchUrl);
    await expect(bram.getByRole('heading', { name: /Gevonden leden/ })).toBeVisible();
    await expect(bram.getByRole('link', { name: new RegExp(a.name) })).toHaveCount(0);
    await bram.goto(`/members/${a.id}`);
    await expect(bram.getByText('Dit profiel bestaat niet of is niet meer beschikbaar.')).toBeVisible();
    await anke.goto(searchUrl);
    await expect(anke.getByRole('heading', { name: /Gevonden leden/ })).toBeVisible();
    await expect(anke.getByRole('link', { name: new RegExp(b.name) })).toHaveCount(0);
    await bram.goto('/likes/matches');
    await expect(bram.getByText(t('likes.empty.matches'))).toBeVisible();

    await anke.context().close();
    await bram.context().close();
  });

  test('search and a profile work on a phone, with the demo members and their photos', { tag: '@phone' }, async ({ page }) => {
    await loginAsNewMember(page, { tag: 'phone', gender: 'male', country: 'NL' });
    await page.goto('/members');
    await expect(page.getByLabel(t('search.gender'))).toHaveValue('female');
    await expect(page.getByRole('heading', { name: /Gevonden leden: [1-9]/ })).toBeVisible();
    const results = page.getByRole('list', { name: t('search.results') });
    // seeded members have approved photos (decorative in the card: its link is named by the text)
    await expect(results.locator('img').first()).toHaveAttribute('src', /\/uploads\//);
    await results.getByRole('link').first().click();
    await expect(page.getByRole('button', { name: t('member.like'), exact: true })).toBeVisible();
    await expect(page.getByText(/Foto's: \d/)).toBeVisible();
  });
});
