import { isInstalledApp, showsBackButton } from './installed-app';

describe('installed-app back button', () => {
  it('appears on member, likes and credits pages only', () => {
    for (const path of ['/members/4', '/likes', '/likes/matches', '/likes/m/3', '/credits', '/credits/2/ideal']) {
      expect(showsBackButton(path)).toBe(true);
    }
    for (const path of ['/members', '/chats', '/', '/pages/faq', '/premium']) expect(showsBackButton(path)).toBe(false);
  });

  it('knows the installed-app display mode', () => {
    const win = { matchMedia: (q: string) => ({ matches: q === '(display-mode: standalone)' }), navigator: {} } as unknown as Window;
    expect(isInstalledApp(win)).toBe(true);
    const browser = { matchMedia: () => ({ matches: false }), navigator: {} } as unknown as Window;
    expect(isInstalledApp(browser)).toBe(false);
  });
});
