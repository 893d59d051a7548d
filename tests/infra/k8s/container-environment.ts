import type { IContainer } from 'kubernetes-models/v1/Container';
import type { Manifest } from './rendered-manifests.ts';

/** A variable's value, or where it comes from when the overlay does not hold it (a secret an operator generates). */
export type Variable = { value: string } | { secret: string; key: string } | { field: string };

const dataOf = (object: Manifest | undefined): Record<string, string> => {
  if (!object) return {};
  const decoded = Object.fromEntries(
    Object.entries((object.data ?? {}) as Record<string, string>).map(([key, value]) => [
      key,
      object.kind === 'Secret' ? Buffer.from(value, 'base64').toString('utf8') : value,
    ]),
  );
  return { ...decoded, ...((object.stringData ?? {}) as Record<string, string>) };
};

const find = (objects: Manifest[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);

/** The environment a container starts with: its envFrom ConfigMaps and Secrets first, then its env, which wins. */
export function environmentOf(container: IContainer, objects: Manifest[]): Map<string, Variable> {
  const environment = new Map<string, Variable>();
  for (const source of container.envFrom ?? []) {
    const object = source.configMapRef
      ? find(objects, 'ConfigMap', source.configMapRef.name ?? '')
      : find(objects, 'Secret', source.secretRef?.name ?? '');
    for (const [name, value] of Object.entries(dataOf(object)))
      environment.set(`${source.prefix ?? ''}${name}`, { value });
  }
  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    if (from?.secretKeyRef)
      environment.set(variable.name, { secret: from.secretKeyRef.name ?? '', key: from.secretKeyRef.key });
    else if (from?.configMapKeyRef) {
      const value = dataOf(find(objects, 'ConfigMap', from.configMapKeyRef.name ?? ''))[from.configMapKeyRef.key];
      if (value !== undefined) environment.set(variable.name, { value });
    } else if (from?.fieldRef) environment.set(variable.name, { field: from.fieldRef.fieldPath });
    else environment.set(variable.name, { value: variable.value ?? '' });
  }
  return environment;
}

/**
 * The `$(NAME)` references of a container's env values that Kubernetes would leave as they are: only variables from
 * envFrom or defined earlier in env are substituted.
 */
export function unresolvedReferences(container: IContainer, objects: Manifest[]): string[] {
  const known = new Set([...environmentOf({ ...container, env: [] }, objects).keys()]);
  const unresolved: string[] = [];
  for (const variable of container.env ?? []) {
    for (const [, name] of (variable.value ?? '').matchAll(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g))
      if (!known.has(name!)) unresolved.push(`${variable.name} refers to ${name}`);
    known.add(variable.name);
  }
  return unresolved;
}
