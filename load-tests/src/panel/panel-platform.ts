import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliProcess } from '@nq/services/testing/cli-process';
import { startPlatformProcess } from '../platform-process.ts';
import { type Credentials, expectStatus, panelClient } from './panel-http.ts';

/** The panel's administrator, made by the first start of a run (a kept run's login for later benchmarks). */
export const administrator = { email: 'panel-admin@bench.test', password: 'Panel-bench-2026' };

/** The administrator `nq admin create` makes on the empty store, before the platform starts: its one-time link. */
async function createAdministrator(environment: Record<string, string>) {
  const run = cliProcess(['admin', 'create', '--email', administrator.email, '--name', 'Panel bench'], environment);
  const code = await run.exited;
  const token = /invitation=(\S+)/.exec(run.output())?.[1];
  if (code !== 0 || !token) throw new Error(`nq admin create failed (${code}):\n${run.output()}`);
  return token;
}

export interface Session {
  credentials: Credentials;
  userId: string;
}

/** Logs in as the console does: the session's signing credentials and the user's id. */
export async function logIn(address: string): Promise<Session> {
  const answer = await panelClient(address)('POST', '/login', { json: administrator });
  const { data } = expectStatus<{ data: Credentials & { id_user: string } }>(answer, 200, 'login');
  return { credentials: { clientId: data.clientId, clientSecret: data.clientSecret }, userId: data.id_user };
}

/**
 * The platform as `npm start` runs it, in a process of its own, without the demo data: its first administrator made
 * by `nq admin create` and its password chosen through the invitation link, as an operator does. With `run` naming a
 * run kept before (`keep`), it starts on that run's data and logs in.
 */
export async function startPanelPlatform(
  profile: string,
  options: { run?: string; keep: boolean; environment?: Record<string, string> },
) {
  const kept =
    options.run !== undefined && (profile === 'distributed' || existsSync(join(tmpdir(), `nq-panel-${options.run}`)));
  let invitation: string | undefined;
  const platform = await startPlatformProcess('panel', profile, {
    demoData: false,
    keep: options.keep,
    ...(options.run ? { run: options.run } : {}),
    ...(options.environment ? { environment: options.environment } : {}),
    beforeStart: async (environment) => {
      if (!kept) invitation = await createAdministrator(environment);
    },
  });
  try {
    if (invitation) {
      const password = {
        token: invitation,
        newPassword: administrator.password,
        repeatPassword: administrator.password,
      };
      expectStatus(
        await panelClient(platform.address)('POST', '/account/password/set', { json: password }),
        200,
        'password',
      );
    }
    return { ...platform, kept, session: await logIn(platform.address) };
  } catch (error) {
    await platform.stop();
    throw error;
  }
}

export type PanelPlatform = Awaited<ReturnType<typeof startPanelPlatform>>;
