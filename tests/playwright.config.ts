import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 18_181);
export const baseURL = `http://127.0.0.1:${port}`;
// Runs on another port (parallel local runs) keep their artifacts apart: Playwright empties its output folder.
const suffix = process.env.E2E_PORT ? `-${port}` : '';
// The platform's data folder, known to the specs (its mail outbox: `mailsTo` in e2e/support.ts). Set once: the test
// workers load this file again and inherit the variable.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'nq-e2e-'));

// Browser tests drive Debian's Chromium (no browser download) against the platform started on the embedded default:
// its headless shell when installed (the same engine without the desktop browser's processes: 12 % less CPU over the
// same specs), else the full browser.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium = existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
const launchedFrom = (executablePath: string) => ({
  launchOptions: {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
});

export default defineConfig({
  testDir: 'e2e',
  // After the web server answers /ready: until what its start set off is done (e2e/settled-platform.ts).
  globalSetup: './e2e/settled-platform.ts',
  outputDir: join(root, `test-results/e2e-artifacts${suffix}`),
  timeout: 60_000,
  // A busy 2-core CI machine (the platform, its projector and Chromium share it) can take longer than Playwright's
  // 5 s default to show what a quiet one shows at once; a screen that never shows it still fails.
  expect: { timeout: 10_000 },
  // Two workers: a test often waits (for the platform, a read model, a file), and the other worker's test fills the
  // core it leaves (486 to 506 s against 583 s for the whole layer). Tests of one worker share the platform and its
  // demo logins with the other's: each looks only at what it made (its own files, names, notices).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list'], ['json', { outputFile: join(root, `test-results/e2e${suffix}.json`) }]],
  use: {
    baseURL,
    // A failed test keeps its screenshot and its trace (each action's DOM snapshot, network and console). The trace
    // records no screencast: capturing every frame the compositor produces took a third of the layer's CPU
    // (configuration screens: 165 s and 284 CPU-s with it, 113 s and 176 CPU-s without), and the DOM snapshots show
    // the page at each step anyway.
    screenshot: 'only-on-failure',
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: 'chromium', testIgnore: /alert-push\.spec\.ts/, use: launchedFrom(process.env.CHROMIUM_PATH ?? chromium) },
    // The push spec needs the full browser: the headless shell has no Push API (no PushManager).
    { name: 'chromium-full', testMatch: /alert-push\.spec\.ts/, use: launchedFrom('/usr/bin/chromium') },
  ],
  webServer: {
    command: 'node services/src/cli.ts start',
    cwd: root,
    url: `${baseURL}/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // scrypt at 2^12: each test signs in, and production's 2^17 costs 0.6 s of a core per login.
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '12',
      // Chromium and the platform share 2 cores: a read of one's own writes waits longer than production's 5 s.
      READ_YOUR_WRITES_TIMEOUT_MS: '30000',
      // Every test signs in (most through the API, as openSignedIn and signedApi do), all from this one address: two
      // workers sign in more than 30 times a minute, production's budget per address (login-rate-limit.api.test.ts
      // holds the budget itself to account).
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // The same for ingest's wait for a probe just created.
      INGEST_UNKNOWN_PROBE_WAIT_MS: '30000',
    },
  },
});
