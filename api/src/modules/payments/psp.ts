/**
 * The one way the server talks to its PSP: the official @mollie/api-client.
 *
 *   MOLLIE_API_KEY set   -> Mollie itself (https://api.mollie.com/v2/).
 *   MOLLIE_API_KEY unset -> the built-in simulator (modules/mollie-sim) of this same server, through
 *                           the client's `apiEndpoint` option, with the simulator's own API key.
 *
 * One detail of the transport: @mollie/api-client 4.x sends every request through an https.Agent
 * of its own (it pins its CA bundle), and Node refuses such an agent for an http:// URL. The
 * simulator runs inside this server on plain HTTP (127.0.0.1), so while the simulator's client is
 * built, `https.Agent` is `http.Agent`. Only that agent differs: the client's code, headers
 * (Bearer key, Idempotency-Key), retries, JSON handling and errors are exactly those used with
 * Mollie. With MOLLIE_API_KEY nothing is swapped.
 */
import http from 'node:http';
import https from 'node:https';
import type { MollieApiError, MollieClient, Payment as MolliePayment } from '@mollie/api-client';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { mollieSimOf, SIM_PREFIX } from '../mollie-sim';

export type { MollieClient, MolliePayment };
const VERSION = 'Flirtlokaal/1.0';

// The client library is loaded with the first payment call, not at start (docs/performance.md "Memory").
const importMollie = () => import('@mollie/api-client');
let mollieModule: ReturnType<typeof importMollie> | undefined;
let mollieLoaded: Awaited<ReturnType<typeof importMollie>> | undefined;
const loadMollie = () => (mollieModule ??= importMollie().then((m) => (mollieLoaded = m)));

/** An error of the Mollie API (only a loaded client can have thrown one). */
export function isMollieApiError(err: unknown): err is MollieApiError {
  return mollieLoaded !== undefined && err instanceof mollieLoaded.MollieApiError;
}

async function plainHttpClient(apiKey: string, apiEndpoint: string): Promise<MollieClient> {
  const { createMollieClient } = await loadMollie();
  const agents = https as unknown as { Agent: unknown };
  const original = agents.Agent;
  agents.Agent = http.Agent;
  try {
    return createMollieClient({ apiKey, apiEndpoint, versionStrings: VERSION });
  } finally {
    agents.Agent = original;
  }
}

/** This server's own address as its processes reach it (the simulator and its webhooks). */
export function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new AppError('psp_unavailable', { status: 503 });
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

export interface Psp {
  /** 'mollie' or 'simulator' */
  kind: 'mollie' | 'simulator';
  client(): Promise<MollieClient>;
  /** where the PSP calls the webhook: the site's public URL for Mollie, this server's own address for the simulator */
  webhookUrl(publicBase: string): string;
}

export function createPsp(app: FastifyInstance): Psp {
  const apiKey = app.config.MOLLIE_API_KEY;
  if (apiKey) {
    let client: Promise<MollieClient> | undefined;
    return {
      kind: 'mollie',
      client: () => (client ??= loadMollie().then((m) => m.createMollieClient({ apiKey, versionStrings: VERSION }))),
      webhookUrl: (base) => `${base}/api/payment-webhook.php`,
    };
  }
  let client: MollieClient | null = null;
  return {
    kind: 'simulator',
    async client() {
      if (client) return client;
      const sim = mollieSimOf(app);
      if (!sim) throw new AppError('psp_unavailable', { status: 503 });
      client = await plainHttpClient(await sim.apiKey(), `${ownAddress(app)}${SIM_PREFIX}/v2/`);
      return client;
    },
    webhookUrl: () => `${ownAddress(app)}/api/payment-webhook.php`,
  };
}
