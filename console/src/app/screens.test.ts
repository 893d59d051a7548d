import { describe, expect, it } from 'vitest';
import { declaredScreens } from './screens.ts';
import { layerOfPath, specPaths } from './spec-routes.ts';

// The router puts each feature's pages where they say (features/<feature>/routes.ts): a path the specification does not
// have, one two declarations claim, or a layer other than the one its path names would open the wrong screen to the
// wrong profiles, so each is refused here, by path and file.

type Declarations = Readonly<Record<string, readonly { path: string; layer: string | null }[]>>;

function declarationProblems(declared: Declarations): string[] {
  const spec = new Set<string>(specPaths);
  const filesOf = new Map<string, string[]>();
  const problems: string[] = [];
  for (const [file, screens] of Object.entries(declared))
    for (const { path, layer } of screens) {
      filesOf.set(path, [...(filesOf.get(path) ?? []), file]);
      if (!spec.has(path)) problems.push(`${path} (${file}) is not a path of the specification (app/spec-routes.ts)`);
      else if (layer !== layerOfPath(path))
        problems.push(`${path} (${file}) has layer ${layer}; its path names ${layerOfPath(path)}`);
    }
  for (const [path, files] of filesOf)
    if (files.length > 1) problems.push(`${path} is declared ${files.length} times (${files.join(', ')})`);
  return problems;
}

describe("the features' screens", () => {
  it('each take a path of the specification, once, with the layer the path names', () => {
    expect(Object.keys(declaredScreens).length).toBeGreaterThan(0);
    expect(declarationProblems(declaredScreens)).toEqual([]);
  });

  it('are checked for a path outside the specification, a path declared twice and a wrong layer', () => {
    expect(
      declarationProblems({
        'features/a/routes.ts': [
          { path: 'tags_management', layer: 'tags_management' },
          { path: 'tags_archive', layer: 'tags_management' },
        ],
        'features/b/routes.ts': [
          { path: 'tags_management', layer: 'tags_management' },
          { path: 'scorecard_live/:id', layer: null },
        ],
      }),
    ).toEqual([
      'tags_archive (features/a/routes.ts) is not a path of the specification (app/spec-routes.ts)',
      'scorecard_live/:id (features/b/routes.ts) has layer null; its path names scorecard_live',
      'tags_management is declared 2 times (features/a/routes.ts, features/b/routes.ts)',
    ]);
  });
});

describe('the layer a path names', () => {
  it('is its own, else its nearest parent’s, else none', () => {
    expect(layerOfPath('tools/probes_status')).toBe('tools/probes_status');
    expect(layerOfPath('measurementAnalysis/detail/:measurementId')).toBe('measurementAnalysis');
    expect(layerOfPath('tools/a_new_tool')).toBe('tools');
    expect(layerOfPath('change_password')).toBeNull();
  });
});
