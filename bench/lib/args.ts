/**
 * Command-line options of a benchmark: `--<name> <number>` for the names it knows, and the flags
 * `--smoke` and `--source`; anything else prints the usage and exits 2.
 */
import { HarnessError } from './children';

export interface BenchArgs {
  smoke: boolean;
  source: boolean;
  /** the option's value (a number >= 1, rounded), else `fallback` */
  num(name: string, fallback: number): number;
}

export function benchArgs(known: readonly string[], usage: string, argv: string[] = process.argv.slice(2)): BenchArgs {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const name = (argv[i] ?? '').replace(/^--/, '');
    if (name === 'smoke' || name === 'source') given.set(name, 'true');
    else if (known.includes(name) && argv[i + 1] !== undefined) given.set(name, argv[++i] ?? '');
    else {
      console.error(`usage: ${usage}`);
      process.exit(2);
    }
  }
  return {
    smoke: given.has('smoke'),
    source: given.has('source'),
    num(name, fallback) {
      const n = Number(given.get(name) ?? fallback);
      if (!Number.isFinite(n) || n < 1) throw new HarnessError(`--${name} needs a number >= 1`);
      return Math.round(n);
    },
  };
}
