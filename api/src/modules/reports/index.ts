/**
 * The reports module's public face: other modules import reports only through this file
 * (docs/architecture.md, "Module boundaries").
 */
export { default } from './routes';

export { fileReport, isUnderReview } from './service';
