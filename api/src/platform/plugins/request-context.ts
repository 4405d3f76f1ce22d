/**
 * What every request carries (set by the hooks of platform/request-hooks.ts): the member, the
 * session, the language and the admission slot; `req.site` is declared by the sites plugin
 * (modules/sites/plugin.ts). Also the route options those hooks read.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANG } from '../../i18n';
import type { Lang } from '../../i18n';
import { registerRequestHooks } from '../request-hooks';
import type { UserRow } from '../session';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: number | null;
    lang: Lang;
    /** gives the request's admission slot back (admission.ts); set while it holds one */
    releaseAdmission: (() => void) | null;
  }
  interface FastifyContextConfig {
    /** false: this state-changing route is exempt from the Origin / JSON-or-header check (webhooks) */
    csrf?: boolean;
    /** false: a public route whose answer never depends on who asks: no session lookup (req.user stays null) */
    session?: boolean;
    /** true: a GET that changes the member (a mailed link, marking read): the session and answer caches forget them after it */
    writes?: boolean;
    /**
     * true: a state-changing route that changes nothing of the member's users row but the balance
     * (a paid message): the session cache keeps them (nothing reads the balance from the session's
     * row); their answers are still forgotten
     */
    keepsSession?: boolean;
  }
}

async function requestContext(app: FastifyInstance) {
  // the site's type is the sites module's: the sites plugin declares it
  app.decorateRequest('site', null as never);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('lang', DEFAULT_LANG);
  app.decorateRequest('releaseAdmission', null);
  registerRequestHooks(app);
}

export default fp(requestContext, { name: 'request-context', dependencies: ['sites', 'admission', 'session-cache'] });
