import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { freePort } from '@nq/platform/testing/free-port';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReproducedImage, reproduceImage } from './image/reproduce-image.ts';

const root = resolve(import.meta.dirname, '../..');
/** Packages of the tooling (tests, browser tests, console build, lint, types) that the image must not hold. */
const devOnlyPackages = ['vitest', '@playwright/test', 'playwright', 'vite', '@biomejs/biome', 'typescript'];

/** Every file and folder under `folder` (relative paths), not descending into node_modules. */
function listOutsideDependencies(folder: string, under = ''): string[] {
  return readdirSync(join(folder, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.name === 'node_modules') return [path];
    return entry.isDirectory() ? [path, ...listOutsideDependencies(folder, path)] : [path];
  });
}

/** The package folders named `name` anywhere in a node_modules tree. */
function packagesNamed(nodeModules: string, names: string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.bin') continue;
      const path = join(folder, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(path, { withFileTypes: true })) {
          if (!scoped.isDirectory()) continue;
          if (names.includes(`${entry.name}/${scoped.name}`))
            found.push(relative(nodeModules, join(path, scoped.name)));
          if (existsSync(join(path, scoped.name, 'node_modules'))) walk(join(path, scoped.name, 'node_modules'));
        }
        continue;
      }
      if (names.includes(entry.name)) found.push(relative(nodeModules, path));
      if (existsSync(join(path, 'node_modules'))) walk(join(path, 'node_modules'));
    }
  };
  walk(nodeModules);
  return found;
}

async function answersHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}:\n${output()}`);
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => undefined);
    if (status === 200) return status;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${output()}`);
}

describe('the container image (deploy/Dockerfile, reproduced without a container engine)', () => {
  let workspace: string;
  let image: ReproducedImage;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let api: ChildProcess | undefined;

  beforeAll(() => {
    workspace = mkdtempSync(join(tmpdir(), 'nq-image-'));
    image = reproduceImage({
      dockerfile: join(root, 'deploy/Dockerfile'),
      context: root,
      into: workspace,
      // The console's build takes minutes here: an index page stands for it (the API serves whatever is there).
      standIns: {
        'console-build': (workdir) => {
          mkdirSync(join(workdir, 'console/dist'), { recursive: true });
          writeFileSync(join(workdir, 'console/dist/index.html'), '<!doctype html><title>console</title>');
        },
      },
      // The registry's packages from npm's cache when it holds them; this Node first for npm.
      runEnv: {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        npm_config_prefer_offline: 'true',
      },
    });
  }, 150_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((done) => api!.once('exit', done));
      api.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('holds the server’s sources, their production dependencies and the console’s build, nothing else', () => {
    const files = listOutsideDependencies(image.folder);
    expect(files).toContain('services/src/cli.ts');
    expect(files).toContain('console/dist/index.html');
    expect(files.filter((path) => /^(tests|load-tests|deploy|\.git|console\/src)(\/|$)/.test(path))).toEqual([]);
    expect(files.filter((path) => /\.(test|suite|contract|fixture)\.tsx?$/.test(path))).toEqual([]);
    expect(readdirSync(join(image.folder, 'node_modules/@nq')).sort()).toEqual([
      'client',
      'contracts',
      'platform',
      'probe',
      'projections',
      'services',
    ]);
    expect(packagesNamed(join(image.folder, 'node_modules'), devOnlyPackages)).toEqual([]);
    // Not vacuous: the checkout itself holds them.
    expect(packagesNamed(join(root, 'node_modules'), devOnlyPackages).length).toBeGreaterThanOrEqual(
      devOnlyPackages.length,
    );
  });

  it('leaves out what production never reads, and still draws a PDF’s charts', () => {
    const unread = execFileSync(
      'find',
      ['node_modules', '-type', 'f', '(', '-name', '*.map', '-o', '-name', '*.d.ts', '-o', '-name', '*.d.cts', ')'],
      { cwd: image.folder, encoding: 'utf8' },
    );
    expect(unread).toBe('');
    expect(existsSync(join(image.folder, 'node_modules/echarts/dist'))).toBe(false);
    const megabytes = Number(
      execFileSync('du', ['-sm', 'node_modules'], { cwd: image.folder, encoding: 'utf8' }).split('\t')[0],
    );
    console.info(`the image's node_modules: ${megabytes} MB`);
    // The PDF blocks draw a chart through ECharts' modules, from the image's files alone.
    const rendered = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { chartBlock } from './platform/src/pdf/pdf-blocks.ts';
         import { pdfDocument } from './platform/src/pdf/pdf-document.ts';
         import { renderPdf } from './platform/src/pdf/pdf-renderer.ts';
         const chart = { title: 'Download', type: 'line', unit: 'Mbps',
           data: { axis: { kind: 'category', values: ['Mon', 'Tue'] }, series: [{ id: 'a', name: 'Movistar', values: [41, 43] }] } };
         const pdf = await renderPdf(pdfDocument({ title: 'Report', language: 'en', content: [chartBlock(chart)] }));
         process.stdout.write(pdf.subarray(0, 5).toString());`,
      ],
      { cwd: image.folder, encoding: 'utf8' },
    );
    expect(rendered).toBe('%PDF-');
  });

  it('runs as the non-root node user, the CLI as entry point, the api by default', () => {
    expect(image.user).toMatch(/^(node|1000)(:|$)/);
    expect(image.argv).toEqual(['node', 'services/src/cli.ts', 'api']);
  });

  it('holds what `nq api <METHOD> <path>` calls with: the typed client and its signing', () => {
    const help = execFileSync(process.execPath, ['services/src/cli.ts', 'api', '--help'], {
      cwd: image.folder,
      encoding: 'utf8',
    });
    expect(help).toMatch(/^Usage: nq api <METHOD> <path>/);
    const refused = spawnSync(process.execPath, ['services/src/cli.ts', 'api', 'GET', '/tags/'], {
      cwd: image.folder,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NQ_CREDENTIALS: join(image.folder, 'no-credentials.json') },
    });
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/^nq api: no credentials file at /);
  });

  it('starts the api from its entry point against the real servers and answers /health', async () => {
    database = await createTestDatabase();
    const port = await freePort();
    const [, ...args] = image.argv;
    let output = '';
    api = spawn(process.execPath, args, {
      cwd: image.folder,
      env: {
        PATH: process.env.PATH,
        ...image.env,
        ...distributedEnvironment(database),
        // The image listens on every interface; here the loopback suffices.
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    api.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    expect(await answersHealth(`http://127.0.0.1:${port}/health`, api, () => output, 60_000)).toBe(200);
  }, 90_000);
});
