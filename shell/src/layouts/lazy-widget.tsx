/**
 * When the layouts mount another remote's widget, and so when that remote is loaded: never on
 * the first paint unless the page needs it at once (issue 13: a remote's entry loads when its
 * route or widget is needed; /pages/faq loads one remote, not four).
 *
 * - `idle`: once the page is idle after its first paint (alerts and modals of a logged-in member,
 *   the sign-up modal that also keeps a landing URL's tracking data);
 * - `openOn`: at once when that bus event is emitted before then (a visitor clicks "sign up");
 *   the event is delivered again once the widget has mounted and subscribed, so the click is not
 *   lost while its remote loads.
 * A widget that renders nothing for the current visitor (a member's alert for a visitor) is not
 * mounted at all: the layout decides that by session (layouts.tsx).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { bus } from '@dating/shared-kit/bus';
import type { EventMap, EventName } from '@dating/shared-kit/contracts';
import { RemoteWidget } from '../federation/remote-loader';
import { onIdle } from '../prefetch';

export interface LazyWidgetProps<K extends EventName> {
  id: `${string}/${string}`;
  /** mount once the page is idle */
  idle?: boolean;
  /** mount at once on this event (and hand it on to the widget) */
  openOn?: K;
}

export function LazyWidget<K extends EventName>({ id, idle = false, openOn }: LazyWidgetProps<K>) {
  const [mounted, setMounted] = useState(false);
  // until the widget has mounted and subscribed, its event is caught here (also while its remote
  // loads after an idle mount: an event then would otherwise reach nobody)
  const [ready, setReady] = useState(false);
  const missed = useRef<{ payload: EventMap[K] } | null>(null);

  useEffect(() => {
    if (!idle || mounted) return undefined;
    return onIdle(() => setMounted(true));
  }, [idle, mounted]);

  useEffect(() => {
    if (!openOn || ready) return undefined;
    return bus.on(openOn, (payload) => {
      missed.current = { payload };
      setMounted(true);
    });
  }, [openOn, ready]);

  const handOn = useCallback(() => {
    setReady(true);
    const event = missed.current;
    missed.current = null;
    if (event && openOn) bus.emit(openOn, event.payload);
  }, [openOn]);

  return mounted ? <RemoteWidget id={id} onReady={handOn} /> : null;
}
