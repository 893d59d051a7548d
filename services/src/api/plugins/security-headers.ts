import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Origins (scheme://host[:port]) whose pages may call the API from a browser; any other origin gets no CORS. */
  corsOrigins: string[];
  /** Where users reach the platform; an https URL makes browsers upgrade any stray http sub-resource. */
  publicUrl: string;
}

const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/** For the console: a Vite-built SPA whose scripts, styles and assets are all files served from this origin. */
const consoleDirectives = (publicUrl: string) => ({
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  // On a plain-http deployment (the embedded default) upgrading would break every sub-resource.
  ...(new URL(publicUrl).protocol === 'https:' ? { upgradeInsecureRequests: [] } : {}),
});

// Swagger UI's scripts and styles are files too, but the descriptions it renders from markdown carry style
// attributes (table alignment), so its pages alone allow inline styles.
const docsDirectives = (publicUrl: string) => ({
  ...consoleDirectives(publicUrl),
  styleSrc: ["'self'", "'unsafe-inline'"],
});

const isDocsRoute = (url: string) => url === '/docs' || url.startsWith('/docs/');

/**
 * Helmet's headers (CSP, nosniff, no referrer, no framing), HSTS on https requests and CORS for the configured
 * origins. Register it before the routes and the other plugins: the /docs exception is attached as routes are added.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { corsOrigins, publicUrl }: SecurityHeadersOptions) => {
    app.addHook('onRoute', (route) => {
      if (isDocsRoute(route.url))
        route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: docsDirectives(publicUrl) } };
    });
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: consoleDirectives(publicUrl) },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      // Helmet would send it on plain http too, where it is meaningless; the hook below sends it on https only.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      // `protocol` is 'https' for a TLS socket, or behind a trusted proxy that says X-Forwarded-Proto: https.
      if (request.protocol === 'https')
        reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}; includeSubDomains`);
    });

    const allowedOrigins = new Set(corsOrigins);
    await app.register(cors, {
      // A function rather than the list: with a list, @fastify/cors still answers other origins' preflights and
      // sends them Access-Control-Expose-Headers.
      origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'accept-language', 'idempotency-key', 'x-request-id'],
      exposedHeaders: [
        'x-request-id',
        'retry-after',
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'ratelimit-policy',
      ],
      maxAge: 600,
    });
  },
  { name: 'security-headers' },
);
