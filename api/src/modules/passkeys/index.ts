/** Passkeys (WebAuthn login and the member's list of them). The module's public face. */
export { default } from './routes';
