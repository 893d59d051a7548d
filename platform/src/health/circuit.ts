import { Gauge, type Registry } from 'prom-client';
import { DependencyUnavailableError } from '../dependency-unavailable.ts';

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitOptions {
  /** Consecutive failures (a dependency too slow to answer) that open it. */
  failures?: number;
  /** How long it stays open before one call is let through to try the dependency again. */
  openMs?: number;
  now?: () => number;
  /** Told each time it opens or closes again (to log it). */
  onChange?: (state: CircuitState, dependency: string) => void;
}

/**
 * A circuit breaker around a dependency: once `failures` calls in a row failed for want of an answer, calls are
 * refused at once as `dependency.unavailable` (503 with Retry-After) for `openMs`, instead of each holding a
 * request, a connection and a socket until its own timeout; then one call tries the dependency again, and its
 * success closes the circuit. What counts as a failure is the caller's to say: an answer, even an error, is not one.
 */
/** The circuits of this process that are in use (a client's leaves with `dispose` when the client closes). */
const inUse = new Set<Circuit>();

export class Circuit {
  #state: CircuitState = 'closed';
  #consecutive = 0;
  #openedAt = 0;
  readonly #failures: number;
  readonly #openMs: number;
  readonly #now: () => number;
  readonly #onChange: CircuitOptions['onChange'];
  readonly dependency: string;

  constructor(dependency: string, { failures = 3, openMs = 5_000, now = Date.now, onChange }: CircuitOptions = {}) {
    this.dependency = dependency;
    this.#failures = failures;
    this.#openMs = openMs;
    this.#now = now;
    this.#onChange = onChange;
    inUse.add(this);
  }

  /** No longer reported (its client closed). */
  dispose() {
    inUse.delete(this);
  }

  get state(): CircuitState {
    return this.#state;
  }

  /** Lets a call through, or refuses it while open (and while the one trial call of a half-open circuit runs). */
  admit() {
    if (this.#state === 'closed') return;
    const openFor = this.#openMs - (this.#now() - this.#openedAt);
    if (this.#state === 'open' && openFor <= 0) {
      this.#state = 'half-open';
      return;
    }
    // Retry-After: when the next call tries the dependency again.
    const retryAfterSeconds = Math.max(1, Math.ceil(openFor / 1_000));
    throw new DependencyUnavailableError(this.dependency, undefined, { circuit: 'open', retryAfterSeconds });
  }

  succeeded() {
    this.#consecutive = 0;
    if (this.#state !== 'closed') this.#change('closed');
  }

  failed() {
    this.#consecutive++;
    if (this.#state === 'half-open' || (this.#state === 'closed' && this.#consecutive >= this.#failures)) {
      this.#openedAt = this.#now();
      this.#change('open');
    }
  }

  /** Runs `work` through the circuit; `isFailure` says which of its errors mean the dependency did not answer. */
  async run<T>(work: () => Promise<T>, isFailure: (error: unknown) => boolean): Promise<T> {
    this.admit();
    try {
      const result = await work();
      this.succeeded();
      return result;
    } catch (error) {
      if (isFailure(error)) this.failed();
      else this.succeeded();
      throw error;
    }
  }

  #change(state: CircuitState) {
    this.#state = state;
    this.#onChange?.(state, this.dependency);
  }
}

/**
 * `nq_dependency_circuit_open{dependency}`: 1 while a circuit of this process around the dependency refuses its
 * requests (open, or trying it again), else 0 (NqDependencyCircuitOpen alerts on it).
 */
export function reportCircuits(metrics: Registry) {
  new Gauge({
    name: 'nq_dependency_circuit_open',
    help: "1 while this process refuses a dependency's requests because it stopped answering in time (its circuit is open)",
    labelNames: ['dependency'],
    registers: [metrics],
    collect() {
      this.reset();
      const open = new Map<string, number>();
      for (const circuit of inUse)
        open.set(circuit.dependency, Math.max(open.get(circuit.dependency) ?? 0, circuit.state === 'closed' ? 0 : 1));
      for (const [dependency, value] of open) this.set({ dependency }, value);
    },
  });
}
