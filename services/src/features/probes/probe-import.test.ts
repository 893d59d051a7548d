import { DomainError, emptyEntity } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { CommandMetadata, EntityService } from '@nq/platform/entities/entity-service';
import { describe, expect, it } from 'vitest';
import { readProbeCsv } from './probe-csv.ts';
import { importProbes, type ProbeImportContext } from './probe-import.ts';

const fileOf = (count: number) =>
  readProbeCsv(
    ['probeId,name,family,type', ...Array.from({ length: count }, (_, i) => `p${i},P,Cube,mobile`)].join('\n'),
  );

/**
 * Probes created in a store of none: each batch appended at once, or refused when it holds `refused` (one by one,
 * only that probe is refused).
 */
function probeCreations(refused?: string) {
  const created: string[] = [];
  const batches: number[] = [];
  const refusal = () => new DomainError('resource.notFound', { details: { reference: 'campaign-gone' } });
  const probes = {
    loadMany: async (ids: readonly string[]) => new Map(ids.map((id) => [id, { state: emptyEntity, events: [] }])),
    async executeMany(commands: { command: { id: string } }[]) {
      if (commands.some(({ command }) => command.id === refused)) throw refusal();
      batches.push(commands.length);
      created.push(...commands.map(({ command }) => command.id));
      return commands.map(() => ({ state: emptyEntity, position: `1:${created.length}`, warnings: [] }));
    },
    async execute(command: { id: string }) {
      if (command.id === refused) throw refusal();
      created.push(command.id);
      return { state: emptyEntity, position: `1:${created.length}`, warnings: [] };
    },
  } as unknown as EntityService;
  const context: ProbeImportContext = {
    probes,
    entityOf: () => ({ service: probes, visibility: {} as never }),
    viewer: {} as Viewer,
    metadataFor: (probeId) => ({ commandId: `import:${probeId}` }) as CommandMetadata,
  };
  return { context, created, batches };
}

describe('creating the probes of an imported file', () => {
  it('appends them a batch of 500 at a time', async () => {
    const { context, created, batches } = probeCreations();
    const outcome = await importProbes(fileOf(1_200), context);
    expect(batches).toEqual([500, 500, 200]);
    expect(created).toHaveLength(1_200);
    expect(outcome).toMatchObject({ position: '1:1200' });
  });

  it('stops at a row refused after the check, naming it and the probes created before it', async () => {
    const { context, created } = probeCreations('p700');
    const failure = await importProbes(fileOf(1_200), context).catch((error: unknown) => error);
    const before = Array.from({ length: 700 }, (_, i) => `p${i}`);
    expect(failure).toMatchObject({
      code: 'csvImport.configurationError',
      details: { row: 702, probeId: 'p700', code: 'resource.notFound', imported: before },
    });
    expect(created).toEqual(before);
  });
});
