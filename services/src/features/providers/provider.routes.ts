import { DomainError } from '@nq/contracts';
import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { documentList, errorResponse } from '@nq/platform/http/response-schemas';
import { readAll } from '@nq/platform/read-store/read-all';
import { z } from 'zod';
import { providerDetector, providerEntryFields } from './provider-detector.ts';

/**
 * Look-ups by name and SPN, and the detector answering which provider owns an IP address or an IMSI
 * (docs/product/api.md#providers).
 */
export const providerRoutes: FeatureRoutes = async (app, { readStore, collection, tag }) => {
  const tags = [tag];
  app.get(
    '/names/:name',
    {
      schema: {
        tags,
        summary: 'The provider with this name (case-insensitive)',
        params: z.object({ name: z.string().min(1) }),
        response: { 200: z.looseObject({ id: z.string(), name: z.string() }), 404: errorResponse },
      },
    },
    async (request) => {
      const wanted = request.params.name.trim().toLowerCase();
      const [found] = (await readAll(readStore, collection)).filter(
        (provider) => String(provider.name).toLowerCase() === wanted,
      );
      if (!found) throw new DomainError('resource.notFound', { details: { name: request.params.name } });
      return found as { id: string; name: string };
    },
  );

  app.get(
    '/spn/:spn',
    {
      schema: {
        tags,
        summary: 'The providers with this SPN',
        params: z.object({ spn: z.string().min(1) }),
        response: { 200: documentList },
      },
    },
    async (request) => {
      const list = await readAll(readStore, collection, [{ field: 'spn', equals: request.params.spn }]);
      return { list, count: list.length };
    },
  );

  app.get(
    '/detector',
    {
      schema: {
        tags,
        summary:
          'Which provider owns an IMSI (longest prefix) or an IP address (most specific range), or goes by a name ' +
          '(name, label or SPN in any letter case: how ingest maps the ISP a measurement reports)',
        querystring: z
          .object({
            ip: z.string().max(64).optional(),
            imsi: z
              .string()
              .regex(/^\d{5,15}$/, 'providers.imsiInvalid')
              .optional(),
            name: z.string().max(128, 'validation.tooLong').optional(),
          })
          .refine((query) => query.ip || query.imsi || query.name, { error: 'validation.required', path: ['ip'] }),
        response: { 200: z.object({ provider: z.looseObject({ id: z.string(), name: z.string() }).nullable() }) },
      },
    },
    async (request) => {
      const providers = (await readAll(readStore, collection)).map((document) => ({
        id: document.id,
        document,
        fields: providerEntryFields(document),
      }));
      const found = providerDetector(providers)(request.query);
      return { provider: (found?.document as { id: string; name: string } | undefined) ?? null };
    },
  );
};
