import { isApiError } from '../../../shared/api/api-error.ts';
import type { Problem } from '../machines/extraction.machine.ts';

/** An API call's rejection as the extraction machine keeps it: the catalogue code, its values, the fields it names. */
export const problemOf = (error: unknown): Problem =>
  isApiError(error)
    ? { code: error.code, status: error.status, params: error.params, fields: error.fieldProblems }
    : { code: 'generic.error', fields: {} };

/** Wraps an API call so the machine's onError receives a Problem. */
export const asProblemCall =
  <I, O>(call: (input: I) => Promise<O>) =>
  async (input: I): Promise<O> => {
    try {
      return await call(input);
    } catch (error) {
      throw problemOf(error);
    }
  };
