// Prints the figures of the server's import graph that say how features are wired together: arrows that run from a
// lower layer back up, feature folders that import each other, loose files beside the feature folders, and whether
// the workspaces import each other in a loop. `npm run structure` (add `--list` for every arrow counted).
// Test files are left out: a test may reach across layers to set up what it checks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const listing = process.argv.includes('--list');

/** The layers, lowest first: a module may import its own layer or lower ones. */
const layerOf = (folder: string): number => {
  if (folder.startsWith('contracts/')) return 0;
  // The probe (agent and speed server) stands on the contracts alone, beside the platform.
  if (folder === 'platform' || folder.startsWith('probe')) return 1;
  if (folder.startsWith('services/features/') || folder.startsWith('projections')) return 2;
  // The composition lists the features, as the demo data and the simulator use them.
  if (['services/composition', 'services/demo', 'services/simulator', 'services/testing'].includes(folder)) return 3;
  return 4; // services/api, services/cli.ts
};

const isTest = (path: string) => /\.(test|spec|suite|contract|fixture)\.tsx?$/.test(path) || path.includes('/testing/');
function* sources(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !isTest(path)) yield path;
  }
}

/** Where an import specifier leads inside the repository (undefined: a package outside it). */
function target(from: string, specifier: string): string | undefined {
  const workspace = /^@nq\/(contracts|platform|services|projections|probe)\/?(.*)$/.exec(specifier);
  const base = workspace
    ? join(root, workspace[1]!, 'src', workspace[2] ?? '')
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The node a file belongs to: a feature or read model folder, the platform, else its top folder (`services/api`). */
function nodeOf(path: string): string {
  const [workspace, , top, next] = relative(root, path).split('/');
  if (workspace === 'services' && top === 'features')
    return next?.endsWith('.ts') ? 'services/features' : `services/features/${next}`;
  if (workspace === 'projections') return top?.endsWith('.ts') ? 'projections' : `projections/${top}`;
  if (workspace === 'contracts') return 'contracts/';
  if (workspace === 'probe') return top?.endsWith('.ts') ? 'probe' : `probe/${top}`;
  // The platform is one layer whose folders (ports and their adapters) use each other: one node.
  if (workspace === 'platform') return 'platform';
  return top?.endsWith('.ts') ? `services/${top.replace(/\.tsx?$/, '')}` : `services/${top}`;
}

const arrows = new Map<string, number>();
const workspaces = new Set<string>();
for (const workspace of ['contracts', 'platform', 'services', 'projections', 'probe'])
  for (const file of sources(join(root, workspace, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s+['"]([^'"]+)['"]/g)) {
      const to = target(file, match[1]!);
      if (!to || isTest(to)) continue;
      const [a, b] = [nodeOf(file), nodeOf(to)];
      const [fromWorkspace, toWorkspace] = [relative(root, file).split('/')[0], relative(root, to).split('/')[0]];
      if (fromWorkspace !== toWorkspace) workspaces.add(`${fromWorkspace} → ${toWorkspace}`);
      if (a !== b) arrows.set(`${a} → ${b}`, (arrows.get(`${a} → ${b}`) ?? 0) + 1);
    }
  }

const up = [...arrows].filter(([arrow]) => {
  const [a, b] = arrow.split(' → ') as [string, string];
  return layerOf(b) > layerOf(a);
});
const features = (node: string) => node.startsWith('services/features/');
const mutual = [...arrows.keys()]
  .map((arrow) => arrow.split(' → ') as [string, string])
  .filter(([a, b]) => features(a) && features(b) && a < b && arrows.has(`${b} → ${a}`));
const loose = readdirSync(join(root, 'services/src/features')).filter((name) => /\.tsx?$/.test(name) && !isTest(name));
/** The folders that reach one another through imports (strongly connected), largest first. */
function tangles() {
  const next = new Map<string, string[]>();
  for (const arrow of arrows.keys()) {
    const [a, b] = arrow.split(' → ') as [string, string];
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length);
}
const tangled = tangles();
const pairs = [...workspaces].map((arrow) => arrow.split(' → ') as [string, string]);
const loops = pairs.filter(([a, b]) => a < b && workspaces.has(`${b} → ${a}`)).map(([a, b]) => `${a} ⇄ ${b}`);

console.info(
  `folder arrows (imports between folders): ${arrows.size}, ${[...arrows.values()].reduce((a, b) => a + b, 0)} imports`,
);
console.info(`arrows running back up a layer: ${up.length} (${up.reduce((sum, [, n]) => sum + n, 0)} imports)`);
console.info(`feature pairs importing each other: ${mutual.length}`);
console.info(
  `folders in import cycles: ${tangled.map((group) => group.length).join(' + ') || 0}` +
    (tangled[0] ? ` (the largest holds ${tangled[0].filter(features).length} feature folders)` : ''),
);
console.info(`loose files in services/src/features: ${loose.length}${loose.length ? ` (${loose.join(', ')})` : ''}`);
console.info(`workspaces importing each other: ${loops.join(', ') || 'none'} [${[...workspaces].sort().join('; ')}]`);
if (listing) {
  console.info('\nfolders in import cycles:');
  for (const group of tangled) console.info(`  ${group.join(', ')}`);
  console.info('\narrows running back up:');
  for (const [arrow, n] of up.sort()) console.info(`  ${arrow} (${n})`);
  console.info('\nfeature pairs importing each other:');
  for (const [a, b] of mutual)
    console.info(`  ${a} ⇄ ${b} (${arrows.get(`${a} → ${b}`)} / ${arrows.get(`${b} → ${a}`)})`);
}
