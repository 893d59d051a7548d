import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const k8sFolder = resolve(import.meta.dirname, '../../../deploy/k8s');

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** Objects from YAML documents (`---` separated); a document that is not YAML throws. */
export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(document.errors.map((error) => error.message).join('\n'));
    const object = document.toJS() as Manifest | null;
    return object ? [object] : [];
  });
}

const renderings = new Map<string, string>();

/**
 * The objects an overlay applies: `kubectl kustomize` renders it offline (kustomize v5, as `kubectl apply -k`), once
 * per test file; each call parses its own copy.
 */
export function renderOverlay(overlay: string): Manifest[] {
  const rendered =
    renderings.get(overlay) ??
    execFileSync('kubectl', ['kustomize', resolve(k8sFolder, 'overlays', overlay)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  renderings.set(overlay, rendered);
  return parseManifests(rendered);
}

export const ofKind = <T = Manifest>(objects: Manifest[], kind: string) =>
  objects.filter((object) => object.kind === kind) as unknown as T[];

export function named<T = Manifest>(objects: Manifest[], kind: string, name: string): T {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name}`);
  return found as unknown as T;
}

/** How many objects of each kind, e.g. `{ Deployment: 5, KafkaTopic: 5 }`, kinds in alphabetical order. */
export const countsPerKind = (objects: Manifest[]) =>
  Object.fromEntries(
    [...new Set(objects.map((object) => object.kind))]
      .sort()
      .map((kind) => [kind, objects.filter((object) => object.kind === kind).length]),
  );
