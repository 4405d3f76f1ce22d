/** The error page lives in shared-kit (remotes show the same 404 page for what they cannot find). */
export { ErrorPage } from '@dating/shared-kit/ui';
