/**
 * The project's own short video (lander-loop.webm, made by scripts/make-lander-video.mjs): muted,
 * looping, decorative. It plays only while on screen, and not at all for visitors who ask for
 * reduced motion (then its first frame's colours stay as a gradient behind it). `lazy`: nothing is
 * fetched until it comes near the screen (below the fold).
 */
import { useEffect, useRef, useState } from 'react';
import loopUrl from './lander-loop.webm';

const BACKDROP = 'linear-gradient(135deg, #3a1738, #c81f64 55%, #ff8a65)';

export function LoopVideo({ lazy = false, cover = false }: { lazy?: boolean; cover?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(!lazy);
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver !== 'function') return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.isIntersecting) setNear(true);
        if (entry.isIntersecting && !reduced) void video.play().catch(() => undefined);
        else video.pause();
      },
      { rootMargin: '200px' },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);
  return (
    <video
      ref={ref}
      src={near ? loopUrl : undefined}
      muted
      loop
      playsInline
      preload={near ? 'auto' : 'none'}
      aria-hidden="true"
      tabIndex={-1}
      width={640}
      height={360}
      css={
        cover
          ? { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', background: BACKDROP }
          : { display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', borderRadius: 20, background: BACKDROP }
      }
    />
  );
}
