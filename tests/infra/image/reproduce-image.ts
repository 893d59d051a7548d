import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';
import { parseDockerfile } from './dockerfile.ts';
import { contextFilesUnder, dockerIgnore } from './dockerignore.ts';

export interface ReproducedImage {
  /** The last stage's WORKDIR, where the container starts. */
  folder: string;
  /** Its ENV, container paths under WORKDIR turned into paths under `folder`. */
  env: Record<string, string>;
  user: string | undefined;
  /** ENTRYPOINT followed by CMD. */
  argv: string[];
}

interface Options {
  dockerfile: string;
  /** The build context: the folder `docker build` is given. */
  context: string;
  /** Where each stage's filesystem is laid, a folder per stage. */
  into: string;
  /** Stages not built but filled by the function given (a build too slow for a test), by stage name. */
  standIns?: Record<string, (workdir: string) => void>;
  /** The environment RUN commands get. */
  runEnv?: NodeJS.ProcessEnv;
}

/**
 * A Dockerfile's image without a container engine: each stage is a folder standing for its WORKDIR, COPY takes what
 * .dockerignore leaves of the context (or an earlier stage's files), RUN runs there. Only files under WORKDIR are
 * reproduced; an instruction the parser does not follow throws rather than being skipped.
 */
export function reproduceImage({ dockerfile, context, into, standIns = {}, runEnv = process.env }: Options) {
  const ignored = dockerIgnore(
    existsSync(join(context, '.dockerignore')) ? readFileSync(join(context, '.dockerignore'), 'utf8') : '',
  );
  const stages = parseDockerfile(readFileSync(dockerfile, 'utf8'));
  const built = new Map<string, { workdir: string; folder: string }>();
  let image: ReproducedImage | undefined;

  stages.forEach((stage, index) => {
    const folder = join(into, stage.name ?? `stage-${index}`);
    mkdirSync(folder, { recursive: true });
    let workdir = '/';
    const inFolder = (containerPath: string) => {
      const absolute = posix.resolve(workdir, containerPath);
      const below = posix.relative(workdir, absolute);
      if (below.startsWith('..')) throw new Error(`${containerPath} is outside WORKDIR ${workdir}`);
      return join(folder, below);
    };
    const env: Record<string, string> = {};
    let user: string | undefined;
    let entrypoint: string[] = [];
    let cmd: string[] = [];
    const standIn = stage.name ? standIns[stage.name] : undefined;
    for (const instruction of stage.instructions) {
      switch (instruction.op) {
        case 'WORKDIR':
          workdir = posix.resolve(workdir, instruction.path);
          break;
        case 'COPY': {
          if (standIn) break;
          const destination = inFolder(instruction.destination);
          const intoFolder = instruction.destination.endsWith('/') || instruction.sources.length > 1;
          for (const source of instruction.sources) {
            if (instruction.from) {
              const from = built.get(instruction.from);
              if (!from) throw new Error(`COPY --from=${instruction.from}: no such stage built before`);
              const path = join(from.folder, posix.relative(from.workdir, source));
              // A folder's contents go into the destination, a file into it when it is a folder.
              const target =
                intoFolder && !statSync(path).isDirectory() ? join(destination, basename(path)) : destination;
              cpSync(path, target, { recursive: true, verbatimSymlinks: true });
              continue;
            }
            const normalized = posix.normalize(source).replace(/\/$/, '');
            if (normalized !== '.' && ignored(normalized)) throw new Error(`COPY ${source}: excluded by .dockerignore`);
            if (statSync(join(context, normalized)).isDirectory()) {
              for (const file of contextFilesUnder(context, normalized, ignored)) {
                const target = join(destination, relative(join(context, normalized), join(context, file)));
                mkdirSync(dirname(target), { recursive: true });
                cpSync(join(context, file), target);
              }
            } else {
              const target = intoFolder ? join(destination, basename(normalized)) : destination;
              mkdirSync(dirname(target), { recursive: true });
              cpSync(join(context, normalized), target);
            }
          }
          break;
        }
        case 'RUN':
          if (!standIn) execSync(instruction.command, { cwd: inFolder('.'), env: runEnv, stdio: 'pipe' });
          break;
        case 'ENV':
          Object.assign(env, instruction.variables);
          break;
        case 'USER':
          user = instruction.user;
          break;
        case 'ENTRYPOINT':
          entrypoint = instruction.argv;
          cmd = [];
          break;
        case 'CMD':
          cmd = instruction.argv;
          break;
        case 'EXPOSE':
          break;
      }
    }
    standIn?.(inFolder('.'));
    built.set(stage.name ?? String(index), { workdir, folder: inFolder('.') });
    const underWorkdir = (value: string) =>
      value === workdir || value.startsWith(`${workdir}/`)
        ? join(inFolder('.'), posix.relative(workdir, value))
        : value;
    image = {
      folder: inFolder('.'),
      env: Object.fromEntries(Object.entries(env).map(([name, value]) => [name, underWorkdir(value)])),
      user,
      argv: [...entrypoint, ...cmd],
    };
  });
  if (!image) throw new Error(`${dockerfile} has no stage`);
  return image;
}
