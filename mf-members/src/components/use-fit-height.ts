import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * The height (px) that lets `box` grow as tall as the screen allows while the part of `frame` below
 * it (e.g. a card's name and buttons) stays on the first screen: between `min` and `max`, measured
 * again when the page above moves (notices arriving later) or the window changes. null before the
 * first measurement (use a CSS fallback then).
 */
export function useFitHeight(
  box: RefObject<HTMLElement | null>,
  frame: RefObject<HTMLElement | null>,
  min: number,
  max: number,
  deps: readonly unknown[],
): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const b = box.current?.getBoundingClientRect();
      const f = frame.current?.getBoundingClientRect();
      if (!b || !f) return;
      const top = b.top + window.scrollY;
      const below = f.bottom - b.bottom;
      const room = window.innerHeight - top - below - 16;
      setHeight(Math.round(Math.max(min, Math.min(max, room))));
    };
    fit();
    window.addEventListener('resize', fit);
    // notices above the page (e-mail confirmation, offers) arrive after the page: measure again
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    const main = box.current?.closest('main');
    for (const el of [main?.previousElementSibling, main?.parentElement].filter(Boolean)) observer?.observe(el as Element);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return height;
}
