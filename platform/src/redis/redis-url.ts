/** `redis-sentinel://[user:password@]host:port[,host:port…]/<primary name>` */
const sentinelUrl = /^redis-sentinel:\/\/(?:([^:@/]*):([^@/]*)@)?([^/?#]+)\/([^/?#]+)\/?$/;
const hostPort = /^([^:,]+):(\d{1,5})$/;

/** What a REDIS_URL in the Sentinel form says: the sentinels, the primary's name and its credentials. */
export function sentinelsOf(url: string) {
  const match = sentinelUrl.exec(url);
  if (!match) return undefined;
  const [, username, password, hosts, name] = match;
  const sentinels = hosts!.split(',').map((host) => {
    const parts = hostPort.exec(host.trim());
    if (!parts) throw new Error(`'${host}' is not host:port`);
    return { host: parts[1]!, port: Number(parts[2]) };
  });
  return {
    sentinels,
    name: decodeURIComponent(name!),
    ...(username ? { username: decodeURIComponent(username) } : {}),
    ...(password ? { password: decodeURIComponent(password) } : {}),
  };
}

/** Whether REDIS_URL names a primary through its sentinels: writes that must survive a failover wait for a replica. */
export const isSentinelUrl = (url: string) => url.startsWith('redis-sentinel://');
