import {
  DomainError,
  type FileOwner,
  type FileState,
  fileDownloadLinkSchema,
  fileDownloadRequestSchema,
  fileIdSchema,
  fileLayers,
  fileListQuerySchema,
  fileListSchema,
  fileRecordSchema,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { FileStore } from '@nq/platform/files/file-store';
import { layerAccess, publicAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { downloadLinks } from './download-link.ts';
import { attachmentOf, contentTypeOf, type DownloadableFile, downloadMediaTypes, zipOf } from './file-download.ts';
import { type FileRecords, ownedBy } from './file-records.ts';

export interface FilesRouteOptions {
  records: FileRecords;
  store: FileStore;
  links: ReturnType<typeof downloadLinks>;
}

const tags = ['Files'];
const access = { access: layerAccess(fileLayers) };
const ownerOf = (viewer: Viewer): FileOwner => ({ userId: viewer.userId, profileId: viewer.profileId });

/**
 * Files (docs/product/api.md#files): each user's own files (another user's file is 404), their download through a
 * short-lived signed link (several files: one zip), and the retry of an errored one.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRouteOptions> = async (app, { records, store, links }) => {
  /** The files, in the order asked, if the owner may download every one now. */
  async function downloadable(ids: readonly string[], owner: FileOwner): Promise<DownloadableFile[]> {
    const states: FileState[] = await Promise.all(ids.map((id) => records.load(id)));
    return states.map((state, index) => {
      const id = ids[index]!;
      if (!state.record || !ownedBy(state, owner)) throw new DomainError('resource.notFound', { details: { id } });
      const { name } = state.record;
      if (state.record.deletedAt) throw new DomainError('files.deleted', { params: { name }, details: { id } });
      if (state.record.status !== 'ready' || !state.path)
        throw new DomainError('files.notReady', { params: { name }, details: { id, status: state.record.status } });
      return { name, path: state.path };
    });
  }

  app.get(
    '/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Your files (under the profile you work with), newest first; deleted ones with showDeleted=true',
        querystring: fileListQuerySchema,
        response: { 200: fileListSchema },
      },
    },
    (request) => records.list(ownerOf(request.viewer), request.query),
  );

  app.get(
    '/measurement-ids',
    {
      config: access,
      schema: {
        tags,
        summary: 'The measurements your files were made for',
        response: { 200: z.object({ list: z.array(z.string()) }) },
      },
    },
    async (request) => ({ list: await records.measurementIds(ownerOf(request.viewer)) }),
  );

  app.post(
    '/download',
    {
      config: access,
      schema: {
        tags,
        summary: 'A link that downloads the files (several: one zip) for a few minutes, without signing',
        body: fileDownloadRequestSchema,
        response: { 200: fileDownloadLinkSchema, 404: errorResponse, 409: errorResponse, 410: errorResponse },
      },
    },
    async (request) => {
      const owner = ownerOf(request.viewer);
      const ids = [...new Set(request.body.ids)];
      await downloadable(ids, owner);
      const { token, expiresAt } = links.sign({ ids, ...owner });
      return { url: `/files-management/download?token=${token}`, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/download',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'The files a signed link names: one as it is, several as a zip (410 files.linkExpired once expired)',
        querystring: z.object({ token: z.string().min(1).max(8_000) }),
        produces: downloadMediaTypes,
        response: {
          // Streamed bytes, not a value to serialize: documented as binary, typed as whatever the stream is.
          200: z
            .unknown()
            .meta({ type: 'string', format: 'binary' })
            .describe('The file (CSV, PDF) as it was made, or a zip of the files'),
          404: errorResponse,
          409: errorResponse,
          410: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const claims = links.verify(request.query.token);
      if (claims === 'expired') throw new DomainError('files.linkExpired');
      if (claims === 'invalid') throw new DomainError('files.linkInvalid');
      const files = await downloadable(claims.ids, { userId: claims.userId, profileId: claims.profileId });
      reply.header('cache-control', 'no-store');
      if (files.length === 1) {
        const [file] = files as [DownloadableFile];
        const size = await store.size(file.path);
        if (size === undefined) throw new DomainError('files.notReady', { params: { name: file.name } });
        return reply
          .header('content-type', contentTypeOf(file.name))
          .header('content-length', size)
          .header('content-disposition', attachmentOf(file.name))
          .send(store.open(file.path));
      }
      return reply
        .header('content-type', contentTypeOf('files.zip'))
        .header('content-disposition', attachmentOf('files.zip'))
        .send(zipOf(store, files));
    },
  );

  app.post(
    '/retry/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Generates an errored file again (422 files.notRetryable for any other)',
        params: z.object({ id: fileIdSchema }),
        response: { 200: fileRecordSchema, 404: errorResponse, 422: errorResponse },
      },
    },
    (request) => records.retry(request.params.id, ownerOf(request.viewer)),
  );
};
