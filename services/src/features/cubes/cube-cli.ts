import { parseArgs } from 'node:util';
import type { FeatureCommand } from '@nq/platform/feature-manifest';
import type { Platform } from '@nq/platform/platform';
import { endOf, startOf } from '../analytics/index.ts';
import { cubeDefinitions } from './cube-definitions.ts';
import { runCubeRebuild } from './cube-rebuild.job.ts';

export const cubeUsage = `nq cube rebuild <cube> --from <date|instant> --to <date|instant>
  rebuilds a cube's rows over the range from the raw measurements, in this process, printing its progress
  (dates are whole days in the cube's zone: UTC for an hourly cube)`;

/** `nq cube rebuild <cube> --from … --to …`: answers the process's exit code. */
async function cubeCommand(args: string[], openPlatform: () => Promise<Platform>): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' }, to: { type: 'string' } },
  });
  const [action, name] = positionals;
  if (action !== 'rebuild' || !name || !values.from || !values.to) {
    console.error(cubeUsage);
    return 2;
  }
  const platform = await openPlatform();
  try {
    const cubes = await cubeDefinitions(platform.readStore).list();
    const cube = cubes.find((item) => item.name === name || item.id === name);
    if (!cube) {
      console.error(`no cube named '${name}'; cubes: ${cubes.map((item) => item.name).join(', ') || 'none'}`);
      return 2;
    }
    const zone = cube.grain === 'day' ? cube.timeZone : 'UTC';
    const from = startOf(values.from, zone);
    const to = new Date(Date.parse(endOf(values.to, zone)) + 1).toISOString();
    if (!(Date.parse(to) > Date.parse(from))) {
      console.error('--to must be after --from');
      return 2;
    }
    const started = performance.now();
    const rebuildId = `cli-${Date.now().toString(36)}`;
    console.info(`rebuilding cube ${cube.name} from ${from} to ${to} (${rebuildId})`);
    const done = await runCubeRebuild(
      platform,
      { rebuildId, cubeId: cube.id, from, to },
      {
        onProgress: ({ done: measurements, rows }) =>
          console.info(
            `  ${measurements.toLocaleString('en')} measurements read, ${rows.toLocaleString('en')} rows written ` +
              `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
          ),
      },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `cube ${cube.name}: ${done.done.toLocaleString('en')} measurements into ${done.rows.toLocaleString('en')} rows ` +
        `in ${seconds.toFixed(1)} s (${Math.round(done.done / Math.max(seconds, 0.001)).toLocaleString('en')} measurements/s)`,
    );
    return 0;
  } finally {
    await platform.close();
  }
}

export const cubeCliCommand: FeatureCommand = { name: 'cube', usage: cubeUsage, run: cubeCommand };
