/**
 * The part of react-router the modules use, shared as `react-router` (federation/index.cjs,
 * `import` of the shared entry). A shared module cannot be tree-shaken: sharing the package
 * itself ships all of react-router 7 (data routers, server rendering, ...: 198 kB minified) to
 * every page. This file names what we use, so webpack keeps only that (the shell provides it,
 * the remotes consume it: one router context).
 *
 * Using another export of react-router? Add it here; shell/src/federation/build-config.test.ts
 * fails until it is. `@dating/react-router-full` is the real package (a webpack alias, so this
 * import is not itself consumed from the share scope).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from '@dating/react-router-full';
