/**
 * A stand-in for the few parts of react-router the landers use, on the light lander page (a webpack
 * alias of the light builds; react-router itself is 44 kB compressed). There is no client-side
 * routing here: the page is one URL, a link is a plain link, navigating is loading the next page.
 */
import { forwardRef, useEffect } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { useLightPage } from './data';

export function useLocation(): { pathname: string; search: string; hash: string } {
  const { location } = useLightPage();
  return { ...location, hash: '' };
}

export function useNavigate(): (to: string | number) => void {
  return (to) => {
    if (typeof to === 'number') window.history.go(to);
    else window.location.assign(to);
  };
}

export function useParams(): Record<string, string | undefined> {
  const { route } = useLightPage();
  return route.kind === 'member' ? { id: route.id, slug: route.slug } : { slug: route.slug };
}

export const Link = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(function Link(
  { to, ...rest },
  ref,
) {
  return <a ref={ref} href={to} {...rest} />;
});

/** The light page is served to visitors only, where the pages never redirect; in case: a full load. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => {
    if (replace) window.location.replace(to);
    else window.location.assign(to);
  }, [to, replace]);
  return null;
}
