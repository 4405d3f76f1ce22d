// The one database schema. Capabilities add `export * from './<capability>'` lines.
export * from './core';
