/**
 * Page title prefix "(n) " with unread messages + new likes (spec section 2). Remotes may set
 * document.title for their page; the prefix is re-applied whenever the title changes.
 */
import { useEffect } from 'react';
import { titlePrefix, useBadges } from '@dating/shared-kit/state';

const PREFIX_PATTERN = /^\(\d+\+?\) /;

/** The title without any count prefix, with the prefix for `count` in front. */
export function applyTitlePrefix(title: string, count: number): string {
  return titlePrefix(count) + title.replace(PREFIX_PATTERN, '');
}

export function useTitlePrefix(): void {
  const { unread, newLikes } = useBadges();
  const count = unread + newLikes;
  useEffect(() => {
    const apply = () => {
      const next = applyTitlePrefix(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const titleElement = document.querySelector('title');
    if (!titleElement || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(apply);
    observer.observe(titleElement, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [count]);
}
