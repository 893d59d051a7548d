import {
  type Actor,
  type CatalogueWarning,
  compareLogPositions,
  DomainError,
  type EntityState,
  emptyEntity,
  evolveEntity,
  type LogPosition,
  type StoredEvent,
} from '@nq/contracts';
import type { AppendRequest, AppendResult, EventStore } from '../event-store/event-store-port.ts';
import { type EntityCommand, entityConstraints, entityDecider, entityWarnings, streamIdOf } from './entity-decider.ts';
import type { ConfigurationSettings, EntityDefinition } from './entity-definition.ts';

export interface CommandMetadata {
  actor: Actor;
  commandId: string;
  correlationId: string;
  now: Date;
  /** The acting profile's probes, when it restricts them. */
  allowedProbes?: readonly string[];
}

export interface CommandOutcome {
  state: EntityState;
  /** Where the change landed in the global log (absent when nothing changed). */
  position?: LogPosition;
  /** The definition's advice on the entity the command left (empty when none). */
  warnings: CatalogueWarning[];
}

const foldStream = (events: StoredEvent[]) =>
  events.reduce<EntityState>((state, event) => evolveEntity(state, event), emptyEntity);
/** Decisions re-run on the new state after a concurrent change by another process, with a random pause between. */
const MAX_ATTEMPTS = 25;
const pauseBeforeRetry = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 5)));

/**
 * Runs the commands on one stream one at a time within this process, so that they do not race each other to the
 * append (commands from other processes still can: their conflicts are retried on the new state).
 */
function streamQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function queued<T>(streamId: string, run: () => Promise<T>): Promise<T> {
    const previous = tails.get(streamId) ?? Promise.resolve();
    const result = previous.then(run, run);
    const tail = result.catch(() => undefined);
    tails.set(streamId, tail);
    void tail.then(() => {
      if (tails.get(streamId) === tail) tails.delete(streamId);
    });
    return result;
  };
}

/** Runs commands on one kind of configuration entity: load its stream, decide, append with its constraints. */
export function entityService(
  definition: EntityDefinition,
  dependencies: {
    eventStore: EventStore;
    settings: ConfigurationSettings;
    seal?: (clear: string) => { sealed: string };
  },
) {
  const { eventStore, settings, seal } = dependencies;
  const decider = entityDecider(definition);
  const queued = streamQueue();

  /** The entity now, or as it was at an instant (recorded until then) or at a log position (events up to it). */
  async function load(id: string, asOf?: Date | LogPosition) {
    const stream = await eventStore.readStream(
      streamIdOf(definition, id),
      asOf instanceof Date ? { recordedUntil: asOf } : {},
    );
    const events =
      typeof asOf === 'string' ? stream.filter((event) => compareLogPositions(event.position, asOf) <= 0) : stream;
    return { state: foldStream(events), events };
  }

  /** Several entities now, by id, in one read of their streams. */
  async function loadMany(ids: readonly string[]) {
    const streams = await eventStore.readStreams(ids.map((id) => streamIdOf(definition, id)));
    return new Map(
      ids.map((id) => {
        const events = streams.get(streamIdOf(definition, id)) ?? [];
        return [id, { state: foldStream(events), events }];
      }),
    );
  }

  /** The decider's events for a command on the entity as it stands, and the append that would record them. */
  function decision(command: EntityCommand, metadata: CommandMetadata, state: EntityState) {
    const events = decider.decide(command, state, {
      now: metadata.now,
      actor: metadata.actor,
      settings,
      ...(seal ? { seal } : {}),
      ...(metadata.allowedProbes ? { allowedProbes: metadata.allowedProbes } : {}),
    });
    const request: AppendRequest = {
      streamId: streamIdOf(definition, command.id),
      expectedVersion: state.version,
      events: events.map((event) => ({ type: event.type, schemaVersion: 1, data: event.data })),
      metadata: {
        actor: metadata.actor,
        commandId: metadata.commandId,
        correlationId: metadata.correlationId,
        causationId: metadata.commandId,
      },
      constraints: entityConstraints(definition, state, events),
    };
    const outcome = (appended?: AppendResult): CommandOutcome => {
      const after = (appended?.events ?? []).reduce<EntityState>(
        (current, event) => evolveEntity(current, event),
        state,
      );
      return {
        state: after,
        ...(appended ? { position: appended.position } : {}),
        warnings: entityWarnings(definition, command, state, after),
      };
    };
    return { request, outcome };
  }

  /** A concurrent change by another process, when the caller expected no version: decide again on the new state. */
  const mayRetry = (error: unknown, attempt: number, expectedVersion?: number) =>
    error instanceof DomainError &&
    error.code === 'request.conflict' &&
    expectedVersion === undefined &&
    attempt < MAX_ATTEMPTS;

  /**
   * `expectedVersion` is the version the caller saw; without one, a concurrent change makes the decision run again
   * on the new state (a few times) instead of failing.
   */
  function execute(
    command: EntityCommand,
    metadata: CommandMetadata,
    expectedVersion?: number,
    /** Refuses (throws) a caller who may not act on the entity as loaded, e.g. another profile's private one. */
    admit?: (state: EntityState) => void,
  ): Promise<CommandOutcome> {
    return queued(streamIdOf(definition, command.id), () => decideAndAppend(command, metadata, expectedVersion, admit));
  }

  async function decideAndAppend(
    command: EntityCommand,
    metadata: CommandMetadata,
    expectedVersion?: number,
    admit?: (state: EntityState) => void,
  ): Promise<CommandOutcome> {
    for (let attempt = 1; ; attempt++) {
      const { state } = await load(command.id);
      admit?.(state);
      if (expectedVersion !== undefined && expectedVersion !== state.version) {
        throw new DomainError('request.conflict', { details: { expectedVersion, currentVersion: state.version } });
      }
      const { request, outcome } = decision(command, metadata, state);
      if (request.events.length === 0) return outcome();
      try {
        return outcome(await eventStore.append(request));
      } catch (error) {
        if (!mayRetry(error, attempt, expectedVersion)) throw error;
        await pauseBeforeRetry(attempt);
      }
    }
  }

  /**
   * Commands on distinct entities of this kind (a file of probes), decided together and appended in one transaction:
   * all of them, or none when one is refused (by its decider, or by the append: a constraint). A concurrent change
   * makes them all run again on the new states, as `execute` without an expected version does. Commands run this way
   * do not wait for this process's other commands on the same entities: those meet at the append, as another
   * process's would.
   */
  async function executeMany(
    commands: readonly { command: EntityCommand; metadata: CommandMetadata }[],
  ): Promise<CommandOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await loadMany(commands.map(({ command }) => command.id));
      const decisions = commands.map(({ command, metadata }) =>
        decision(command, metadata, loaded.get(command.id)!.state),
      );
      const appending = decisions.filter(({ request }) => request.events.length > 0);
      try {
        const appended = new Map(
          (await eventStore.appendMany(appending.map(({ request }) => request))).map((result, index) => [
            appending[index]!,
            result,
          ]),
        );
        return decisions.map((decided) => decided.outcome(appended.get(decided)));
      } catch (error) {
        if (!mayRetry(error, attempt)) throw error;
        await pauseBeforeRetry(attempt);
      }
    }
  }

  /** The id of the live entity holding a unique value (one of the definition's `unique`), read consistently. */
  async function idHolding(scope: string, value: string) {
    const streamId = await eventStore.holderOf(scope, value);
    return streamId?.slice(streamIdOf(definition, '').length);
  }

  return { definition, load, loadMany, execute, executeMany, idHolding };
}

export type EntityService = ReturnType<typeof entityService>;
