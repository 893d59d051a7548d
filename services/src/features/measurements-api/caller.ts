import {
  type CatalogueWarning,
  type CsvOptions,
  type CsvOptionsRequest,
  csvOptionsFor,
  pickLanguage,
  warningBody,
} from '@nq/contracts';
import type { FastifyRequest } from 'fastify';
import { type AnalyticsScope, profileScopeOf } from '../analytics/index.ts';

/** What the caller's profile lets it see of the measurements, and the time zone its dates are days of. */
export const analyticsScopeOf = (request: FastifyRequest): AnalyticsScope => profileScopeOf(request.viewer.profile);

export const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

/**
 * How a CSV the caller asked for is written (docs/features/csv-templates.md#csv-options): the options it gave, the
 * defaults of its language (Accept-Language) for the others, instants in its profile's time zone by default.
 */
export const csvOptionsOf = (request: FastifyRequest, asked?: CsvOptionsRequest): CsvOptions =>
  csvOptionsFor(languageOf(request), request.viewer.profile.timeZone, asked);

/** Warnings as the caller reads them: in its language. */
export const translated = (request: FastifyRequest, warnings: readonly CatalogueWarning[]) =>
  warnings.map((item) => warningBody(item, languageOf(request)));
