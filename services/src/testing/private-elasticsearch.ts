import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@nq/platform/testing/free-port';
import { type PrivateServer, serverProcess } from '@nq/platform/testing/private-process';
import { serverDirectory, serviceUser } from '@nq/platform/testing/service-user';
import { fetchedDistribution, infraScript } from './infra-distribution.ts';
import { javaHome } from './java-home.ts';

/**
 * A single-node Elasticsearch of a test's own on free loopback ports, from the distribution `deploy/infra/infra.sh
 * fetch` put in `.cache/infra`, which a fault-injection test stops and starts again (same ports, same data) without
 * touching the shared node other tests use.
 */
export interface PrivateElasticsearch extends PrivateServer {
  /** `http://127.0.0.1:<port>`, for ELASTICSEARCH_URL. */
  url: string;
}

// A node starts in 20 to 60 s on a busy 2-core machine; a restart after a crash also recovers its shards.
const startTimeoutMs = 180_000;

/**
 * Where the distribution can be run from: as root, Elasticsearch runs as the service user, which cannot read a
 * clone inside a private folder; infra.sh then copies it to a folder of that user's (`es-place`), and says where.
 */
function runnableDistribution() {
  const fetched = fetchedDistribution('elasticsearch');
  if (!serviceUser()) return fetched;
  return execFileSync('bash', [infraScript, 'es-place'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

const healthy = async (url: string) => {
  // timeout=1s: an unhealthy cluster answers 408 at once rather than after the default 30 s.
  const health = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=1s`, {
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  return health?.status === 200;
};

export async function startPrivateElasticsearch(name: string): Promise<PrivateElasticsearch> {
  const home = runnableDistribution();
  const user = serviceUser(); // Elasticsearch refuses to run as root
  const dir = serverDirectory(`nq-elasticsearch-${name}-`, user);
  const [config, data, logs, tmp] = [join(dir, 'config'), join(dir, 'data'), join(dir, 'logs'), join(dir, 'tmp')];
  const [port, transportPort] = [await freePort(), await freePort()];
  // A config folder of its own (ES_PATH_CONF), so as not to share the distribution's, where infra.sh writes the
  // shared node's settings: jvm.options, log4j2.properties and the rest as they are, elasticsearch.yml replaced.
  cpSync(join(home, 'config'), config, { recursive: true });
  mkdirSync(data);
  mkdirSync(logs);
  mkdirSync(tmp);
  writeFileSync(
    join(config, 'elasticsearch.yml'),
    [
      // The shared node's settings (infra.sh), on this node's own ports and folders.
      `cluster.name: ${JSON.stringify(`nq-private-${name}`)}`,
      `node.name: ${JSON.stringify(name)}`,
      'network.host: 127.0.0.1',
      `http.port: ${port}`,
      `transport.port: ${transportPort}`,
      'discovery.type: single-node',
      `path.data: ${JSON.stringify(data)}`,
      `path.logs: ${JSON.stringify(logs)}`,
      'xpack.security.enabled: false',
      // A nearly full disk would otherwise make the node refuse to allocate shards, or make indices read-only.
      'cluster.routing.allocation.disk.threshold_enabled: false',
      'action.destructive_requires_name: false',
      '',
    ].join('\n'),
  );
  // Elasticsearch writes its keystore into the config folder, its data, logs, GC log and temporary files here.
  if (user) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);

  const url = `http://127.0.0.1:${port}`;
  const node = serverProcess({
    description: `private Elasticsearch ${name}`,
    // In the foreground (no -d): the CLI launcher stays our child, and passes a SIGTERM on to its server JVM.
    command: join(home, 'bin/elasticsearch'),
    args: [],
    env: {
      ...process.env,
      ES_JAVA_HOME: javaHome(), // the distribution bundles no JDK
      // C1 alone, as deploy/infra/infra.sh's servers: a node living for one test spends more on C2 than it wins back.
      ES_JAVA_OPTS: '-Xms512m -Xmx512m -XX:TieredStopAtLevel=1',
      ES_PATH_CONF: config,
      ES_TMPDIR: tmp, // rather than a new /tmp/elasticsearch-* folder per start, left behind by each crash
    },
    cwd: dir,
    user,
    logFile: join(dir, 'elasticsearch.log'),
    ready: () => healthy(url),
    startTimeoutMs,
  });
  await node.start();
  return {
    url,
    stop: node.stop,
    start: node.start,
    destroy: async () => {
      await node.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
