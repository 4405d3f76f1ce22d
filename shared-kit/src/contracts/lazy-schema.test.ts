import { z } from 'zod/mini';
import { lazySchema, lazySchemasMade } from './lazy-schema';
import type * as LazyModule from './lazy-schema';
import type * as Contracts from './index';

describe('lazySchema: a wire schema made on first use', () => {
  it('loading the contracts makes no schema; a parse makes the few it needs', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const lazy = require('./lazy-schema') as typeof LazyModule;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const contracts = require('./index') as typeof Contracts;
      expect(lazy.lazySchemasMade()).toBe(0);
      expect(contracts.ZGender.safeParse('female').success).toBe(true);
      // the gender enum, and nothing else of the ~300 schemas
      expect(lazy.lazySchemasMade()).toBe(1);
      contracts.ZMaybeUserResponse.safeParse({ user: null });
      expect(lazy.lazySchemasMade()).toBeGreaterThan(1);
      expect(lazy.lazySchemasMade()).toBeLessThan(40);
    });
  });

  it('answers like the schema itself: parse, issues, shape, options, instanceof, schemas built from it', () => {
    const made = () => z.object({ name: z.string().check(z.minLength(2)), age: z.optional(z.number()) });
    const eager = made();
    const lazy = lazySchema(made);
    const before = lazySchemasMade();

    expect(lazy.parse({ name: 'Anna', age: 30 })).toEqual({ name: 'Anna', age: 30 });
    expect(lazySchemasMade()).toBe(before + 1);
    expect(lazy.safeParse({ name: 'A' }).error?.issues).toEqual(eager.safeParse({ name: 'A' }).error?.issues);
    expect(Object.keys(lazy.shape)).toEqual(['name', 'age']);
    expect(lazy).toBeInstanceOf(z.ZodMiniObject);
    expect('shape' in lazy).toBe(true);

    const extended = z.extend(lazy, { city: z.string() });
    expect(extended.safeParse({ name: 'Anna', city: 'Utrecht' }).success).toBe(true);
    expect(extended.safeParse({ name: 'Anna' }).success).toBe(false);
    const nested = z.object({ member: lazy });
    expect(nested.safeParse({ member: { name: 'A' } }).success).toBe(false);

    const colours = lazySchema(() => z.enum(['red', 'green']));
    expect(colours.options).toEqual(['red', 'green']);
    // made once, however often it is used
    colours.parse('red');
    colours.parse('green');
    expect(lazySchemasMade()).toBe(before + 2);
  });
});
