import type { z } from 'zod';
import { PAYMENT_ERROR_CODES } from '@dating/shared-kit/contracts';
import { AppError } from '../../errors';

/** Parse with a contract; the first failed rule becomes a 400 with its own code and `field`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'body';
  const code = issue && (PAYMENT_ERROR_CODES as readonly string[]).includes(issue.message) ? issue.message : null;
  if (code) throw new AppError(code, { status: 400, field });
  if (issue?.code === 'unrecognized_keys') {
    const key = (issue as { keys?: string[] }).keys?.[0] ?? field;
    throw new AppError('validation', { status: 400, field: key, params: { field: key } });
  }
  throw new AppError('validation', { status: 400, field, params: { field } });
}
