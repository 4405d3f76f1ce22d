/** Test helpers: valid chat wire objects, a logged-in member, the routes rendered at a URL. */
import type { Message, MessagesResponse, User } from '@dating/shared-kit/contracts';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeProfile, makeSettings, makeUser, renderAt } from '@dating/shared-kit/testing';
import { routes } from './routes';

export const ME = 1;
export const SANNE = makeProfile({ id: 7, name: 'Sanne' });
export const ROOS = makeProfile({ id: 8, name: 'Roos', fictional: true });

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    conversation: 5,
    sender: 7,
    recipient: ME,
    type: 'text',
    body: 'Hoi!',
    gift: null,
    image: null,
    credits: 10,
    created_at: new Date().toISOString(),
    deleted: false,
    read: false,
    ...overrides,
  };
}

export function makeHistory(overrides: Partial<MessagesResponse> = {}): MessagesResponse {
  return {
    conversation: 5,
    profile: SANNE,
    messages: [],
    has_more: false,
    read_up_to: 0,
    history_days: 90,
    costs: { text: 10, image: 15, gift: 25, minimum: { costs: 149, currency: 'EUR' }, message_length: 1000 },
    can_start: true,
    ...overrides,
  };
}

export function loginAs(overrides: Partial<User> = {}): User {
  const user = makeUser({ id: ME, profile: makeProfile({ id: ME, name: 'Jan', gender: 'male', country: 'NL' }), ...overrides });
  setSession(user);
  store.set(settingsAtom, makeSettings({ fictional_icon: '/static/fictional.svg', fictional_warning: 'Dit profiel is fictief' }));
  return user;
}

/** The chat routes at `path`, plus a stand-in for every other page (shows its path). */
export function renderChat(path: string) {
  return renderAt(path, routes);
}
