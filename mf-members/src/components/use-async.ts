// moved to shared-kit (mf-payments loads its screens the same way)
export { errorText, useAsync } from '@dating/shared-kit/ui';
export type { AsyncState } from '@dating/shared-kit/ui';
