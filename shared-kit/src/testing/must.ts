/** The value, or a failed test naming `what` when there is none (instead of a `!` assertion). */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}
