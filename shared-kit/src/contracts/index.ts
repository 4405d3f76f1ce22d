// Every wire schema of the product, one file per capability.
export * from './core';
export * from './photo-variants';
export * from './backoffice';
export * from './calls';
export * from './chat';
export * from './complaints';
export * from './reports';
export * from './events';
export * from './identity';
export * from './members';
export * from './moderation';
export * from './operator';
export * from './payments';
export * from './routes';
export * from './site-admin';
export * from './landers';
export * from './verification';
