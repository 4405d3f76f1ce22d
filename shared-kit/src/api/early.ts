/**
 * A page's first answers asked for before the page has rendered (beside its chunk, or during its
 * first render) instead of from its effects once it has committed: the answer and the page's code
 * come over the network side by side. The page takes such an answer for its first load, once,
 * while it is fresh; every later load asks the server itself.
 */
export interface EarlyAnswers {
  /** start `call` for `key` now, unless a fresh answer for it is already on its way */
  ask(key: string, call: () => Promise<unknown>): void;
  /** the early answer for `key` (once, while fresh), else a new `call` */
  take<T>(key: string, call: () => Promise<T>): Promise<T>;
}

export function earlyAnswers(freshMs = 5_000): EarlyAnswers {
  const asked = new Map<string, { at: number; answer: Promise<unknown> }>();
  const fresh = (entry: { at: number } | undefined) => entry !== undefined && Date.now() - entry.at < freshMs;
  return {
    ask(key, call) {
      if (fresh(asked.get(key))) return;
      const answer = call();
      // a failure is shown by the page that takes the answer; until then it is not unhandled
      answer.catch(() => undefined);
      asked.set(key, { at: Date.now(), answer });
    },
    take<T>(key: string, call: () => Promise<T>): Promise<T> {
      const early = asked.get(key);
      asked.delete(key);
      return early && fresh(early) ? (early.answer as Promise<T>) : call();
    },
  };
}
