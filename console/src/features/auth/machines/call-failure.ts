import { isApiError } from '../../../shared/api/api-error.ts';
import type { CallFailure } from './login.machine.ts';

/** An API call's rejection as the flow machines keep it. */
export function callFailure(error: unknown): CallFailure {
  if (!isApiError(error)) return { code: 'login.internalError' };
  const challenge = (error.details as { challenge?: unknown } | undefined)?.challenge;
  const fields = error.fieldProblems;
  return {
    code: error.status >= 500 ? 'login.internalError' : error.code,
    ...(Object.keys(fields).length ? { fields } : {}),
    ...(challenge === undefined ? {} : { challenge }),
  };
}

/** Wraps an API call so a machine's onError receives a CallFailure. */
export const asFlowCall =
  <I, O>(call: (input: I) => Promise<O>) =>
  async (input: I): Promise<O> => {
    try {
      return await call(input);
    } catch (error) {
      throw callFailure(error);
    }
  };
