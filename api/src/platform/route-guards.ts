/**
 * Route options that refuse a call before its input is checked, so a visitor learns that he must
 * log in (403) whatever he sent, and a plugin hook that checks a missing body as `{}` (its first
 * missing field is named, not "body").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from './session';
import { absentBodyAsObject } from './validation';

/** Route option: a logged-in member's call; anyone else gets the 403 before the schemas run. */
export const membersOnly = {
  preValidation: async (req: FastifyRequest): Promise<void> => {
    requireUser(req);
  },
};

/** Plugin hook: a route with a body schema that got no body (or JSON null) checks `{}`. */
export function emptyBodyAsObject(app: FastifyInstance): void {
  app.addHook('preValidation', absentBodyAsObject);
}
