import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { type AddressPolicy, checkedLookup, hostOf, RefusedAddress, refusalOf } from './address-policy.ts';

export interface PinnedRequest {
  policy: AddressPolicy;
  signal: AbortSignal;
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: Uint8Array;
}

/**
 * One http or https request, connected only to an address the policy allows: an address literal is checked before
 * connecting, a name resolved through `checkedLookup`. Redirects are not followed: the caller checks where each leads
 * by asking again. Rejects with a `RefusedAddress` when the policy refuses the address.
 */
export function pinnedRequest(
  url: URL,
  { policy, signal, method = 'GET', headers = {}, body }: PinnedRequest,
): Promise<IncomingMessage> {
  const host = hostOf(url);
  const range = isIP(host) ? policy(host) : undefined;
  if (range) return Promise.reject(new RefusedAddress(refusalOf(host, host, range)));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((answered, failed) => {
    // A connection of its own (no agent's pooled socket, no proxy), made through the checked lookup.
    const request = send(url, { method, headers, signal, lookup: checkedLookup(policy), agent: false }, answered);
    request.once('error', failed);
    request.end(body);
  });
}
