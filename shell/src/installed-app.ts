/** Installed-app mode (home-screen PWA / iOS standalone): spec section 2's back button. */
export function isInstalledApp(win: Window = window): boolean {
  const standalone = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || iosStandalone;
}

/** Member, likes and credits pages show a back button in installed-app mode (spec section 2). */
export function showsBackButton(pathname: string): boolean {
  return /^\/(members\/[^/]+|likes(\/.*)?|credits(\/.*)?)\/?$/.test(pathname);
}
