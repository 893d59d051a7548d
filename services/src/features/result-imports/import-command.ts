import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  DomainError,
  type ImportReport,
  importFormatSchema,
  importOptionsSchema,
  maxImportMegabytes,
  translate,
} from '@nq/contracts';
import { issueProblem } from '@nq/platform/entities/validation-error';
import type { FeatureCommand } from '@nq/platform/feature-manifest';
import { anyAddress } from '@nq/platform/http/address-policy';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { Platform } from '@nq/platform/platform';
import { z } from 'zod';
import { administratorProfileId } from '../users/index.ts';
import { downloadImportFile } from './import-download.ts';
import { readImportFile, textOf } from './import-file.ts';
import { runImport, storedAmong } from './run-import.ts';

export const importUsage = `nq import <ripe-atlas|ndt7|iperf3|ookla> <file|url> [--probe <id>] [--program <name>] \
[--technology <code>] [--direction download|upload] [--measured-at <instant>] [--profile <id>] [--wait <seconds>]
  imports results measured elsewhere, in this process: RIPE Atlas results (the results API's JSON or a daily dump's
  lines), the ndt7 client's summary or M-Lab BigQuery rows, iperf3 -J output, speedtest --format=json; a file or an
  http(s) address, at most ${maxImportMegabytes} MB, gzip or not. Their measurements go on measurements.raw, and it
  waits (at most --wait seconds, 120 unless told) until ingest has stored them (on the embedded profile it runs ingest
  itself), then prints what was imported, refused and already there. The probes it creates are --profile's (the
  platform administrators' unless told).`;

const commandSchema = importOptionsSchema.extend({
  format: importFormatSchema,
  profile: z.string().min(1).default(administratorProfileId),
  wait: z.coerce.number().int().min(0).default(120),
  technology: z.preprocess(
    (given) => (given === undefined ? undefined : Number(given)),
    importOptionsSchema.shape.technology,
  ),
});

/** Ingest's processes, in this one: on the embedded profile no other process can be using its database. */
async function storeHere(platform: Platform) {
  await platform.projector.start();
  const stopIngest = await platform.startWorkers({ processes: ['ingest'] });
  return async () => {
    await stopIngest();
    await platform.projector.stop();
  };
}

/** How many of the measurements sent the store holds, once it holds them all or after `seconds`. */
async function waitUntilStored(store: MeasurementStore, ids: string[], seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  let pending = ids;
  while (pending.length > 0 && Date.now() < deadline) {
    const stored = await storedAmong(store, pending);
    pending = pending.filter((id) => !stored.has(id));
    if (pending.length > 0) await sleep(500);
  }
  return ids.length - pending.length;
}

function printReport(report: ImportReport) {
  const { read, imported, duplicates, refused } = report;
  console.info(
    `${report.format}: ${read} results read: ${imported} measurements imported, ${duplicates.stored} already stored, ` +
      `${duplicates.inFile} repeated in the file, ${refused} results refused`,
  );
  if (report.probesCreated.length > 0) console.info(`  probes created: ${report.probesCreated.join(', ')}`);
  if (report.programs.length > 0) console.info(`  programs: ${report.programs.join(', ')}`);
  for (const refusal of report.refusals)
    console.info(
      `  refused, line ${refusal.line} (result ${refusal.index}): ${translate(refusal.code, 'en', refusal.params)}`,
    );
  if (refused > report.refusals.length) console.info(`  … and ${refused - report.refusals.length} more refused`);
}

// The operator's own process on the platform's machine: no user can make it download anything, so an address inside
// the network (a file server) is as good as any.
const fileOrUrl = (location: string) =>
  /^https?:\/\//i.test(location) ? downloadImportFile(location, { policy: anyAddress }) : readImportFile(location);

/** `nq import <format> <file|url> …`: answers the process's exit code. */
async function importCommand(args: string[], openPlatform: () => Promise<Platform>): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      probe: { type: 'string' },
      program: { type: 'string' },
      technology: { type: 'string' },
      direction: { type: 'string' },
      'measured-at': { type: 'string' },
      profile: { type: 'string' },
      wait: { type: 'string' },
    },
  });
  const [format, location, ...extra] = positionals;
  const { 'measured-at': measuredAt, ...given } = values;
  const command = commandSchema.safeParse({ ...given, format, measuredAt });
  if (!command.success || !location || extra.length > 0) {
    for (const issue of command.error?.issues ?? []) {
      const { field, code, params, message } = issueProblem(issue);
      console.error(`${field || 'format'}: ${code ? translate(code, 'en', params) : message}`);
    }
    console.error(importUsage);
    return 2;
  }
  const { profile, wait, ...options } = command.data;
  let text: string;
  try {
    text = textOf(await fileOrUrl(location));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!(error instanceof DomainError || missing)) throw error;
    console.error(missing ? `no file ${location}` : (error as Error).message);
    return 1;
  }
  const platform = await openPlatform();
  try {
    const stopStoring = platform.config.profile === 'embedded' ? await storeHere(platform) : undefined;
    const produced: string[] = [];
    const report = await runImport(platform, {
      importId: `import-${randomUUID()}`,
      format: options.format,
      text,
      options,
      actor: { userId: 'nq-import', profileId: profile },
      onProduced: (ids) => produced.push(...ids),
      onProgress: ({ rows }) => console.info(`  ${rows} results read`),
    });
    printReport(report);
    if (produced.length > 0 && wait > 0) {
      const stored = await waitUntilStored(platform.measurements, produced, wait);
      console.info(`${stored} of ${produced.length} measurements stored`);
    }
    await stopStoring?.();
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await platform.close();
  }
}

export const importCliCommand: FeatureCommand = { name: 'import', usage: importUsage, run: importCommand };
