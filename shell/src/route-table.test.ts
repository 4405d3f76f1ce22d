import { ROUTE_TABLE, isMembersArea, resolveRoute } from './route-table';

const expectations: Array<[string, string, string]> = [
  ['/', 'mf_landers', 'default'],
  ['/signup', 'mf_auth_signup', 'default'],
  ['/signup-matches', 'mf_auth_signup', 'default'],
  ['/login', 'mf_auth_signup', 'default'],
  ['/activate/done', 'mf_auth_signup', 'default'],
  ['/activate/error', 'mf_auth_signup', 'default'],
  ['/reset-password', 'mf_auth_signup', 'default'],
  ['/reset-password/do', 'mf_auth_signup', 'default'],
  ['/complete-signup', 'mf_auth_signup', 'default'],
  ['/mail-change/do', 'mf_auth_signup', 'default'],
  ['/account-deleted', 'mf_auth_signup', 'default'],
  ['/account', 'mf_auth_signup', 'default'],
  ['/account/email', 'mf_auth_signup', 'default'],
  ['/account/password', 'mf_auth_signup', 'default'],
  ['/account/delete', 'mf_auth_signup', 'default'],
  ['/members', 'mf_members', 'default'],
  ['/members/42', 'mf_members', 'default'],
  ['/likes', 'mf_members', 'default'],
  ['/likes/matches', 'mf_members', 'default'],
  ['/likes/m/7', 'mf_members', 'default'],
  ['/swipe-game', 'mf_members', 'default'],
  ['/match-finder', 'mf_members', 'default'],
  ['/profile', 'mf_members', 'default'],
  ['/notifications', 'mf_members', 'default'],
  ['/chats', 'mf_chat', 'chat'],
  ['/chats/12', 'mf_chat', 'chat'],
  ['/members/42/chat', 'mf_chat', 'chat'],
  ['/credits', 'mf_payments', 'default'],
  ['/credits/repeat-order', 'mf_payments', 'default'],
  ['/credits/3', 'mf_payments', 'default'],
  ['/credits/3/ideal', 'mf_payments', 'default'],
  ['/directdebit', 'mf_payments', 'default'],
  ['/premium', 'mf_payments', 'default'],
  ['/pricing', 'mf_payments', 'default'],
  ['/transactions', 'mf_payments', 'default'],
  ['/transactions/99', 'mf_payments', 'default'],
  ['/landers/tinderswipe', 'mf_landers', 'lander'],
  ['/landers/video/summer', 'mf_landers', 'lander'],
  ['/landers/gallery', 'mf_landers', 'lander'],
  ['/members/42/landing', 'mf_landers', 'lander'],
  ['/members/42/landing2', 'mf_landers', 'lander'],
  ['/members/42/landing3/promo', 'mf_landers', 'lander'],
  ['/members/42/signup', 'mf_landers', 'empty'],
  ['/pages/terms', 'mf_landers', 'default'],
  ['/pages/privacy', 'mf_landers', 'default'],
  ['/pages/cookies', 'mf_landers', 'default'],
  ['/pages/ban', 'mf_landers', 'default'],
  ['/pages/faq', 'mf_landers', 'default'],
  ['/pages/return-policy', 'mf_landers', 'default'],
  ['/pages/service', 'mf_landers', 'default'],
  ['/complaints', 'mf_landers', 'default'],
  ['/lang-config', 'mf_landers', 'default'],
];

describe('route table (spec section 2)', () => {
  it.each(expectations)('%s belongs to %s with the %s layout', (path, remote, layout) => {
    expect(resolveRoute(path)).toMatchObject({ remote, layout });
  });

  it('ignores a trailing slash and the query string', () => {
    expect(resolveRoute('/members/')).toMatchObject({ remote: 'mf_members' });
    expect(resolveRoute('/chats?x=1')).toMatchObject({ remote: 'mf_chat' });
  });

  it('returns the route parameters', () => {
    expect(resolveRoute('/credits/3/ideal')?.params).toEqual({ id: '3', paymentmethod: 'ideal' });
    expect(resolveRoute('/members/42/chat')?.params).toEqual({ id: '42' });
  });

  it('gives unknown pages no owner, so the shell shows its 404', () => {
    expect(resolveRoute('/nope')).toBeNull();
    expect(resolveRoute('/members/1/2/3/4')).toBeNull();
    expect(resolveRoute('/chats/1/extra')).toBeNull();
  });

  it('only names the five remotes', () => {
    const remotes = new Set(ROUTE_TABLE.map((entry) => entry.remote));
    expect([...remotes].sort()).toEqual(['mf_auth_signup', 'mf_chat', 'mf_landers', 'mf_members', 'mf_payments']);
  });

  it('knows the members area', () => {
    expect(isMembersArea('/members/3')).toBe(true);
    expect(isMembersArea('/premium')).toBe(true);
    expect(isMembersArea('/pages/faq')).toBe(false);
  });
});
