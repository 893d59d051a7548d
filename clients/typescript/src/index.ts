// The platform's API from TypeScript, signed and typed (docs/api-access.md, "From your own tools"):
//
//   import { createNqClient, readCredentials } from '@nq/client';
//   const { url, ...credentials } = readCredentials();
//   const nq = createNqClient({ baseUrl: url!, credentials });
//   const { data, error } = await nq.getProbe({ params: { path: { id: 'probe-1' } } });
//
// In a browser, import '@nq/client/client' (no credentials file there).
export * from './client.ts';
export * from './credentials.ts';
