import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mergeChanges, splitUpdateBody, updateBodySchema } from './update-body.ts';

describe('update bodies', () => {
  const schema = z.object({
    name: z.string(),
    tags: z.array(z.string()).default([]),
    rules: z.object({ strict: z.boolean().default(false) }).prefault({}),
  });

  it('leave out what is not sent, even fields with defaults', () => {
    expect(updateBodySchema(schema).parse({})).toEqual({});
    expect(updateBodySchema(schema).parse({ rules: {} })).toEqual({ rules: { strict: false } });
    expect(updateBodySchema(schema).parse({ tags: null })).toEqual({ tags: null });
  });

  it('apply changes: undefined leaves a field, null removes it', () =>
    expect(mergeChanges({ name: 'a', tags: ['x'] }, { name: 'b', tags: null, rules: undefined })).toEqual({
      name: 'b',
    }));

  it('split into the field changes and the update options', () =>
    expect(splitUpdateBody({ name: 'b', confirm: true, tags: null }, ['confirm'])).toEqual({
      changes: { name: 'b', tags: null },
      options: { confirm: true },
    }));
});
