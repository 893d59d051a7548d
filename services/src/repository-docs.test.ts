import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README and docs/ stay short enough to read and true enough to follow: the README fits a first sitting, every
// relative link and anchor leads somewhere, every repository file a page names in code is there, no page points
// outside the repository, and every `npm run` a page names exists.

const root = resolve(import.meta.dirname, '../..');
const readmeMaxLines = 200;

function markdownFilesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFilesUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const pages = [
  join(root, 'README.md'),
  ...markdownFilesUnder(join(root, 'docs')),
  ...['projections', 'console', 'load-tests', 'tests'].flatMap((workspace) =>
    [join(root, workspace, 'README.md')].filter((path) => existsSync(path)),
  ),
];

/** The repository files a page names in code (`platform/src/platform.ts`), from the root: wildcards and placeholders left out. */
export const repositoryPathsIn = (markdown: string) =>
  [
    ...markdown.matchAll(
      /`((?:services|platform|projections|contracts|console|deploy|tests|load-tests|docs)\/[\w./-]+\.(?:ts|tsx|mts|md|json|ya?ml|sh))`/g,
    ),
  ].map(([, path]) => path!);
const shown = (path: string) => relative(root, path);

/** The lines outside fenced code blocks, where a `#` line is no heading and brackets are no link. */
function linesOutsideFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation but `_` and `-` dropped, spaces to `-`. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page's headings make, a repeated heading numbered as GitHub numbers it (`name`, `name-1`, …). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of linesOutsideFences(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    // The heading's text as shown: a link's text kept, its target dropped; inline code's text kept.
    const slug = slugOf(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link target of a page (`[text](target)`, not http(s), mailto or a bare `#anchor` of the page). */
function relativeLinksOf(markdown: string): string[] {
  const prose = linesOutsideFences(markdown)
    .map((line) => line.replace(/`[^`]*`/g, ''))
    .join('\n');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with one link of a page: a missing file, or a missing heading for its anchor; undefined when right. */
function brokenLink(page: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? page : resolve(dirname(page), decodeURIComponent(pathPart));
  if (!existsSync(file)) return `${shown(page)}: ${target} (no file ${shown(file)})`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith('.md')) return `${shown(page)}: ${target} (an anchor into a file that is not Markdown)`;
  if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)))
    return `${shown(page)}: ${target} (no heading #${anchor} in ${shown(file)})`;
  return undefined;
}

/** The scripts of the root package.json, or of a workspace named by its folder or its package name. */
function scriptsOf(workspace?: string): string[] {
  const manifest = (folder: string) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const rootManifest = manifest(root);
  const folder =
    workspace === undefined
      ? root
      : (rootManifest.workspaces as string[])
          .map((name) => join(root, name))
          .find((path) => relative(root, path) === workspace || manifest(path).name === workspace);
  return folder ? Object.keys(manifest(folder).scripts ?? {}) : [];
}

describe('the README and docs/', () => {
  it(`keep the README to at most ${readmeMaxLines} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(readmeMaxLines);
  });

  it('link only to files and headings that exist', () => {
    const broken = pages.flatMap((page) =>
      relativeLinksOf(readFileSync(page, 'utf8')).flatMap((target) => brokenLink(page, target) ?? []),
    );
    expect(broken).toEqual([]);
  });

  it('name in code only repository files that exist', () => {
    const missing = pages.flatMap((page) =>
      repositoryPathsIn(readFileSync(page, 'utf8'))
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `${shown(page)}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('point at no document outside the repository', () => {
    const outside = pages.filter((page) => readFileSync(page, 'utf8').includes('../shared/')).map(shown);
    expect(outside).toEqual([]);
  });

  it('name only npm scripts that package.json declares, or the named workspace declares', () => {
    const unknown = pages.flatMap((page) =>
      [...readFileSync(page, 'utf8').matchAll(/npm run ([\w:.-]+)(?:\s+(?:-w|--workspace)[ =]([\w@/.-]+))?/g)]
        .filter(([, script, workspace]) => !scriptsOf(workspace).includes(script!))
        .map(([command]) => `${shown(page)}: ${command}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('the link checks', () => {
  it('find the repository files a page names in code, not wildcards or placeholders', () => {
    expect(
      repositoryPathsIn(
        'See `platform/src/platform.ts`, `services/src/features/<feature>/manifest.ts` and `docs/*.md`.',
      ),
    ).toEqual(['platform/src/platform.ts']);
  });

  it('make anchors as GitHub does', () => {
    expect(slugOf("CPU per measurement, the pinned run and the cube's cost (BENCH_ONLY=ingest)")).toBe(
      'cpu-per-measurement-the-pinned-run-and-the-cubes-cost-bench_onlyingest',
    );
    expect([...anchorsOf('# Data\n\n## Data\n\n```sh\n# not a heading\n```\n')]).toEqual(['data', 'data-1']);
  });

  it('find relative links in prose only', () => {
    const page = '[a](docs/a.md) [b](https://example.org) `[c](c.md)` [d](#here)\n```\n[e](e.md)\n```\n';
    expect(relativeLinksOf(page)).toEqual(['docs/a.md', '#here']);
  });

  it('report a missing file and a missing heading', () => {
    const readme = join(root, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toContain('no file docs/no-such-page.md');
    expect(brokenLink(readme, 'docs/architecture.md#no-such-heading')).toContain('no heading #no-such-heading');
    expect(brokenLink(readme, 'docs/architecture.md#the-processes')).toBeUndefined();
  });
});

// Code, tests and deployment files describe the product through docs/product, never through documents kept beside the
// repository (a specification or a design by section number, or a path up and out of it).

/** The folders whose files are checked; generated and installed folders under them are skipped. */
const codeFolders = ['contracts', 'services', 'projections', 'console/src', 'tests', 'load-tests', 'deploy'];
const skippedFolders = new Set(['node_modules', 'dist', '.cache', 'test-results', 'coverage']);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skippedFolders.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** Mentions of the outside documents, spelt with escapes so that this file holds none of them. */
const outsideDocumentPatterns = [
  /\bspec \u00a7/i,
  /\bdesign \u00a7/i,
  /\bspec\.md\b/,
  /\bdesign\.md\b/,
  /\bconsole-stack\.md\b/,
];

/** `../shared/…` paths that lead out of the repository or to nothing in it (a `shared/` import leads somewhere). */
function outsideSharedPaths(file: string, text: string): string[] {
  return [...text.matchAll(/(?:\.\.\/)+shared\/[\w.-]*/g)]
    .map((match) => match[0])
    .filter((path) => {
      const target = resolve(dirname(file), path);
      return relative(root, target).startsWith('..') || !existsSync(target);
    });
}

/** What a file mentions of the outside documents, or nothing; this file's examples of them are no mention. */
function outsideReferencesOf(file: string): string[] {
  if (file === import.meta.filename) return [];
  const text = readFileSync(file, 'utf8');
  return [
    ...outsideDocumentPatterns.flatMap((pattern) => text.match(pattern)?.[0] ?? []),
    ...outsideSharedPaths(file, text),
  ];
}

describe('code, tests and deployment files', () => {
  it('point at no document outside the repository', () => {
    const found = codeFolders.flatMap((folder) =>
      filesUnder(join(root, folder)).flatMap((file) => {
        const references = outsideReferencesOf(file);
        return references.length ? [`${shown(file)}: ${references.join(', ')}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('tell an outside path from an import of a shared folder', () => {
    const page = join(root, 'console/src/features/maps/components/MapsPage.tsx');
    expect(outsideSharedPaths(page, "import { x } from '../../../shared/ui/format.ts';")).toEqual([]);
    expect(outsideSharedPaths(join(root, 'projections/README.md'), 'see ../shared/notes.md')).toEqual([
      '../shared/notes.md',
    ]);
  });
});
