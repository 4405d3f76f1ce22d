import { useInRouterContext, useNavigate } from 'react-router';

/** Navigate inside the shell's router when there is one (widgets may be mounted outside it). */
export function useGo(): (to: string, options?: { replace?: boolean }) => void {
  const inRouter = useInRouterContext();
  if (inRouter) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- inRouter never changes for a mounted widget
    const navigate = useNavigate();
    return (to, options) => void navigate(to, options);
  }
  return (to, options) => {
    if (options?.replace) globalThis.location.replace(to);
    else globalThis.location.assign(to);
  };
}
