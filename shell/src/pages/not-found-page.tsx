/** The 404 page lives in shared-kit (remotes show the same page for what they cannot find). */
export { NotFoundPage } from '@dating/shared-kit/ui';
