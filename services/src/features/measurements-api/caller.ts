import { type CatalogueWarning, pickLanguage, warningBody } from '@nq/contracts';
import type { FastifyRequest } from 'fastify';
import { type AnalyticsScope, profileScopeOf } from '../analytics/index.ts';

/** What the caller's profile lets it see of the measurements, and the time zone its dates are days of. */
export const analyticsScopeOf = (request: FastifyRequest): AnalyticsScope => profileScopeOf(request.viewer.profile);

export const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

/** Warnings as the caller reads them: in its language. */
export const translated = (request: FastifyRequest, warnings: readonly CatalogueWarning[]) =>
  warnings.map((item) => warningBody(item, languageOf(request)));
