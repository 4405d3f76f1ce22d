import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@dating/shared-kit/contracts';
import { requireRole } from './access';

/**
 * Route option of a staff call: the role is checked, and the action named for the audit log,
 * before the route's schemas run, so staff without the role get the 403 whatever they sent and a
 * refused input is audited under the action's own name (as staffAction would name it).
 */
export function staffRoute(role: StaffRole, action?: string, target?: (req: FastifyRequest) => string) {
  return {
    preValidation: async (req: FastifyRequest): Promise<void> => {
      requireRole(req, role);
      if (action) {
        req.auditAction = action;
        req.auditTarget = target ? target(req) : null;
      }
    },
  };
}
