import { setTimeout as sleep } from 'node:timers/promises';
import type { PrivateServer } from '@nq/platform/testing/private-process';
import type { TcpProxy } from '@nq/platform/testing/tcp-proxy';
import type { ServerName } from './fault-environment.ts';
import type { ProcessKind, Supervisor } from './supervisor.ts';

/** What a fault acts on. */
export interface FaultTargets {
  supervisor: Supervisor;
  /** The servers a run started for itself (none when it runs on the shared ones). */
  servers?: Record<ServerName, PrivateServer>;
  /** The proxy clients reach the API through. */
  clientProxy: TcpProxy;
}

/** What a fault that replaces a process tells: when the replacement ran (ms since the epoch). */
export interface Injected {
  replacementRunning?: Promise<number>;
}

export interface Fault {
  name: string;
  /** It crashes a server: only for a run on servers of its own. */
  crashesServer?: true;
  /** Injects the fault and resolves when it is over (a process killed, a pause ended, a server started again). */
  inject(targets: FaultTargets): Promise<Injected | void>;
}

const replicaOf = (targets: FaultTargets, kind: ProcessKind) => {
  const replica = targets.supervisor.of(kind)[0];
  if (!replica) throw new Error(`no ${kind} process runs`);
  return replica;
};

/** A crash of one process of a kind: its supervisor starts a replacement, as Kubernetes restarts a container. */
export const killProcess = (kind: ProcessKind): Fault => ({
  name: `SIGKILL ${kind}`,
  inject: async (targets) => {
    const replica = replicaOf(targets, kind);
    await replica.signal('SIGKILL');
    return { replacementRunning: replica.running().then(() => Date.now()) };
  },
});

/**
 * A kind's processes upgraded to another CLI (a release), one replica at a time as a rolling update does: each
 * stopped gracefully and replaced by one running the new release, under the same name.
 */
export const upgradeProcesses = (kind: ProcessKind, cli: string, release: string): Fault => ({
  name: `upgrade ${kind} to ${release}`,
  inject: async (targets) => {
    targets.supervisor.useCli(kind, cli);
    const replicas = targets.supervisor.of(kind);
    if (replicas.length === 0) throw new Error(`no ${kind} process runs`);
    for (const replica of replicas) await replica.replace();
    return { replacementRunning: Promise.resolve(Date.now()) };
  },
});

/** The release's schema steps applied under load, as its migration Job does before the processes roll. */
export const migrateWith = (cli: string, release: string): Fault => ({
  name: `migrate to ${release}`,
  inject: async (targets) => {
    await targets.supervisor.command(cli, ['migrate']);
  },
});

/** A process frozen (SIGSTOP) for longer than its consumer session, then let go (SIGCONT). */
export const pauseProcess = (kind: ProcessKind, seconds: number): Fault => ({
  name: `SIGSTOP ${kind} ${seconds} s`,
  inject: async (targets) => {
    const replica = replicaOf(targets, kind);
    await replica.signal('SIGSTOP');
    await sleep(seconds * 1_000);
    await replica.signal('SIGCONT');
  },
});

/** A server crashed (SIGKILL) and started again on its data after `downSeconds`. */
export const restartServer = (server: ServerName, downSeconds = 5): Fault => ({
  name: `restart ${server}`,
  crashesServer: true,
  inject: async (targets) => {
    const crashed = targets.servers?.[server];
    if (!crashed) throw new Error(`restart ${server}: the run has no ${server} of its own to crash`);
    await crashed.stop('SIGKILL');
    await sleep(downSeconds * 1_000);
    await crashed.start();
  },
});

/** Every client connection to the API cut off at once, requests in flight among them, and refused for a moment. */
export const cutClients = (seconds = 2): Fault => ({
  name: 'client cut off mid-request',
  inject: async (targets) => {
    await targets.clientProxy.cut();
    await sleep(seconds * 1_000);
    await targets.clientProxy.restore();
  },
});

/** Every fault the long run injects, one after the other. */
export const everyFault: Fault[] = [
  killProcess('ingest'),
  killProcess('projector'),
  killProcess('api'),
  killProcess('alerting'),
  killProcess('jobs'),
  pauseProcess('ingest', 15),
  pauseProcess('projector', 15),
  pauseProcess('jobs', 40),
  cutClients(),
  restartServer('Kafka'),
  restartServer('Elasticsearch'),
  restartServer('PostgreSQL'),
  restartServer('Redis'),
];

/** The short form the test command runs: a crash of the ingest, projector, API and jobs processes, and cut clients. */
export const shortFaults: Fault[] = [
  killProcess('ingest'),
  killProcess('projector'),
  killProcess('api'),
  killProcess('jobs'),
  cutClients(),
];
