/**
 * A wire schema made on its first use instead of when the contracts are loaded.
 *
 * Every page loads the whole contracts module (one shared module for all remotes), and making its
 * ~280 zod schemas was most of the shell's first task on a phone (about 110 ms of its 220 ms at
 * Lighthouse's 4x CPU, docs/benchmarks.md). Wrapped in `lazySchema`, a schema is made the first
 * time anything touches it (a parse, `.shape`, another schema built from it), and the page made
 * only the few its start parses.
 *
 * The value is a stand-in (a Proxy) that forwards every operation to the made schema, so callers
 * use it as the schema itself: `parse`, `safeParse`, `shape`, `options`, `instanceof`, building
 * other schemas from it, `z.infer<typeof ZX>`.
 */
let made = 0;

export function lazySchema<T extends object>(make: () => T): T {
  let schema: T | undefined;
  const real = (): T => {
    if (schema === undefined) {
      schema = make();
      made += 1;
    }
    return schema;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key, real()),
    set: (_, key, value) => Reflect.set(real(), key, value, real()),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // the stand-in's own (empty) target never holds the property: reported as configurable, as a
    // Proxy must for a property its target lacks
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/** How many lazy schemas have been made so far (tests; the start's count in a page). */
export function lazySchemasMade(): number {
  return made;
}
