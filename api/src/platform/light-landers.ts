/**
 * mf-landers' light page (issues 13 and 14: the site's front door must not boot the member app):
 * the landers, the index `/` and the legal pages. mf-landers builds, besides its federated remote,
 * a server part `dist/light-server/render.cjs` and a small browser part; this file loads the
 * server part from the BUILT files at run time (the api never imports mf-landers' sources) and
 * reloads it when mf-landers is rebuilt (mtime and size), so a new variant is live without a
 * restart, like the registry (lander-registry.ts).
 *
 * For one of mf-landers' URLs answered 200 (static.ts decides 404s first), render.cjs's plan says
 * whether it is a light page and what it shows; a visitor gets the page rendered here with that
 * data, fetched through this server's own public calls with the visitor's host, cookies and
 * language: a lander's demo members (the member search), a member landing's member, a legal
 * page's company info, and the site's settings. A logged-in member, a URL the build does not
 * render, a failed member call or no build: null, and static.ts sends the app's page as before.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { builtFileReader } from './built-file';
import { loadSession } from './session';

type Gender = 'male' | 'female';

/** What render.cjs exports (mf-landers/src/light/server.tsx); checked by shape when loaded. */
interface LightPlan {
  route: unknown;
  /** a member landing's member: fetched first (not shown: no light page) */
  memberId?: string;
  /** a lander's member search, with this gender or the member's, and the URL's network */
  search?: { gender?: Gender };
  /** further public GET calls whose answers the page shows: preload key -> URL */
  calls?: Record<string, string>;
  /** only for a browser without a session cookie (the ban policy: a banned member's gets the app's notice) */
  noSession?: boolean;
}
interface LightModule {
  plan(pathname: string): LightPlan | null;
  render(input: {
    plan: LightPlan;
    pathname: string;
    search: string;
    settings: unknown;
    boot: unknown;
    languageCookie?: string;
    acceptLanguage?: string;
    preload: Record<string, unknown>;
    appScripts: string[];
  }): string;
}

export interface LightLanders {
  /** The light page's HTML for this request, or null (then the app's page). */
  page(req: FastifyRequest, shellHtml: string | null, boot: unknown): Promise<string | null>;
}

/** The shell's start scripts, from its built index.html (what upgrading the light page loads). */
export function shellScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/gi)].map((m) => m[1] ?? '').filter(Boolean);
}

export function lightLanders(app: FastifyInstance, staticRoot: string): LightLanders {
  const dir = path.join(staticRoot, 'mf-landers', 'dist', 'light-server');
  const file = path.join(dir, 'render.cjs');
  const renderer = builtFileReader<LightModule>(file, async () => {
    try {
      // evaluated afresh from the file (not through require's cache, which would keep the old build)
      const compiled = vm.compileFunction(await fs.readFile(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
      const holder: { exports: Partial<LightModule> } = { exports: {} };
      compiled.call(holder.exports, holder.exports, createRequire(file), holder, file, dir);
      const exported = holder.exports;
      return typeof exported.plan === 'function' && typeof exported.render === 'function' ? (exported as LightModule) : null;
    } catch (error) {
      app.log.error({ err: error }, 'the landers light page (render.cjs) could not be loaded');
      return null;
    }
  });

  /** GET one of this server's public calls as the visitor (their host, cookies, language); null unless 200. */
  async function call(req: FastifyRequest, url: string): Promise<unknown> {
    const headers: Record<string, string> = {};
    for (const name of ['host', 'cookie', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method: 'GET', url, headers });
    return res.statusCode === 200 ? res.json() : null;
  }

  return {
    async page(req, shellHtml, boot) {
      const module = await renderer();
      if (!module) return null;
      const url = new URL(req.url, 'http://localhost');
      const plan = module.plan(url.pathname);
      if (!plan) return null;
      // the front door is for visitors: a logged-in member gets the app (their own call to action)
      if (req.cookies.sid) {
        if (plan.noSession) return null;
        await loadSession(req);
        if (req.user) return null;
      }
      let member: { profile: { gender?: Gender } } | undefined;
      if (plan.memberId) {
        member = ((await call(req, `/api/member.php?id=${encodeURIComponent(plan.memberId)}`)) as typeof member | null) ?? undefined;
        if (!member) return null;
      }
      const preload: Record<string, unknown> = member ? { member } : {};
      const calls = { ...plan.calls };
      if (plan.search) {
        const query = new URLSearchParams();
        const gender = member ? member.profile.gender : plan.search.gender;
        if (gender) query.set('gender', gender);
        const network = url.searchParams.get('network');
        if (network) query.set('network', network);
        calls.search = `/api/members.php${query.size ? `?${query}` : ''}`;
      }
      await Promise.all(Object.entries(calls).map(async ([key, at]) => (preload[key] = await call(req, at))));
      try {
        return module.render({
          plan,
          pathname: url.pathname,
          search: url.search,
          settings: req.site?.settings ?? null,
          boot,
          languageCookie: req.cookies.lang,
          acceptLanguage: req.headers['accept-language'],
          preload,
          appScripts: shellHtml ? shellScripts(shellHtml) : [],
        });
      } catch (error) {
        req.log.error({ err: error }, 'the landers light page could not be rendered');
        return null;
      }
    },
  };
}
