import { describe, expect, it } from 'vitest';
import { openPgliteClient } from './pglite-client.ts';
import { runStartupStep } from './startup-steps.ts';

describe('start-up steps', () => {
  it('runs a step once it has succeeded, and again after it failed', async () => {
    const sql = await openPgliteClient();
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('interrupted');
    };
    await expect(runStartupStep(sql, 'fill', failing)).rejects.toThrow('interrupted');
    expect(await runStartupStep(sql, 'fill', async () => ++runs)).toEqual({ ran: true, result: 2 });
    expect(await runStartupStep(sql, 'fill', async () => ++runs)).toEqual({ ran: false });
    expect(await runStartupStep(sql, 'other', async () => ++runs)).toEqual({ ran: true, result: 3 });
    await sql.close();
  });
});
