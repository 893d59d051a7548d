import type { loginBodySchema } from '@nq/contracts';
import type { z } from 'zod';
import { type Credentials, type Env, type Exchange, fieldOf } from './scenario.ts';

type LoginBody = z.input<typeof loginBodySchema>;

/** The demo logins (README, Quick start); a cluster's are given as ADMIN_EMAIL / ADMIN_PASSWORD and ANALYST_…. */
export const loginFrom = (env: Env, who: 'admin' | 'analyst'): LoginBody =>
  who === 'admin'
    ? { email: env.ADMIN_EMAIL ?? 'admin@demo.nq', password: env.ADMIN_PASSWORD ?? 'admin-demo-2026' }
    : { email: env.ANALYST_EMAIL ?? 'analyst@demo.nq', password: env.ANALYST_PASSWORD ?? 'analyst-demo-2026' };

/** `POST /login`: the session's signing credentials (docs/product/entities.md#stored-session, `data`). */
export const logIn =
  (login: LoginBody): Exchange<Credentials> =>
  ([answer]) => {
    if (!answer) return { name: 'login', method: 'POST', url: '/login', body: login, expected: [200] };
    const data = fieldOf(answer, 'data') as Partial<Credentials> | undefined;
    if (answer.status !== 200 || !data?.clientId || !data.clientSecret)
      throw new Error(`login as ${login.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return { done: { clientId: data.clientId, clientSecret: data.clientSecret } };
  };

/**
 * Plays `first`, then the exchange `then` builds from its result, as one exchange. Exchanges decide from the answers
 * alone (whatever is random is drawn when they are built), so `first` is asked again from the start each time.
 */
export function followedBy<First, Result>(
  first: Exchange<First>,
  then: (result: First) => Exchange<Result>,
): Exchange<Result> {
  let next: Exchange<Result> | undefined;
  return (answers) => {
    for (let count = 0; count <= answers.length; count++) {
      const step = first(answers.slice(0, count));
      if ('done' in step) {
        next ??= then(step.done);
        return next(answers.slice(count));
      }
      if (count === answers.length) return step;
    }
    throw new Error('unreachable: the loop returns by its last turn');
  };
}
