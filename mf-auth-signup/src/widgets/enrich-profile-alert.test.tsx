/**
 * ./EnrichProfileAlert: the entry point to /complete-signup for a member whose profile lacks what
 * that page asks for (orientation, region, city); dismissible, remembered by a stored timestamp.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile, makeUser } from '@dating/shared-kit/testing';
import { setSession } from '@dating/shared-kit/state';
import { renderAt, resetBrowserState } from '../testing/render';
import EnrichProfileAlert, { ENRICH_DISMISS_KEY } from './enrich-profile-alert';

const incomplete = () =>
  makeUser({ profile: makeProfile({ id: 1, name: 'Jan', gender: 'male', sexuality: null, region: null, city: null }) });
const complete = () =>
  makeUser({ profile: makeProfile({ id: 1, name: 'Jan', gender: 'male', sexuality: 'hetero', region: 'UT', city: 'Utrecht' }) });

beforeEach(() => resetBrowserState());

it('links a member with missing profile data to /complete-signup', async () => {
  setSession(incomplete());
  await renderAt(<EnrichProfileAlert />, { path: '/members' });
  expect(screen.getByText('Maak je profiel compleet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Profiel aanvullen' })).toHaveAttribute('href', '/complete-signup');
});

it('also when only one field is missing', async () => {
  setSession(makeUser({ profile: makeProfile({ id: 1, name: 'Jan', gender: 'male', sexuality: 'hetero', region: 'UT', city: null }) }));
  await renderAt(<EnrichProfileAlert />, { path: '/members' });
  expect(screen.getByRole('link', { name: 'Profiel aanvullen' })).toBeInTheDocument();
});

it('stays away for a complete profile, visitors, an unconfirmed address and on the page itself', async () => {
  setSession(complete());
  const a = await renderAt(<EnrichProfileAlert />, { path: '/members' });
  expect(screen.queryByRole('link', { name: 'Profiel aanvullen' })).not.toBeInTheDocument();
  a.unmount();

  setSession(null);
  const b = await renderAt(<EnrichProfileAlert />, { path: '/members' });
  expect(screen.queryByRole('link', { name: 'Profiel aanvullen' })).not.toBeInTheDocument();
  b.unmount();

  // the e-mail reminder is shown then: one alert at a time
  setSession({ ...incomplete(), email_confirmed: false, status: 'not_confirmed' });
  const c = await renderAt(<EnrichProfileAlert />, { path: '/members' });
  expect(screen.queryByRole('link', { name: 'Profiel aanvullen' })).not.toBeInTheDocument();
  c.unmount();

  setSession(incomplete());
  await renderAt(<EnrichProfileAlert />, { path: '/complete-signup' });
  expect(screen.queryByRole('link', { name: 'Profiel aanvullen' })).not.toBeInTheDocument();
});

it('remembers a dismissal with a timestamp', async () => {
  setSession(incomplete());
  const view = await renderAt(<EnrichProfileAlert />, { path: '/members' });
  const dismiss = screen.getAllByRole('button').find((b) => b.getAttribute('aria-label'));
  if (!dismiss) throw new Error('no dismiss button');
  await userEvent.click(dismiss);
  expect(screen.queryByText('Maak je profiel compleet')).not.toBeInTheDocument();
  expect(Number(localStorage.getItem(ENRICH_DISMISS_KEY))).toBeGreaterThan(Date.now() - 60_000);
  view.unmount();
  await renderAt(<EnrichProfileAlert />, { path: '/members' });
  expect(screen.queryByText('Maak je profiel compleet')).not.toBeInTheDocument();
});
