import { useInRouterContext, useLocation, useNavigate } from 'react-router';

/** Navigate inside the shell's router when there is one (widgets may be mounted outside it). */
export function useGo(): (to: string, options?: { replace?: boolean }) => void {
  const inRouter = useInRouterContext();
  if (inRouter) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- inRouter never changes for a mounted widget
    const navigate = useNavigate();
    return (to, options) => void navigate(to, options);
  }
  return (to, options) => {
    // outside a router: a replace only rewrites the address (no reload), a push loads the page
    if (options?.replace) globalThis.history.replaceState(globalThis.history.state, '', to);
    else globalThis.location.assign(to);
  };
}

/** The current address (path + query + hash): the router's when there is one, else the page's. */
export function useCurrentPath(): string {
  const inRouter = useInRouterContext();
  if (inRouter) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- inRouter never changes for a mounted widget
    const location = useLocation();
    return `${location.pathname}${location.search}${location.hash}`;
  }
  const { pathname, search, hash } = globalThis.location;
  return `${pathname}${search}${hash}`;
}
