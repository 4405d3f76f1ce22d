/** Complaints: the public form and the moderators' queue. The module's public face. */
export { default } from './routes';
