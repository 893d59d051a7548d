import { defineConfig } from 'vitest/config';

// Two layers: `unit` (with `components`, the console's components in a simulated DOM) needs no server; `integration`
// (*.int.test.ts) talks to the real PostgreSQL, Redis, Kafka and Elasticsearch that deploy/infra/infra.sh starts on
// loopback. Browser end-to-end tests run under Playwright.

// What every test platform reads from its environment: scrypt at 2^12 for the hundreds of passwords the tests hash and
// verify (production's 2^17 costs 0.6 s of a core each); passwords.test.ts keeps the default's cost.
// A read of one's own writes (minPosition) waits up to 30 s rather than production's 5 s: a busy test machine's
// projector can be further behind; so does ingest's wait for a probe it does not know yet, and a read's wait for an
// Elasticsearch shard that is starting (Elasticsearch starts an index's shard late when many files create indices).
const env = {
  PASSWORD_HASH_COST: '12',
  READ_YOUR_WRITES_TIMEOUT_MS: '30000',
  INGEST_UNKNOWN_PROBE_WAIT_MS: '30000',
  READ_STORE_SHARD_WAIT_MS: '30000',
};

// A failing test shows the errors its test platforms logged while it ran.
const platformErrorsOnFailure = 'services/src/testing/platform-errors-on-failure.ts';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, which leaves a core idle whenever a file waits (a server, a timer).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          env,
          include: [
            '{contracts,platform,services,projections,probe,console,load-tests}/src/**/*.test.ts',
            'clients/*/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          setupFiles: [platformErrorsOnFailure],
          // Files share a worker's modules: each file loading the platform's modules and compiling PGlite's WebAssembly
          // anew cost half the layer's CPU (523 s against 256 s here). Every file makes its own databases and servers.
          isolate: false,
          // A limit for a test that hangs, not a speed target: in-memory PGlite, scrypt at production cost and a CLI
          // process took 20-40 s each on a 2-core machine that also ran the integration layer and two compilers.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Console components, rendered in a simulated DOM (happy-dom: jsdom has no <dialog>.showModal) with the
        // providers the app gives them; the network is faked at the fetch boundary. `npm test` runs them with `unit`.
        test: {
          name: 'components',
          include: ['console/src/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://console.test/' } },
          setupFiles: ['console/src/shared/testing/setup.ts'],
          // Above the setup's wait for what a screen shows (30 s): a limit for a test that hangs.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          env,
          include: [
            '{contracts,platform,services,projections,probe}/src/**/*.int.test.ts',
            'tests/infra/**/*.int.test.ts',
            'tests/probe/**/*.int.test.ts',
          ],
          setupFiles: [platformErrorsOnFailure],
          // As the unit layer: 441 s / 739 CPU-s isolated against 330 s / 528 CPU-s here, all green; every file owns
          // its databases, indices, topics and consumer groups (unique prefixes).
          isolate: false,
          testTimeout: 60_000,
          // A limit for a hook that hangs: seeding both stores (cube equivalence) took over 120 s on a 2-core machine
          // that also ran the console build, a second Vitest and three compilers, against about 30 s alone.
          hookTimeout: 300_000,
        },
      },
      {
        // The fault harness's short form: the platform as OS processes on the shared servers (data of its own), under
        // load, each process killed in turn. It runs alone, after the integration files: its recovery bounds were set on a machine that
        // runs nothing else, and the busier the machine, the more batches its probes send again (docs/testing.md,
        // the fault harness: a batch sent again is counted twice by the cubes).
        test: {
          name: 'faults',
          env,
          include: ['tests/faults/**/*.int.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
