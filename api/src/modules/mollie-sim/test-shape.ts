/**
 * What the simulator's tests compare its answers with: Mollie's documented examples (fixtures/*.json,
 * same fields of the same JSON types) and the `required` lists of Mollie's OpenAPI description
 * (fixtures/openapi-required.json).
 */
import fs from 'node:fs';
import path from 'node:path';

type Json = Record<string, unknown>;
const dir = path.join(__dirname, 'fixtures');

export const fixture = (name: string): Json => JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Json;

/** Every field of Mollie's answer is in ours, with the same JSON type (null counts as any); nested objects alike. */
export function sameShape(ours: unknown, mollie: unknown, at = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(mollie) === 'null' || kind(ours) === 'null') return [];
  if (kind(ours) !== kind(mollie)) return [`${at}: ${kind(ours)} instead of ${kind(mollie)}`];
  if (Array.isArray(mollie) && Array.isArray(ours)) return mollie.length && ours.length ? sameShape(ours[0], mollie[0], `${at}[0]`) : [];
  if (kind(mollie) !== 'object') return [];
  const o = ours as Json;
  return Object.entries(mollie as Json).flatMap(([k, v]) => (k in o ? sameShape(o[k], v, `${at}.${k}`) : [`${at}.${k}: missing`]));
}

/** A schema's required fields: `!` lists them; any other key is the same for that property when it is present. */
export interface Required {
  '!'?: string[];
  [property: string]: unknown;
}

const OPENAPI = fixture('openapi-required') as unknown as Record<string, Required>;
export type MollieObject = 'payment' | 'refund' | 'chargeback' | 'method' | 'customer' | 'mandate' | 'error' | 'list';

/** The required fields of the OpenAPI schema that `obj` lacks (paths such as `$._links.documentation`). */
export function missingRequired(obj: unknown, schema: MollieObject | Required, at = '$'): string[] {
  const spec = typeof schema === 'string' ? OPENAPI[schema] : schema;
  if (!spec) throw new Error(`no such schema: ${String(schema)}`);
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return [`${at}: not an object`];
  const o = obj as Json;
  const out = (spec['!'] ?? []).filter((key) => !(key in o)).map((key) => `${at}.${key}`);
  for (const [key, sub] of Object.entries(spec)) {
    if (key === '!' || key === 'schema' || o[key] === undefined || o[key] === null || typeof sub !== 'object') continue;
    out.push(...missingRequired(o[key], sub as Required, `${at}.${key}`));
  }
  return out;
}
