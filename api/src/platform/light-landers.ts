/**
 * mf-landers' light page (issues 13 and 14: the site's front door must not boot the member app):
 * the landers, the index `/` and the legal pages. mf-landers builds, besides its federated remote,
 * a server part `dist/light-server/render.cjs` and a small browser part; this file loads the
 * server part from the BUILT files at run time (the api never imports mf-landers' sources) and
 * reloads it when mf-landers is rebuilt (mtime and size), so a new variant is live without a
 * restart, like the registry (lander-registry.ts).
 *
 * The render is part of mf-landers' release (issue 27 item 5) and runs OUTSIDE the API: in a
 * worker thread's own vm context with an empty environment and no require (render-sandbox.ts),
 * given only the plan's pathname, then the page's data (settings, the member list, texts), and
 * returning HTML. Which file: `renderFileFor(liveBuildId())` of the `LanderReleases` given (the
 * releases module's live build of mf-landers); without one, the current dist's render.cjs. A
 * render that throws, hangs (2 s) or crashes its worker gives the app's page.
 *
 * For one of mf-landers' URLs answered 200 (static.ts decides 404s first), render.cjs's plan says
 * whether it is a light page and what it shows; a visitor gets the page rendered here with that
 * data, fetched through this server's own public calls with the visitor's host, cookies and
 * language: a lander's demo members (the member search), a member landing's member, a legal
 * page's company info, and the site's settings. A logged-in member, a URL the build does not
 * render, a failed member call or no build: null, and static.ts sends the app's page as before.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { builtFileReader } from './built-file';
import { renderSandbox } from './render-sandbox';
import { ownCall } from './own-call';
import type { RenderSandbox } from './render-sandbox';
import { loadSession } from './session';

type Gender = 'male' | 'female';

/** What render.cjs exports (mf-landers/src/light/server.tsx); called in the sandbox by name. */
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
/** render(input) of render.cjs: only data, copied into the sandbox. */
interface RenderInput {
  plan: LightPlan;
  pathname: string;
  search: string;
  settings: unknown;
  boot: unknown;
  languageCookie?: string | undefined;
  acceptLanguage?: string | undefined;
  preload: Record<string, unknown>;
  appScripts: string[];
}

/**
 * The seam to the releases module (issue 27): which build of mf-landers is live, and where that
 * build's server render is. The releases module gives its own (the release store's folder per
 * build id); without it the current dist is used.
 */
export interface LanderReleases {
  /** mf-landers' live build id, or null for the current dist */
  liveBuildId(): string | null;
  /** the render.cjs of that build (null: the current dist's) */
  renderFileFor(buildId: string | null): string;
}

/** The current dist's render only (no releases module). */
export function distLanderReleases(staticRoot: string): LanderReleases {
  const file = path.join(staticRoot, 'mf-landers', 'dist', 'light-server', 'render.cjs');
  return { liveBuildId: () => null, renderFileFor: () => file };
}

export interface LightLanders {
  /** The light page's HTML for this request, or null (then the app's page). */
  page(req: FastifyRequest, shellHtml: string | null, boot: unknown): Promise<string | null>;
}

/** The shell's start scripts, from its built index.html (what upgrading the light page loads). */
export function shellScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/gi)].map((m) => m[1] ?? '').filter(Boolean);
}

export function lightLanders(
  app: FastifyInstance,
  staticRoot: string,
  releases: LanderReleases = distLanderReleases(staticRoot),
  sandbox: RenderSandbox = renderSandbox({ onError: (error) => app.log.error({ err: error }, 'the landers render worker crashed') }),
): LightLanders {
  app.addHook('onClose', async () => sandbox.close());
  /**
   * per render file: a key that changes when the file does (builtFileReader: mtime and size), so
   * the sandbox loads a rebuilt render.cjs at once; null: no file
   */
  const keys = new Map<string, () => Promise<string | null>>();
  let generation = 0;
  function keyOf(file: string): Promise<string | null> {
    let reader = keys.get(file);
    if (!reader) {
      reader = builtFileReader<string>(file, async () => String((generation += 1)));
      keys.set(file, reader);
    }
    return reader();
  }

  /** GET one of this server's public calls as the visitor (their host, cookies, language); null unless 200. */
  const call = (req: FastifyRequest, url: string): Promise<unknown> => ownCall(app, req, url);

  return {
    async page(req, shellHtml, boot) {
      const file = releases.renderFileFor(releases.liveBuildId());
      const key = await keyOf(file);
      if (!key) return null;
      const url = new URL(req.url, 'http://localhost');
      let plan: LightPlan | null;
      try {
        plan = await sandbox.call<LightPlan | null>(file, key, 'plan', [url.pathname]);
      } catch (error) {
        req.log.error({ err: error }, 'the landers light page (render.cjs) could not plan this page');
        return null;
      }
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
        // "bij jou in de buurt": members of the visitor's country, else the site's (members.php near=1)
        const query = new URLSearchParams({ near: '1' });
        const gender = member ? member.profile.gender : plan.search.gender;
        if (gender) query.set('gender', gender);
        const network = url.searchParams.get('network');
        if (network) query.set('network', network);
        calls.search = `/api/members.php${query.size ? `?${query}` : ''}`;
      }
      await Promise.all(Object.entries(calls).map(async ([key, at]) => (preload[key] = await call(req, at))));
      const input: RenderInput = {
        plan,
        pathname: url.pathname,
        search: url.search,
        settings: req.site?.settings ?? null,
        boot,
        languageCookie: req.cookies.lang,
        acceptLanguage: req.headers['accept-language'],
        preload,
        appScripts: shellHtml ? shellScripts(shellHtml) : [],
      };
      try {
        const html = await sandbox.call<unknown>(file, key, 'render', [input]);
        if (typeof html !== 'string') throw new Error('render.cjs returned no HTML');
        return html;
      } catch (error) {
        req.log.error({ err: error }, 'the landers light page could not be rendered');
        return null;
      }
    },
  };
}
