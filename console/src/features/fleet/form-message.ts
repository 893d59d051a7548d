import { errorMessage } from '../../shared/i18n/i18n.ts';

/**
 * The message above a refused form. Problems that all broke one generic rule ("This field is required") are said
 * under their fields; above them the catalogue's "check the highlighted fields" says where to look.
 */
export const formMessage = (code: string, fields: Readonly<Record<string, string>> | undefined) =>
  errorMessage(code.startsWith('validation.') && Object.keys(fields ?? {}).length > 0 ? 'request.invalid' : code);
