import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ICluster } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1/Cluster';
import type { IElasticsearch } from '@kubernetes-models/elastic-cloud/elasticsearch.k8s.elastic.co/v1/Elasticsearch';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { IKafka } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/Kafka';
import type { IKafkaNodePool } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaNodePool';
import type { IKafkaTopic } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaTopic';
import type { IKafkaUser } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaUser';
import { fleetTopicsFor } from '@nq/platform/log/fleet-topics';
import { consumerGroupOf, type PipelineConsumer, pipeline } from '@nq/platform/log/pipeline';
import { sentinelsOf } from '@nq/platform/redis/redis-url';
import { platformRuns } from '@nq/services/composition/platform-runs';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IService } from 'kubernetes-models/v1/Service';
import { beforeAll, describe, expect, it } from 'vitest';
import { environmentOf, unresolvedReferences, type Variable } from './k8s/container-environment.ts';
import { connects, type Endpoint } from './k8s/network-policies.ts';
import { podSpecsOf, restrictedViolations } from './k8s/pod-security.ts';
import {
  countsPerKind,
  k8sFolder,
  type Manifest,
  named,
  ofKind,
  parseManifests,
  renderOverlay,
} from './k8s/rendered-manifests.ts';
import { schemaProblems } from './k8s/schema-validation.ts';

/** The processes of the CLI (services/src/cli.ts), each a Deployment `nq-<process>` running `nq <process>`. */
const processes = ['api', 'projector', 'ingest', 'jobs', 'alerting'] as const;
const overlays = ['dev', 'production'] as const;

/** The consumer groups the workers join, per process, each with the topic it reads: as the pipeline declares them. */
const consumerGroupsOf = (topics: ReturnType<typeof fleetTopicsFor>) => {
  const byProcess: Record<string, Record<string, string>> = {};
  for (const name of Object.keys(pipeline.consumers) as PipelineConsumer[]) {
    const consumer = pipeline.consumers[name];
    byProcess[consumer.runsIn] = {
      ...byProcess[consumer.runsIn],
      [consumerGroupOf(topics, name)]: topics[consumer.reads],
    };
  }
  return byProcess;
};

/** The versions the test command runs the servers at (deploy/infra/versions.env). */
const testedVersions = Object.fromEntries(
  [...readFileSync(join(k8sFolder, '../infra/versions.env'), 'utf8').matchAll(/^(\w+)=(\S+)$/gm)].map(
    ([, name, value]) => [name!, value!],
  ),
);

/** Where REDIS_URL points: its one server, or its sentinels and the primary's name (redis-sentinel://), and its password. */
function redisOf(url: string) {
  const sentinels = sentinelsOf(url);
  if (sentinels)
    return {
      addresses: sentinels.sentinels.map(({ host, port }) => `${host}:${port}`),
      sentinelMaster: sentinels.name,
      password: sentinels.password,
    };
  const single = new URL(url);
  return {
    addresses: [`${single.hostname}:${single.port || '6379'}`],
    sentinelMaster: undefined,
    password: single.password,
  };
}

const deploymentOf = (objects: Manifest[], process: string) =>
  named<IDeployment>(objects, 'Deployment', `nq-${process}`);
const platformContainer = (deployment: IDeployment) =>
  deployment.spec!.template.spec!.containers.find((container) => container.name === 'platform')!;
const configOf = (objects: Manifest[]) => named<IConfigMap>(objects, 'ConfigMap', 'nq-config').data!;
const literal = (variable: Variable | undefined) => (variable && 'value' in variable ? variable.value : undefined);
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

/** The container port a probe's or Service's port (a number or a port's name) designates. */
const containerPort = (container: IContainer, port: number | string | undefined) =>
  typeof port === 'number' ? port : container.ports?.find((candidate) => candidate.name === port)?.containerPort;

/**
 * The labels of each datastore's pods, by the datastore named in their `network-quality/datastore` label: the
 * StatefulSets' templates, and the pod labels the operators' resources give (ECK node sets, Strimzi, CloudNativePG).
 */
