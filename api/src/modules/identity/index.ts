/** Identity: accounts, login, sessions' language, account mails, export and deletion. The module's public face. */
export { default } from './routes';
export { db, deliver, nameOf, site, type Ctx } from './mail-queue';
export { recordAttempt } from './login-guard';
export { currentUser, settleLanguageAtLogin } from './service';
// notifications get it through modules/index.ts (identity imports notifications)
export { loadUser } from './serialize-user';
export { noteLogin, notMe } from './new-login';
// for tests that need a token or the purge without the HTTP round trip
export { issueToken } from './tokens';
export { purgeDeletedAccounts } from './purge';
