/** A message time as people of `lng` say it: the time today, the weekday this week, else the date. */
export function formatMessageTime(iso: string, lng: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(date);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return new Intl.DateTimeFormat(lng, { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(date);
  return new Intl.DateTimeFormat(lng, {
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}
