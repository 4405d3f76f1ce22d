// Test helpers for every workspace: `import { makeUser } from '@dating/shared-kit/testing'`.
export { makeProfile, makeSettings, makeUser } from './fixtures';
export { serve } from './serve';
export type { Call, Handler } from './serve';
export { renderAt } from './render';
export { must } from './must';
