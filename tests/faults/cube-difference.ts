import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openKafkaLog } from '@nq/platform/log/kafka/kafka-log';

/** The cells a cube check compares: a raw partition and the check's breakdown (program, destination, technology). */
interface Cell {
  partition: number;
  program?: string;
  destination?: string;
  technology?: string;
}

interface RowSeen {
  cubeId: string;
  bucket: string;
  count: number;
  appliedOffset: number;
}

interface RawSeen {
  measurementId: string;
  measuredAt: string;
  offset?: number;
}

const cellKey = (cell: Cell) => JSON.stringify([cell.partition, cell.program, cell.destination, cell.technology]);

async function* searchAll<T>(elasticsearchUrl: string, index: string, body: object, sortField: string) {
  let after: unknown[] | undefined;
  for (;;) {
    const response = await fetch(`${elasticsearchUrl}/${index}/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        size: 5_000,
        sort: [{ [sortField]: 'asc' }],
        ...body,
        ...(after ? { search_after: after } : {}),
      }),
    });
    if (!response.ok) throw new Error(`reading ${index}: ${response.status} ${await response.text()}`);
    const { hits } = (await response.json()) as { hits: { hits: { _source: T; sort: unknown[] }[] } };
    for (const hit of hits.hits) yield hit._source;
    if (hits.hits.length < 5_000) return;
    after = hits.hits.at(-1)!.sort;
  }
}

/** Every record of a topic, read by a consumer group of its own until it has caught up. */
async function topicRecords(brokers: string[], topic: string) {
  const log = await openKafkaLog({ brokers, clientId: 'fault-harness-cube-difference' });
  const groupId = `fault-harness-cube-difference-${randomBytes(3).toString('hex')}`;
  const records: { partition: number; offset: string; value: string }[] = [];
  const consumer = await log.consume({
    groupId,
    topics: [topic],
    handle: async (batch) => void records.push(...batch),
  });
  try {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      await sleep(2_000);
      const lags = await log.groupLag(groupId);
      if (lags.length > 0 && lags.every((lag) => lag.records === 0)) break;
    }
  } finally {
    await consumer.stop();
    await log.close();
  }
  return records;
}

/**
 * When a cube does not count what the raw measurements hold: the cells (raw partition and the check's breakdown)
 * where a cube's rows and the raw measurements differ, with each row's bucket, count and applied offset, each raw
 * measurement's ingest offset, and where each of those measurements appears on the raw and enriched topics. Written to
 * `cube-difference.json` in `dir`; answers a summary line per differing cell.
 */
export async function explainCubeDifference(options: {
  elasticsearchUrl: string;
  measurementsAlias: string;
  brokers: string[];
  topics: { raw: string; enriched: string };
  dir: string;
}): Promise<string[]> {
  const { elasticsearchUrl, measurementsAlias } = options;
  await fetch(`${elasticsearchUrl}/_refresh`, { method: 'POST' });
  const rowsIndex = measurementsAlias.replace(/-measurements$/, '-cube-rows');
  const rows = new Map<string, Map<string, RowSeen[]>>();
  for await (const row of searchAll<{
    cubeId: string;
    measuredAt: string;
    partition: number;
    appliedOffset: number;
    count: number;
    dimensions: Record<string, unknown>;
  }>(elasticsearchUrl, rowsIndex, { query: { term: { kpi: 'download' } } }, 'rowId')) {
    const key = cellKey({
      partition: row.partition,
      program: row.dimensions.program as string | undefined,
      destination: row.dimensions.destination as string | undefined,
      technology: row.dimensions.technology as string | undefined,
    });
    const byCube = rows.get(row.cubeId) ?? new Map<string, RowSeen[]>();
    rows.set(row.cubeId, byCube);
    byCube.set(key, [
      ...(byCube.get(key) ?? []),
      { cubeId: row.cubeId, bucket: row.measuredAt, count: row.count, appliedOffset: row.appliedOffset },
    ]);
  }
  const raw = new Map<string, RawSeen[]>();
  for await (const measurement of searchAll<{
    measurementId: string;
    measuredAt: string;
    program?: string;
    destination?: { name?: string };
    technology?: string;
    ingestSource?: { partition: number; offset: number };
  }>(
    elasticsearchUrl,
    measurementsAlias,
    {
      query: { exists: { field: 'kpis.download' } },
      _source: ['measurementId', 'measuredAt', 'program', 'destination', 'technology', 'ingestSource'],
    },
    'measurementId',
  )) {
    const key = cellKey({
      partition: measurement.ingestSource?.partition ?? -1,
      program: measurement.program,
      destination: measurement.destination?.name,
      technology: measurement.technology,
    });
    raw.set(key, [
      ...(raw.get(key) ?? []),
      {
        measurementId: measurement.measurementId,
        measuredAt: measurement.measuredAt,
        ...(measurement.ingestSource ? { offset: measurement.ingestSource.offset } : {}),
      },
    ]);
  }
  const differing: { cubeId: string; cell: string; rows: RowSeen[]; raw: RawSeen[] }[] = [];
  for (const [cubeId, byCell] of rows)
    for (const cell of new Set([...byCell.keys(), ...raw.keys()])) {
      const counted = (byCell.get(cell) ?? []).reduce((sum, row) => sum + row.count, 0);
      if (counted !== (raw.get(cell)?.length ?? 0))
        differing.push({ cubeId, cell, rows: byCell.get(cell) ?? [], raw: raw.get(cell) ?? [] });
    }
  const ids = new Set(differing.flatMap((cell) => cell.raw.map((measurement) => measurement.measurementId)));
  const appearances = new Map<string, string[]>();
  for (const [name, topic] of Object.entries(options.topics))
    for (const record of await topicRecords(options.brokers, topic)) {
      const { measurementId, ingestSource } = JSON.parse(record.value) as {
        measurementId?: string;
        ingestSource?: { partition: number; offset: number };
      };
      if (!measurementId || !ids.has(measurementId)) continue;
      const source = ingestSource ? ` from raw ${ingestSource.partition}/${ingestSource.offset}` : '';
      appearances.set(measurementId, [
        ...(appearances.get(measurementId) ?? []),
        `${name} ${record.partition}/${record.offset}${source}`,
      ]);
    }
  const report = differing.map((cell) => ({
    ...cell,
    raw: cell.raw.map((measurement) => ({ ...measurement, appears: appearances.get(measurement.measurementId) ?? [] })),
  }));
  writeFileSync(join(options.dir, 'cube-difference.json'), JSON.stringify(report, null, 2));
  return report.map((cell) => {
    const counted = cell.rows.reduce((sum, row) => sum + row.count, 0);
    const twice = cell.raw.filter((measurement) => measurement.appears.length > 2).map((m) => m.measurementId);
    return (
      `cube ${cell.cubeId} cell ${cell.cell}: rows count ${counted}, raw ${cell.raw.length}` +
      `${twice.length > 0 ? `; on a topic more than once: ${twice.join(', ')}` : ''}`
    );
  });
}
