import type { FastifyInstance } from 'fastify';
import { getSiteById, type SiteContext } from '../sites';

/** A member's site by id: the registry's cached list, else the table. */
export async function siteOf(app: FastifyInstance, siteId: number): Promise<SiteContext | null> {
  return (await app.sites.all()).find((s) => s.id === siteId) ?? (await getSiteById(app.db, siteId));
}
