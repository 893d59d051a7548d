import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { IService } from 'kubernetes-models/v1/Service';
import { beforeAll, describe, expect, it } from 'vitest';
import { connects } from './k8s/network-policies.ts';
import { podSpecsOf, restrictedViolations } from './k8s/pod-security.ts';
import { k8sFolder, type Manifest, named, ofKind, parseManifests } from './k8s/rendered-manifests.ts';
import { schemaProblems } from './k8s/schema-validation.ts';

// The speed server's manifests (deploy/k8s/speed-server), deployable without the platform: rendered offline by
// `kubectl kustomize` as `kubectl apply -k` would apply them.

const repository = resolve(k8sFolder, '../..');

describe('the speed server on Kubernetes', () => {
  let objects: Manifest[];
  let deployment: IDeployment;
  beforeAll(() => {
    objects = parseManifests(
      execFileSync('kubectl', ['kustomize', resolve(k8sFolder, 'speed-server')], { encoding: 'utf8' }),
    );
    deployment = named<IDeployment>(objects, 'Deployment', 'nq-speed-server');
  });
  const container = () => deployment.spec!.template.spec!.containers[0]!;
  const containerPort = (name: string) => container().ports?.find((port) => port.name === name);

  it('validates against the Kubernetes schemas, in a namespace of its own that enforces the restricted standard', async () => {
    expect(await schemaProblems(objects)).toEqual([]);
    const [namespace] = ofKind<INamespace>(objects, 'Namespace');
    expect(namespace?.metadata?.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const object of objects.filter((candidate) => candidate.kind !== 'Namespace'))
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(namespace?.metadata?.name);
    expect(podSpecsOf(deployment as Manifest).flatMap(restrictedViolations)).toEqual([]);
  });

  it('runs the speed server of this repository on the ports its container declares', () => {
    const [script, ...args] = [...(container().command ?? []).slice(1), ...(container().args ?? [])];
    expect(existsSync(resolve(repository, script!))).toBe(true);
    expect(script).toBe('probe/src/speed-server/main.ts');
    const argument = (name: string) => args[args.indexOf(name) + 1];
    expect(Number(argument('--http-port'))).toBe(containerPort('http')?.containerPort);
    expect(Number(argument('--udp-port'))).toBe(containerPort('reflector')?.containerPort);
    expect(containerPort('reflector')?.protocol).toBe('UDP');
    expect(container().readinessProbe?.httpGet).toMatchObject({ path: '/health', port: 'http' });
  });

  it('gives the probes HTTP on 80 and the reflector on TWAMP’s 862, each to its container port and protocol', () => {
    const service = named<IService>(objects, 'Service', 'nq-speed-server');
    const labels = deployment.spec!.template.metadata!.labels!;
    expect(Object.entries(service.spec!.selector!).every(([key, value]) => labels[key] === value)).toBe(true);
    const ports = service.spec!.ports!.map(({ port, protocol, targetPort }) => ({
      port,
      protocol,
      container: containerPort(String(targetPort)),
    }));
    expect(ports).toEqual([
      { port: 80, protocol: 'TCP', container: expect.objectContaining({ protocol: 'TCP' }) },
      { port: 862, protocol: 'UDP', container: expect.objectContaining({ protocol: 'UDP' }) },
    ]);
  });

  it('lets anyone reach both ports and the server reach nothing', () => {
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const pod = { namespace: 'nq-speed-server', labels: deployment.spec!.template.metadata!.labels! };
    const probe = { namespace: 'anywhere', labels: {} };
    expect(connects(policies, probe, pod, containerPort('http')!.containerPort, 'TCP')).toBe(true);
    expect(connects(policies, probe, pod, containerPort('reflector')!.containerPort, 'UDP')).toBe(true);
    expect(connects(policies, probe, pod, 22, 'TCP')).toBe(false);
    expect(connects(policies, pod, { address: '203.0.113.10' }, 443)).toBe(false);
  });
});
