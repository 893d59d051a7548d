import { addressPolicy, refusedHost } from '@nq/platform/http/address-policy';

/** Push services are called over https, but where private endpoints are allowed (a local push service over http). */
export const insecureSchemeOf = (url: URL, allowPrivate: boolean) =>
  !allowPrivate && url.protocol !== 'https:' ? `${url.protocol} is not https` : undefined;

/**
 * Why a browser's push address is refused when it subscribes, or undefined: it is not https, or its host is, or
 * resolves to, an address the platform must not call (or does not resolve). The push itself connects only to an
 * address the same policy allows.
 */
export async function refusedPushEndpoint(endpoint: string, allowPrivate: boolean): Promise<string | undefined> {
  const url = new URL(endpoint);
  return (
    insecureSchemeOf(url, allowPrivate) ??
    (await refusedHost(url, addressPolicy(allowPrivate), { refuseUnresolved: true }))
  );
}
