/**
 * Command-line options of a benchmark: `--name value` for the known options, `--flag` for the
 * flags; anything else prints the usage and exits 2 (`--help`: the usage, exit 0).
 *
 *   const cli = parseOptions(['rounds', 'duration'], ['smoke', 'help'], 'usage: npm run bench -- api [--rounds N] ...');
 *   cli.given.has('smoke'); cli.num('rounds', 5, 1);
 */
export interface Options {
  given: Map<string, string>;
  /** the number given for `--name` (at least `min`), or `fallback` */
  num(name: string, fallback: number, min: number): number;
  /** the whole number given for `--name` (at least 1, rounded), or `fallback` */
  whole(name: string, fallback: number): number;
  /** whether the flag `--name` was given */
  flag(name: string): boolean;
  usage(message?: string): never;
}

export function parseOptions(known: readonly string[], flags: readonly string[], usageText: string, argv = process.argv.slice(2)): Options {
  const usage = (message?: string): never => {
    if (message) console.error(message);
    console.error(usageText);
    process.exit(message ? 2 : 0);
  };
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const name = a.replace(/^--/, '');
    if (!a.startsWith('--')) usage(`unexpected argument "${a}"`);
    if (flags.includes(name)) given.set(name, 'true');
    else if (known.includes(name)) {
      const value = argv[++i];
      if (value === undefined) usage(`${a} needs a value`);
      given.set(name, value as string);
    } else usage(`unknown option ${a}`);
  }
  if (given.has('help')) usage();
  const num = (name: string, fallback: number, min: number): number => {
    const raw = given.get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) usage(`--${name} needs a number >= ${min}`);
    return n;
  };
  return { given, num, usage, whole: (name, fallback) => Math.round(num(name, fallback, 1)), flag: (name) => given.has(name) };
}
