/** Badge text: '99+' above 99, the number otherwise ('' for nothing to show). */
export function formatBadge(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '';
  return n > 99 ? '99+' : String(Math.floor(n));
}

/** Page-title prefix for unread messages + new likes: '(3) ', '(99+) ', or '' when zero. */
export function titlePrefix(count: number): string {
  const text = formatBadge(count);
  return text ? `(${text}) ` : '';
}

/** Credit badge tone: danger at 0, warning at 1-10, normal above. */
export function creditTone(credits: number): 'danger' | 'warning' | 'normal' {
  if (credits <= 0) return 'danger';
  if (credits <= 10) return 'warning';
  return 'normal';
}
