import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { streamDownload } from './download.ts';
import type { SpeedServerLimits } from './speed-server-limits.ts';
import { receiveUpload } from './upload.ts';

const answerJson = (response: ServerResponse, status: number, body: Record<string, unknown>) => {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
};

/** The `bytes` a download asks for: undefined when absent, NaN when not a whole number of bytes. */
function requestedBytes(url: URL): number | undefined {
  const text = url.searchParams.get('bytes');
  if (text === null) return undefined;
  return /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The speed server's HTTP side: `GET /download?bytes=N`, `POST /upload`, `GET /ping` (204, a target for latency) and
 * `GET /health`. Downloads and uploads in progress are counted against `maxConcurrentStreams` and, per client
 * address, `maxStreamsPerClient`.
 */
export function speedServerRoutes(limits: SpeedServerLimits): RequestListener {
  let streams = 0;
  const streamsOf = new Map<string, number>();
  const asStream = (request: IncomingMessage, response: ServerResponse, start: () => void) => {
    const client = request.socket.remoteAddress ?? '';
    const ofClient = streamsOf.get(client) ?? 0;
    if (streams >= limits.maxConcurrentStreams || ofClient >= limits.maxStreamsPerClient) {
      response.setHeader('retry-after', '1');
      const limit = streams >= limits.maxConcurrentStreams ? limits.maxConcurrentStreams : limits.maxStreamsPerClient;
      return answerJson(response, 503, { error: `at most ${limit} transfers at once` });
    }
    streams++;
    streamsOf.set(client, ofClient + 1);
    response.once('close', () => {
      streams--;
      const left = (streamsOf.get(client) ?? 1) - 1;
      if (left > 0) streamsOf.set(client, left);
      else streamsOf.delete(client);
    });
    start();
  };

  return (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://speed-server');
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'GET /download': {
        const bytes = requestedBytes(url);
        if (Number.isNaN(bytes)) return answerJson(response, 400, { error: 'bytes must be a whole number' });
        if (bytes !== undefined && bytes > limits.maxDownloadBytes)
          return answerJson(response, 400, { error: `bytes is at most ${limits.maxDownloadBytes}` });
        return asStream(request, response, () =>
          streamDownload(response, bytes, limits.maxDownloadBytes, limits.maxMbpsPerStream),
        );
      }
      case 'POST /upload':
        return asStream(request, response, () =>
          receiveUpload(request, response, limits.maxUploadBytes, limits.maxMbpsPerStream),
        );
      case 'GET /ping':
      case 'HEAD /ping':
        response.writeHead(204, { 'cache-control': 'no-store' });
        return response.end();
      case 'GET /health':
        return answerJson(response, 200, { status: 'ok', transfers: streams });
      default:
        request.resume();
        return answerJson(response, 404, { error: `no route ${route}` });
    }
  };
}
