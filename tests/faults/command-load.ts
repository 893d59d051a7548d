import type { PhaseOf } from './probe-load.ts';
import { type Credentials, signedFetch } from './signed-fetch.ts';

/** A configuration entity the generator made, and what the platform acknowledged of it. */
export interface CommandedTag {
  name: string;
  /** Known once a creation was acknowledged (or a retry was told the name is taken: it was stored before). */
  id?: string;
  phase: string;
  /** The version the last acknowledged command left it at (1 created, 2 renamed); 0 while nothing was. */
  acknowledgedVersion: number;
  /** A command the platform may have applied without acknowledging it (cut off, no answer, told it conflicts). */
  unacknowledged: number;
  /** The name it has after the last acknowledged command. */
  expectedName?: string;
}

/**
 * An administrator's configuration commands, one after the other at `perSecond`: a tag created under a name of its
 * own, then renamed expecting version 1. A command without an answer is sent again as a client would; a retried
 * creation told the name is taken, or a retried rename told the version moved on, had been applied by the first try.
 */
export function startCommandLoad(options: {
  base: () => string;
  admin: Credentials;
  run: string;
  perSecond: number;
  phaseOf: PhaseOf;
}) {
  const call = signedFetch(options.base, options.admin);
  const tags: CommandedTag[] = [];
  const stats = { commands: 0, acknowledged: 0, unanswered: 0 };
  const stopping = new AbortController();

  /** Sends until a definitive answer (not 0, 429 or 5xx) or stopping; answers the last one. */
  const untilAnswered = async (method: string, path: string, body: unknown, onRetry: () => void) => {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) onRetry();
      stats.commands++;
      const answer = await call(method, path, body);
      if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) return answer;
      stats.unanswered++;
      if (stopping.signal.aborted && attempt > 20) return answer;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const one = async (serial: number) => {
    const tag: CommandedTag = {
      name: `Fault ${options.run} ${serial}`,
      phase: options.phaseOf(),
      acknowledgedVersion: 0,
      unacknowledged: 0,
    };
    tags.push(tag);
    let retried = false;
    const created = await untilAnswered('POST', '/tags', { name: tag.name }, () => {
      retried = true;
    });
    if (created.status === 201) {
      tag.id = String((created.body as { id: string }).id);
      tag.acknowledgedVersion = 1;
      tag.expectedName = tag.name;
      stats.acknowledged++;
    } else if (retried && (created.body as { code?: string } | null)?.code === 'tags.nameExists') {
      tag.unacknowledged++; // the cut-off try created it: found by name when checking
      return;
    } else throw new Error(`creating ${tag.name}: ${created.status} ${JSON.stringify(created.body)}`);

    const renamed = `${tag.name} renamed`;
    retried = false;
    const answer = await untilAnswered('PUT', `/tags/${tag.id}`, { name: renamed, expectedVersion: 1 }, () => {
      retried = true;
    });
    if (answer.status === 200) {
      tag.acknowledgedVersion = 2;
      tag.expectedName = renamed;
      stats.acknowledged++;
    } else if (retried && answer.status === 409) tag.unacknowledged++;
    else throw new Error(`renaming ${tag.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };

  const loop = (async () => {
    let serial = 0;
    while (!stopping.signal.aborted) {
      const started = Date.now();
      await one(++serial);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 1_000 / options.perSecond - (Date.now() - started))),
      );
    }
  })();

  return {
    tags,
    stats,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

export type CommandLoad = ReturnType<typeof startCommandLoad>;
