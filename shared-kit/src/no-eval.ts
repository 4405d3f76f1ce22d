/**
 * The pages run under a Content-Security-Policy without 'unsafe-eval' (issue 25 item 5;
 * api/src/platform/security-headers.ts). zod compiles fast object parsers with `new Function` when
 * it may, and finds out by trying one as its first object schema is made: under the policy that try
 * is a reported violation (a `securitypolicyviolation` event and a console error on every page).
 * Imported first by each page's entry (the shell, the light lander client), before any schema is
 * made: zod parses without compiling. The setting is zod's global one (on globalThis), so it holds
 * for every copy of zod on the page, the remotes' own included.
 */
import { z } from 'zod/mini';

z.config({ jitless: true });