function datastorePods(objects: Manifest[]): Map<string, Record<string, string>> {
  type PodTemplate = { metadata?: { labels?: Record<string, string> } } | undefined;
  const labelSets = [
    ...ofKind<IDeployment>(objects, 'StatefulSet').map((set) => set.spec?.template.metadata?.labels),
    ...ofKind<IElasticsearch>(objects, 'Elasticsearch').flatMap((cluster) =>
      (cluster.spec?.nodeSets ?? []).map((nodeSet) => (nodeSet.podTemplate as PodTemplate)?.metadata?.labels),
    ),
    ...ofKind<IKafka>(objects, 'Kafka').map((kafka) => kafka.spec?.kafka.template?.pod?.metadata?.labels),
    ...ofKind<ICluster>(objects, 'Cluster').map((cluster) => cluster.spec?.inheritedMetadata?.labels),
  ];
  return new Map(
    labelSets
      .filter((labels) => labels?.['network-quality/datastore'])
      .map((labels) => [labels!['network-quality/datastore']!, labels!]),
  );
}

describe.each(overlays)('the %s overlay', (overlay) => {
  let objects: Manifest[];
  beforeAll(() => {
    objects = renderOverlay(overlay);
  });

  it('validates every object against the Kubernetes and the operators’ schemas', async () => {
    expect(objects.length).toBeGreaterThan(30);
    expect(await schemaProblems(objects)).toEqual([]);
  });

  it('runs every pod under the restricted Pod Security Standard its namespace enforces', () => {
    const [namespace] = ofKind<INamespace>(objects, 'Namespace');
    expect(namespace?.metadata?.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    expect(
      objects.every((object) => object.kind === 'Namespace' || object.metadata.namespace === 'network-quality'),
    ).toBe(true);
    const pods = objects.flatMap((object) =>
      podSpecsOf(object).map((spec) => [`${object.kind}/${object.metadata.name}`, restrictedViolations(spec)] as const),
    );
    expect(pods.length).toBeGreaterThanOrEqual(processes.length + 1);
    expect(Object.fromEntries(pods.filter(([, violations]) => violations.length > 0))).toEqual({});
  });

  it('has a Deployment per process, probed on /health and /ready, with requests and limits', () => {
    const config = configOf(objects);
    for (const process of processes) {
      const container = platformContainer(deploymentOf(objects, process));
      expect(container.args).toEqual([process]);
      const port = Number(process === 'api' ? config.PORT : config.HEALTH_PORT);
      for (const [probe, path] of [
        [container.livenessProbe, '/health'],
        [container.readinessProbe, '/ready'],
        [container.startupProbe, '/health'],
      ] as const) {
        expect(probe?.httpGet?.path, `${process} ${path}`).toBe(path);
        expect(containerPort(container, probe?.httpGet?.port), `${process} ${path} port`).toBe(port);
      }
      expect(container.ports?.find((candidate) => candidate.name === 'metrics')?.containerPort).toBe(
        Number(config.METRICS_PORT),
      );
      for (const resource of ['cpu', 'memory'])
        for (const bound of [container.resources?.requests, container.resources?.limits])
          expect(bound?.[resource], `${process} ${resource}`).toBeDefined();
    }
  });

  it('hardens every process and stops it after its endpoints are gone, within the grace period', () => {
    const shutdownSeconds = Number(configOf(objects).SHUTDOWN_TIMEOUT_MS) / 1000;
    for (const process of processes) {
      const pod = deploymentOf(objects, process).spec!.template.spec!;
      const container = platformContainer(deploymentOf(objects, process));
      expect(pod.securityContext?.runAsUser).toBe(1000);
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      expect(pod.volumes?.find((volume) => volume.name === tmp?.name)?.emptyDir, `${process} /tmp`).toBeDefined();
      const preStopSeconds = Number(container.lifecycle?.preStop?.sleep?.seconds);
      expect(preStopSeconds).toBeGreaterThan(0);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStopSeconds + shutdownSeconds);
    }
  });

  it('runs one projector at a time, replaced by Recreate, and rolls the other processes', () => {
    // It holds a lease (platform/src/projector-lease.ts): a second one would be unready on standby.
    const projector = deploymentOf(objects, 'projector');
    expect(projector.spec?.replicas).toBe(1);
    expect(projector.spec?.strategy).toEqual({ type: 'Recreate' });
    for (const process of processes.filter((name) => name !== 'projector'))
      expect(deploymentOf(objects, process).spec?.strategy?.type, process).toBe('RollingUpdate');
  });

  it('shares one ReadWriteMany-or-single-node files volume between the api and the jobs', () => {
    const claim = named<IPersistentVolumeClaim>(objects, 'PersistentVolumeClaim', 'nq-files');
    expect(claim.spec?.accessModes?.length).toBe(1);
    for (const process of ['api', 'jobs']) {
      const deployment = deploymentOf(objects, process);
      const container = platformContainer(deployment);
      const filesDir = literal(environmentOf(container, objects).get('FILES_DIR'));
      const mount = container.volumeMounts?.find((candidate) => candidate.mountPath === filesDir);
      const volume = deployment.spec!.template.spec!.volumes?.find((candidate) => candidate.name === mount?.name);
      expect(volume?.persistentVolumeClaim?.claimName, process).toBe('nq-files');
    }
  });

  it('lets each process reach DNS and its datastores, the api only the ingress controller, metrics only Prometheus', () => {
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const namespace = 'network-quality';
    const pod = (process: string): Endpoint => ({
      namespace,
      labels: deploymentOf(objects, process).spec!.template.metadata!.labels!,
    });
    const from = (otherNamespace: string): Endpoint => ({ namespace: otherNamespace, labels: {} });
    const environment = environmentOf(platformContainer(deploymentOf(objects, 'api')), objects);
    const portOf = (url: string | undefined) => Number(new URL(url ?? '').port);
    const datastorePorts = {
      kafka: portOf(`kafka://${literal(environment.get('KAFKA_BROKERS'))?.split(',')[0]}`),
      elasticsearch: portOf(literal(environment.get('ELASTICSEARCH_URL'))),
      postgresql: portOf(literal(environment.get('DATABASE_URL'))),
      redis: Number(redisOf(literal(environment.get('REDIS_URL')) ?? '').addresses[0]!.split(':')[1]),
    };
    const datastores = datastorePods(objects);
    expect([...datastores.keys()].sort()).toEqual(Object.keys(datastorePorts).sort());
    const dns = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
    for (const process of processes) {
      expect(connects(policies, pod(process), dns, 53, 'UDP'), `${process} to DNS`).toBe(true);
      for (const [datastore, port] of Object.entries(datastorePorts))
        expect(
          connects(policies, pod(process), { namespace, labels: datastores.get(datastore)! }, port),
          `${process} to ${datastore}:${port}`,
        ).toBe(true);
      expect(connects(policies, from('monitoring'), pod(process), 9464), `Prometheus to ${process}`).toBe(true);
      expect(connects(policies, from('default'), pod(process), 9464), `anyone to ${process}`).toBe(false);
    }
    expect(connects(policies, from('ingress-nginx'), pod('api'), 8080)).toBe(true);
    expect(connects(policies, from('default'), pod('api'), 8080)).toBe(false);
    expect(connects(policies, pod('ingest'), pod('api'), 8080)).toBe(false);
    const kafka = { namespace, labels: datastores.get('kafka')! };
    expect(connects(policies, from('keda'), kafka, datastorePorts.kafka)).toBe(true);
    const redis = { namespace, labels: datastores.get('redis')! };
    expect(connects(policies, from('keda'), redis, datastorePorts.redis)).toBe(true);
    // Behind sentinels, the primary they name is reached too, by the processes and KEDA, and the pods reach each other.
    if (redisOf(literal(environment.get('REDIS_URL')) ?? '').sentinelMaster)
      for (const client of [pod('api'), pod('jobs'), from('keda'), redis])
        for (const port of [6379, 26379])
          expect(connects(policies, client, redis, port), `to redis:${port}`).toBe(true);
    // Web pushes to public push services only; mail to the SMTP relay from the projector only.
    expect(connects(policies, pod('alerting'), { address: '203.0.113.10' }, 443)).toBe(true);
    expect(connects(policies, pod('alerting'), { address: '10.1.2.3' }, 443)).toBe(false);
    expect(connects(policies, pod('api'), { address: '203.0.113.10' }, 443)).toBe(false);
    expect(connects(policies, pod('projector'), { address: '203.0.113.25' }, 587)).toBe(true);
    expect(connects(policies, pod('jobs'), { address: '203.0.113.25' }, 587)).toBe(false);
  });

  it('migrates the schema in a Job of the same image and connections, which every process waits for', () => {
    const job = named<IJob>(objects, 'Job', 'nq-migrate');
    const container = job.spec!.template.spec!.containers.find((item) => item.name === 'platform')!;
    expect(container.args).toEqual(['migrate']);
    expect(container.image).toBe(platformContainer(deploymentOf(objects, 'api')).image);
    expect(configOf(objects).SCHEMA_MIGRATIONS).toBe('await');
    const connections = ['DATABASE_URL', 'ELASTICSEARCH_URL', 'KAFKA_BROKERS', 'REDIS_URL'];
    const jobEnvironment = environmentOf(container, objects);
    const apiEnvironment = environmentOf(platformContainer(deploymentOf(objects, 'api')), objects);
    for (const variable of connections)
      expect(literal(jobEnvironment.get(variable)), variable).toBe(literal(apiEnvironment.get(variable)));
    expect(unresolvedReferences(container, objects)).toEqual([]);
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const postgres = { namespace: 'network-quality', labels: datastorePods(objects).get('postgresql')! };
    const port = Number(new URL(literal(apiEnvironment.get('DATABASE_URL')) ?? '').port);
    expect(
      connects(
        policies,
        { namespace: 'network-quality', labels: job.spec!.template.metadata!.labels! },
        postgres,
        port,
      ),
    ).toBe(true);
  });

  it('defines every variable a value refers to before it', () => {
    const unresolved = ofKind<IDeployment>(objects, 'Deployment').flatMap((deployment) =>
      deployment.spec!.template.spec!.containers.flatMap((container) => unresolvedReferences(container, objects)),
    );
    expect(unresolved).toEqual([]);
  });

  it('serves PUBLIC_URL’s host on the Ingress, to the api Service', () => {
    const ingress = named<IIngress>(objects, 'Ingress', 'nq-api');
    const host = new URL(configOf(objects).PUBLIC_URL!).host;
    expect(ingress.spec?.rules?.map((rule) => rule.host)).toEqual([host]);
    for (const tls of ingress.spec?.tls ?? []) expect(tls.hosts).toEqual([host]);
    const backend = ingress.spec?.rules?.[0]?.http?.paths[0]?.backend.service;
    const service = named<IService>(objects, 'Service', backend?.name ?? '');
    expect(service.spec?.ports?.map((port) => port.name)).toContain(backend?.port?.name);
  });

  it('points every Service, disruption budget and autoscaler at pods that exist', () => {
    const deployments = ofKind<IDeployment>(objects, 'Deployment');
    const podLabels = [...deployments, ...ofKind<IDeployment>(objects, 'StatefulSet')].map(
      (workload) => workload.spec?.template.metadata?.labels,
    );
    for (const service of ofKind<IService>(objects, 'Service'))
      expect(
        podLabels.some((labels) => matches(service.spec?.selector, labels)),
        service.metadata?.name,
      ).toBe(true);
    for (const budget of ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget'))
      expect(podLabels.some((labels) => matches(budget.spec?.selector?.matchLabels, labels))).toBe(true);
    const deploymentNames = deployments.map((deployment) => deployment.metadata?.name);
    for (const autoscaler of ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler'))
      expect(deploymentNames).toContain(autoscaler.spec?.scaleTargetRef.name);
    expect(ofKind(objects, 'PodDisruptionBudget').length).toBeGreaterThanOrEqual(processes.length);
  });

  it('scales the job workers on the depth of every queue the code declares, at the Redis the platform uses', () => {
    const scaled = ofKind<IScaledObject>(objects, 'ScaledObject').find(
      (item) => item.spec!.scaleTargetRef.name === 'nq-jobs',
    );
    if (overlay === 'dev') return expect(scaled).toBeUndefined();
    const prefix = configOf(objects).ELASTICSEARCH_INDEX_PREFIX ?? 'nq';
    const redis = redisOf(
      literal(environmentOf(platformContainer(deploymentOf(objects, 'jobs')), objects).get('REDIS_URL')) ?? '',
    );
    const triggers = scaled!.spec!.triggers;
    expect(triggers.map((trigger) => trigger.metadata.listName).sort()).toEqual(
      (platformRuns.jobs ?? []).map((job) => `${prefix}-jobs:${job.kind.name}:wait`).sort(),
    );
    for (const trigger of triggers) {
      // The one Redis, or the primary its sentinels name.
      if (redis.sentinelMaster) {
        expect(trigger.type).toBe('redis-sentinel');
        expect(trigger.metadata).toMatchObject({
          addresses: redis.addresses.join(','),
          sentinelMaster: redis.sentinelMaster,
        });
      } else {
        expect(trigger.type).toBe('redis');
        expect(trigger.metadata.address).toBe(redis.addresses[0]);
      }
      // A Redis with a password is read with it.
      if (redis.password) named(objects, 'TriggerAuthentication', trigger.authenticationRef?.name ?? '');
    }
  });

  it('scales the stream workers on the lag of the consumer groups the code joins', () => {
    const config = configOf(objects);
    const topics = fleetTopicsFor(config.TOPIC_PREFIX ?? '');
    const partitions = new Map(topics.specs.map((topic) => [topic.name, topic.partitions]));
    const scaledObjects = ofKind<IScaledObject>(objects, 'ScaledObject').filter(
      (scaled) => scaled.spec!.scaleTargetRef.name !== 'nq-jobs',
    );
    for (const scaled of scaledObjects) {
      const process = scaled.spec!.scaleTargetRef.name.replace(/^nq-/, '');
      const groups = consumerGroupsOf(topics)[process] ?? {};
      const container = platformContainer(deploymentOf(objects, process));
      for (const trigger of scaled.spec!.triggers) {
        const { consumerGroup, topic, bootstrapServersFromEnv } = trigger.metadata;
        expect(trigger.type).toBe('kafka');
        expect(groups[consumerGroup ?? ''], `${process} group ${consumerGroup}`).toBe(topic);
        expect(literal(environmentOf(container, objects).get(bootstrapServersFromEnv ?? ''))).toBe(
          config.KAFKA_BROKERS,
        );
      }
      // Every group the process joins can scale it: a group without a trigger could fall behind with no replica added.
      expect(
        scaled.spec!.triggers.map((trigger) => trigger.metadata.consumerGroup).sort(),
        `${process}'s triggers`,
      ).toEqual(Object.keys(groups).sort());
      // A replica beyond the partitions of its largest topic would sit idle in every group.
      const mostPartitions = Math.max(
        ...scaled.spec!.triggers.map((trigger) => partitions.get(trigger.metadata.topic ?? '') ?? 0),
      );
      expect(scaled.spec!.maxReplicaCount).toBeLessThanOrEqual(mostPartitions);
    }
    expect(scaledObjects.map((scaled) => scaled.spec!.scaleTargetRef.name).sort()).toEqual(
      overlay === 'dev' ? [] : ['nq-alerting', 'nq-ingest'],
    );
  });

  it('leaves the replicas of an autoscaled Deployment to its autoscaler (an apply would reset its choice)', () => {
    const autoscaled = [
      ...ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler').map(
        (hpa) => hpa.spec!.scaleTargetRef.name,
      ),
      ...ofKind<IScaledObject>(objects, 'ScaledObject').map((scaled) => scaled.spec!.scaleTargetRef.name),
    ];
    for (const name of autoscaled)
      expect(named<IDeployment>(objects, 'Deployment', name).spec?.replicas, name).toBeUndefined();
    // Without autoscalers (dev), every process says how many replicas it runs.
    if (autoscaled.length === 0)
      for (const process of processes) expect(deploymentOf(objects, process).spec?.replicas, process).toBe(1);
  });
});

describe('the dev overlay', () => {
  it('reaches each datastore at a Service of the overlay', () => {
    const objects = renderOverlay('dev');
    const container = platformContainer(deploymentOf(objects, 'api'));
    const environment = environmentOf(container, objects);
    const addresses = [
      `kafka://${literal(environment.get('KAFKA_BROKERS'))}`,
      literal(environment.get('ELASTICSEARCH_URL')),
      literal(environment.get('DATABASE_URL')),
      literal(environment.get('REDIS_URL')),
    ].map((address) => new URL(address ?? ''));
    for (const address of addresses) {
      const service = named<IService>(objects, 'Service', address.hostname);
      expect(
        service.spec?.ports?.map((port) => port.port),
        address.href,
      ).toContain(Number(address.port));
    }
  });
});

describe('the production overlay', () => {
  let objects: Manifest[];
  let config: Record<string, string>;
  beforeAll(() => {
    objects = renderOverlay('production');
    config = configOf(objects);
  });

  it('holds these objects', () => {
    const counts = countsPerKind(objects);
    console.info(`production overlay: ${objects.length} objects`, counts);
    expect(counts).toMatchObject({
      Deployment: 5,
      KafkaTopic: fleetTopicsFor().specs.length,
      ScaledObject: 3,
      ServiceMonitor: 1,
      PrometheusRule: 1,
    });
  });

  it('runs in production mode without demo data, on a pinned image', () => {
    expect(config.NODE_ENV).toBe('production');
    expect(config.DEMO_DATA).toBe('false');
    for (const process of processes)
      expect(platformContainer(deploymentOf(objects, process)).image).toMatch(/:(?!latest$)[\w.-]+$|@sha256:/);
  });

  it('connects every process over TLS, with credentials from the operators’ secrets', () => {
    const kafkaUser = ofKind<IKafkaUser>(objects, 'KafkaUser')[0]!;
    for (const process of processes) {
      const deployment = deploymentOf(objects, process);
      const container = platformContainer(deployment);
      const environment = environmentOf(container, objects);
      expect(literal(environment.get('KAFKA_TLS'))).toBe('true');
      expect(literal(environment.get('KAFKA_SASL_MECHANISM'))).toBe('scram-sha-512');
      expect(literal(environment.get('KAFKA_SASL_USERNAME'))).toBe(kafkaUser.metadata?.name);
      expect(environment.get('KAFKA_SASL_PASSWORD')).toEqual({ secret: kafkaUser.metadata?.name, key: 'password' });
      expect(environment.get('ELASTICSEARCH_USERNAME')).toHaveProperty('secret');
      expect(environment.get('ELASTICSEARCH_PASSWORD')).toHaveProperty('secret');
      expect(literal(environment.get('ELASTICSEARCH_URL'))).toMatch(/^https:/);
      expect(new URL(literal(environment.get('DATABASE_URL')) ?? '').searchParams.get('sslmode')).toBe('verify-full');
      // Each CA file is a certificate of a mounted secret.
      for (const name of ['KAFKA_TLS_CA_FILE', 'ELASTICSEARCH_CA_FILE', 'DATABASE_CA_FILE']) {
        const file = literal(environment.get(name)) ?? '';
        const mount = container.volumeMounts?.find((candidate) => file.startsWith(`${candidate.mountPath}/`));
        const volume = deployment.spec!.template.spec!.volumes?.find((candidate) => candidate.name === mount?.name);
        const path = file.slice((mount?.mountPath.length ?? 0) + 1);
        expect(
          volume?.secret?.items?.map((item) => item.path),
          `${process} ${name}`,
        ).toContain(path);
      }
    }
  });

  it('declares a KafkaTopic for every topic the code uses, with its partitions and a retention', () => {
    const declared = fleetTopicsFor(config.TOPIC_PREFIX ?? '').specs;
    const kafkaTopics = ofKind<IKafkaTopic>(objects, 'KafkaTopic');
    const byName = new Map(kafkaTopics.map((topic) => [topic.spec.topicName ?? topic.metadata?.name, topic]));
    expect([...byName.keys()].sort()).toEqual(declared.map((topic) => topic.name).sort());
    const kafka = ofKind<IKafka>(objects, 'Kafka')[0]!;
    for (const { name, partitions } of declared) {
      const topic = byName.get(name)!;
      expect(topic.spec.partitions, name).toBe(partitions);
      expect(Number((topic.spec.config as Record<string, unknown>)['retention.ms']), name).toBeGreaterThan(0);
      expect(topic.spec.replicas, name).toBeGreaterThan(
        Number((topic.spec.config as Record<string, unknown>)['min.insync.replicas']),
      );
      expect(topic.metadata?.labels?.['strimzi.io/cluster']).toBe(kafka.metadata?.name);
    }
  });

  it('lets the platform’s Kafka user read and write its topics and use its consumer groups', () => {
    const acls = ofKind<IKafkaUser>(objects, 'KafkaUser')[0]!.spec.authorization?.acls ?? [];
    const allowed = (type: string, name: string) =>
      new Set(
        acls.filter((acl) => acl.resource.type === type && acl.resource.name === name).flatMap((acl) => acl.operations),
      );
    const topics = fleetTopicsFor(config.TOPIC_PREFIX ?? '');
    for (const { name } of topics.specs)
      expect([...allowed('topic', name)]).toEqual(expect.arrayContaining(['Read', 'Write', 'Describe']));
    for (const group of Object.values(consumerGroupsOf(topics)).flatMap(Object.keys))
      expect([...allowed('group', group)], group).toContain('Read');
  });

  it('runs Kafka in KRaft mode on node pools, with a SCRAM-SHA-512 TLS listener, at the tested version', () => {
    const kafka = ofKind<IKafka>(objects, 'Kafka')[0]!;
    expect(kafka.metadata?.annotations).toMatchObject({
      'strimzi.io/kraft': 'enabled',
      'strimzi.io/node-pools': 'enabled',
    });
    expect(kafka.spec?.kafka.version).toBe(testedVersions.KAFKA_VERSION);
    const [host, port] = config.KAFKA_BROKERS!.split(':');
    expect(host).toBe(`${kafka.metadata?.name}-kafka-bootstrap`);
    const listener = kafka.spec?.kafka.listeners.find((candidate) => candidate.port === Number(port));
    expect(listener).toMatchObject({ tls: true, authentication: { type: 'scram-sha-512' } });
    const pools = ofKind<IKafkaNodePool>(objects, 'KafkaNodePool');
    expect(pools.every((pool) => pool.metadata?.labels?.['strimzi.io/cluster'] === kafka.metadata?.name)).toBe(true);
    expect(new Set(pools.flatMap((pool) => pool.spec.roles))).toEqual(new Set(['controller', 'broker']));
  });

  it('runs Elasticsearch on 3 ECK nodes and PostgreSQL on 3 CloudNativePG instances', () => {
    const elasticsearch = ofKind<IElasticsearch>(objects, 'Elasticsearch')[0]!;
    expect(elasticsearch.spec?.version).toBe(testedVersions.ELASTICSEARCH_VERSION);
    expect(elasticsearch.spec?.nodeSets.reduce((nodes, nodeSet) => nodes + (nodeSet.count ?? 0), 0)).toBe(3);
    expect(new URL(config.ELASTICSEARCH_URL!).hostname).toBe(`${elasticsearch.metadata?.name}-es-http`);
    const postgres = ofKind<ICluster>(objects, 'Cluster')[0]!;
    expect(postgres.spec?.instances).toBe(3);
    const databaseUrl = literal(
      environmentOf(platformContainer(deploymentOf(objects, 'api')), objects).get('DATABASE_URL'),
    );
    expect(new URL(databaseUrl ?? '').hostname).toBe(`${postgres.metadata?.name}-rw`);
  });

  it('archives the event store continuously, snapshots the measurements and backs up the rest nightly', () => {
    const postgres = ofKind<ICluster>(objects, 'Cluster')[0]!;
    const archive = postgres.spec?.backup?.barmanObjectStore;
    expect(archive?.destinationPath).toMatch(/^s3:\/\//);
    expect(archive?.wal).toBeDefined();
    expect(postgres.spec?.postgresql?.parameters?.archive_timeout).toBe('5min');
    const [scheduled] = ofKind<{ spec: { cluster: { name: string }; method?: string } } & Manifest>(
      objects,
      'ScheduledBackup',
    );
    expect(scheduled?.spec).toMatchObject({ cluster: { name: postgres.metadata?.name }, method: 'barmanObjectStore' });
    named(objects, 'Secret', archive?.s3Credentials?.accessKeyId?.name ?? '');

    // The measurements' snapshot repository: its credentials in the nodes' keystore, registered by a Job.
    const elasticsearch = ofKind<IElasticsearch>(objects, 'Elasticsearch')[0]!;
    for (const { secretName } of elasticsearch.spec?.secureSettings ?? []) named(objects, 'Secret', secretName);
    const job = named<IJob>(objects, 'Job', 'nq-snapshot-schedule');
    const container = job.spec!.template.spec!.containers[0]!;
    expect(container.args?.[0]).toBe('snapshot-schedule');
    expect(container.image).toBe(platformContainer(deploymentOf(objects, 'api')).image);
    expect(environmentOf(container, objects).get('ELASTICSEARCH_ADMIN_PASSWORD')).toHaveProperty('secret');
    expect(unresolvedReferences(container, objects)).toEqual([]);
    const elasticsearchPods = { namespace: 'network-quality', labels: datastorePods(objects).get('elasticsearch')! };
    expect(
      connects(
        ofKind<INetworkPolicy>(objects, 'NetworkPolicy'),
        { namespace: 'network-quality', labels: job.spec!.template.metadata!.labels! },
        elasticsearchPods,
        9200,
      ),
    ).toBe(true);

    // The rest (the event store's tables, the files) nightly by the jobs process, on a volume of their own.
    const jobs = deploymentOf(objects, 'jobs');
    const mount = platformContainer(jobs).volumeMounts?.find((item) => item.mountPath === config.BACKUP_DIR);
    const volume = jobs.spec!.template.spec!.volumes?.find((item) => item.name === mount?.name);
    named<IPersistentVolumeClaim>(objects, 'PersistentVolumeClaim', volume?.persistentVolumeClaim?.claimName ?? '');
    expect(config.BACKUP_MEASUREMENTS).toBe('false');
  });

  it('scales ingest and alerting on a lag read over SCRAM and TLS', () => {
    for (const scaled of ofKind<IScaledObject>(objects, 'ScaledObject'))
      for (const trigger of scaled.spec!.triggers.filter((item) => item.type === 'kafka')) {
        expect(trigger.metadata).toMatchObject({ sasl: 'scram_sha512', tls: 'enable' });
        named(objects, 'TriggerAuthentication', trigger.authenticationRef?.name ?? '');
      }
  });
});

describe('the validation itself', () => {
  let production: Manifest[];
  beforeAll(() => {
    production = renderOverlay('production');
  });
  /** A copy of a rendered object with fields set (or deleted, given undefined), each named by its dotted path. */
  const broken = (kind: string, name: string, changes: Record<string, unknown>) => {
    const object = structuredClone(named(production, kind, name));
    for (const [path, value] of Object.entries(changes)) {
      const keys = path.split('.');
      const parent = keys
        .slice(0, -1)
        .reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, object);
      if (value === undefined) delete parent[keys.at(-1)!];
      else parent[keys.at(-1)!] = value;
    }
    return object;
  };

  it('refuses a Deployment whose replicas are not a number', async () => {
    const deployment = broken('Deployment', 'nq-api', { 'spec.replicas': 'two' });
    expect(await schemaProblems([deployment])).toEqual(['Deployment/nq-api: data/spec/replicas must be integer']);
  });

  it('refuses KafkaTopics whose partitions are not a positive number', async () => {
    const [topic] = ofKind<IKafkaTopic>(production, 'KafkaTopic');
    const words = broken('KafkaTopic', topic!.metadata!.name!, { 'spec.partitions': 'twelve' });
    const none = broken('KafkaTopic', topic!.metadata!.name!, { 'spec.partitions': 0 });
    const problems = await schemaProblems([words, none]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/spec\/partitions must be integer/);
    expect(problems[1]).toMatch(/spec\/partitions must be >= 1/);
  });

  it('refuses operator resources that break their CRD schemas', async () => {
    const elasticsearch = broken('Elasticsearch', 'nq', { 'spec.nodeSets.0.count': 'three' });
    const postgres = broken('Cluster', 'nq-postgres', { 'spec.instances': undefined, 'spec.storage.size': 100 });
    const scaled = broken('ScaledObject', 'nq-ingest', { 'spec.scaleTargetRef': undefined });
    const problems = await schemaProblems([elasticsearch, postgres, scaled]);
    expect(problems).toHaveLength(3);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'Elasticsearch/nq',
      'Cluster/nq-postgres',
      'ScaledObject/nq-ingest',
    ]);
  });

  it('refuses an object whose kind has no schema', async () => {
    const [typo] = parseManifests('apiVersion: apps/v1\nkind: Deploymnet\nmetadata: { name: nq-api }\n');
    expect(await schemaProblems([typo!])).toEqual(['Deploymnet/nq-api: no schema for apps/v1 Deploymnet']);
  });

  it('refuses a connection once the policy allowing it is gone', () => {
    const policies = ofKind<INetworkPolicy>(production, 'NetworkPolicy');
    const api = {
      namespace: 'network-quality',
      labels: deploymentOf(production, 'api').spec!.template.metadata!.labels!,
    };
    const postgres = { namespace: 'network-quality', labels: datastorePods(production).get('postgresql')! };
    expect(connects(policies, api, postgres, 5432)).toBe(true);
    const without = policies.filter((policy) => policy.metadata?.name !== 'platform-to-datastores');
    expect(connects(without, api, postgres, 5432)).toBe(false);
  });

  it('refuses a pod that the restricted Pod Security Standard would not admit', () => {
    const deployment = broken('Deployment', 'nq-jobs', {
      'spec.template.spec.securityContext.seccompProfile': undefined,
      'spec.template.spec.containers.0.securityContext': { privileged: true },
      'spec.template.spec.volumes': [{ name: 'host', hostPath: { path: '/var/run' } }],
    });
    expect(podSpecsOf(deployment).flatMap(restrictedViolations)).toEqual([
      'volume host is of type hostPath',
      'container platform is privileged',
      'container platform does not set allowPrivilegeEscalation: false',
      'container platform has seccomp profile undefined',
      'container platform does not drop ALL capabilities',
    ]);
  });
});
