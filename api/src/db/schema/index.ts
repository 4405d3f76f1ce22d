// The one database schema: shared tables in core.ts, one file per capability beside it.
export * from './core';
export * from './sessions';
export * from './identity';
export * from './members';
export * from './credits';
export * from './chat';
export * from './payments';
export * from './mollie-sim';
export * from './rate-limits';
export * from './backoffice';
export * from './notifications';
export * from './complaints';
export * from './held';
export * from './passkeys';
export * from './verification';
export * from './reports';
export * from './releases';
