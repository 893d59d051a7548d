import { conditionSchema, type ErrorCode, inRange, languages } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueProblem, localizedProblems, validationError } from './validation-error.ts';

const unfilled = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** Every message a schema's failure reaches a user with, in every language: the field's and the error's own. */
function messagesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, 'the value should be refused').toBe(false);
  const problems = result.error!.issues.map((issue) => issueProblem(issue, ['body']));
  return languages.flatMap((language) => [
    ...localizedProblems(problems, language).map((problem) => ({ code: problem.code, message: problem.message })),
    { code: validationError(problems).code, message: validationError(problems).toBody(language).message },
  ]);
}

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const bytes = (size: number) => new File(['x'.repeat(size)], 'f.bin');

/** One schema per bound and origin zod reports (too_small / too_big of a string, array, set, number, bigint, date, file). */
const bounded: [name: string, schema: z.ZodType, value: unknown, code: ErrorCode][] = [
  ['a string too short', z.string().min(3, 'validation.tooShort'), 'ab', 'validation.tooShort'],
  ['a string too long', z.string().max(3, 'validation.tooLong'), 'abcd', 'validation.tooLong'],
  ['an array too short', z.array(z.number()).min(2, 'validation.tooSmall'), [1], 'validation.tooSmall'],
  ['an array too long', z.array(z.number()).max(1, 'validation.tooBig'), [1, 2], 'validation.tooBig'],
  ['a set too small', z.set(z.string()).min(2, 'validation.tooSmall'), new Set(['a']), 'validation.tooSmall'],
  ['a set too big', z.set(z.string()).max(1, 'validation.tooBig'), new Set(['a', 'b']), 'validation.tooBig'],
  ['a number too small', z.number().min(1, 'validation.tooSmall'), 0, 'validation.tooSmall'],
  ['a number too big', z.number().lte(1, 'validation.tooBig'), 2, 'validation.tooBig'],
  ['a bigint too small', z.bigint().min(10n, 'validation.tooSmall'), 1n, 'validation.tooSmall'],
  ['a bigint too big', z.bigint().max(10n, 'validation.tooBig'), 11n, 'validation.tooBig'],
  [
    'a date too early',
    z.date().min(day('2026-01-01'), 'validation.tooSmall'),
    day('2025-01-01'),
    'validation.tooSmall',
  ],
  ['a date too late', z.date().max(day('2026-01-01'), 'validation.tooBig'), day('2027-01-01'), 'validation.tooBig'],
  ['a file too small', z.file().min(10, 'validation.tooSmall'), bytes(1), 'validation.tooSmall'],
  ['a file too big', z.file().max(10, 'validation.tooBig'), bytes(11), 'validation.tooBig'],
  ['a number under its range', inRange(z.number(), 1, 5), 0, 'validation.outOfRange'],
  ['a number over its range', inRange(z.number(), 1, 5), 6, 'validation.outOfRange'],
];

describe('zod issues as catalogue problems', () => {
  it.each(bounded)('%s fills every placeholder of its message, in every language', (_, schema, value, code) => {
    const messages = messagesOf(schema, value);
    for (const message of messages) {
      expect(message.code).toBe(code);
      expect(message.message).not.toMatch(unfilled);
    }
  });

  it('names the bound a user must meet', () => {
    const [field, error] = messagesOf(z.object({ name: z.string().max(64, 'validation.tooLong') }), {
      name: 'n'.repeat(10_000),
    });
    expect([field, error]).toEqual([
      { code: 'validation.tooLong', message: 'This field can have at most 64 characters.' },
      { code: 'validation.tooLong', message: 'This field can have at most 64 characters.' },
    ]);
    expect(messagesOf(inRange(z.number(), -90, 90), 91)).toContainEqual({
      code: 'validation.outOfRange',
      message: 'El valor debe estar entre -90 y 90.',
    });
    expect(messagesOf(z.date().max(day('2026-01-01'), 'validation.tooBig'), day('2027-01-01'))[0]?.message).toBe(
      'The value can be at most 2026-01-01T00:00:00.000Z.',
    );
  });

  it('fills the params a custom issue carries (conditions nested too deep)', () => {
    let deep: unknown = { kpi: 'latency', operator: 'not_exists' };
    for (let level = 0; level < 3000; level += 1) deep = { not: deep };
    for (const { code, message } of messagesOf(conditionSchema, deep)) {
      expect(code).toBe('graphics.conditionsTooDeep');
      expect(message).not.toMatch(unfilled);
    }
  });

  it('answers the shared rule with its params only when every field has the same ones', () => {
    const schema = z.object({ a: z.string().max(2, 'validation.tooLong'), b: z.string().max(3, 'validation.tooLong') });
    const problems = schema.safeParse({ a: 'xxxx', b: 'xxxx' }).error!.issues.map((issue) => issueProblem(issue));
    expect(validationError(problems).toBody('en')).toMatchObject({
      code: 'request.invalid',
      details: {
        fields: [
          { field: 'a', params: { max: 2 } },
          { field: 'b', params: { max: 3 } },
        ],
      },
    });
    expect(validationError(problems.slice(1)).toBody('es')).toMatchObject({
      code: 'validation.tooLong',
      message: 'Este campo puede tener como máximo 3 caracteres.',
      params: { max: 3 },
    });
  });
});
