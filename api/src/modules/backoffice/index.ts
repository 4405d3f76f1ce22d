/**
 * The back office module's public face: the staff guard every module's /api/backoffice/* routes
 * use (access.ts) and the audit log's routes. Other modules import it only through this file
 * (docs/architecture.md, "Module boundaries").
 */
export { default } from './routes';

export { registerBackofficeGuards, requireRole, staffAction, writeAudit } from './access';
export { staffRoute } from './staff-route';
