import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { Manifest } from './rendered-manifests.ts';

/** Volume types the restricted Pod Security Standard allows. */
const allowedVolumeTypes = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);

const containersOf = (spec: IPodSpec): IContainer[] => [
  ...(spec.initContainers ?? []),
  ...(spec.containers ?? []),
  ...((spec.ephemeralContainers ?? []) as IContainer[]),
];

/**
 * What a pod spec breaks of the restricted Pod Security Standard (the namespace enforces it, so such a pod would be
 * refused): host namespaces and ports, privileged containers, volume types, privilege escalation, non-root, seccomp,
 * capabilities. Empty when it passes.
 */
export function restrictedViolations(spec: IPodSpec): string[] {
  const violations: string[] = [];
  const pod = spec.securityContext ?? {};
  if (spec.hostNetwork || spec.hostPID || spec.hostIPC) violations.push('uses a host namespace');
  for (const volume of spec.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!type || !allowedVolumeTypes.has(type)) violations.push(`volume ${volume.name} is of type ${type}`);
  }
  for (const container of containersOf(spec)) {
    const context = container.securityContext ?? {};
    const says = (problem: string) => violations.push(`container ${container.name} ${problem}`);
    if (context.privileged) says('is privileged');
    if ((container.ports ?? []).some((port) => port.hostPort)) says('uses a host port');
    if (context.allowPrivilegeEscalation !== false) says('does not set allowPrivilegeEscalation: false');
    if ((context.runAsNonRoot ?? pod.runAsNonRoot) !== true) says('may run as root (runAsNonRoot)');
    if ((context.runAsUser ?? pod.runAsUser) === 0) says('runs as user 0');
    const seccomp = (context.seccompProfile ?? pod.seccompProfile)?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') says(`has seccomp profile ${seccomp}`);
    if (!context.capabilities?.drop?.includes('ALL')) says('does not drop ALL capabilities');
    const added = (context.capabilities?.add ?? []).filter((capability) => capability !== 'NET_BIND_SERVICE');
    if (added.length > 0) says(`adds capabilities ${added.join(', ')}`);
  }
  return violations;
}

/** The pod specs of an object: workloads' templates, and the pod templates ECK's node sets take. */
export function podSpecsOf(object: Manifest): IPodSpec[] {
  const spec = object.spec as Record<string, unknown> | undefined;
  const templateSpec = (template: unknown) => (template as { spec?: IPodSpec } | undefined)?.spec;
  switch (object.kind) {
    case 'Deployment':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'ReplicaSet':
    case 'Job':
      return [templateSpec(spec?.template)].filter((podSpec) => podSpec !== undefined);
    case 'CronJob':
      return [templateSpec((spec?.jobTemplate as { spec?: { template?: unknown } })?.spec?.template)].filter(
        (podSpec) => podSpec !== undefined,
      );
    case 'Pod':
      return spec ? [spec as unknown as IPodSpec] : [];
    case 'Elasticsearch':
      return ((spec?.nodeSets ?? []) as { podTemplate?: unknown }[])
        .map((nodeSet) => templateSpec(nodeSet.podTemplate))
        .filter((podSpec) => podSpec !== undefined);
    default:
      return [];
  }
}
