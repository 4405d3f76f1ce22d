// Every wire schema of the product. Modules add `export * from './<capability>'` lines.
export * from './core';
