import type { ProbeFields } from '@nq/contracts';

type Secret = ProbeFields['device']['wifi'][number]['password'];
type Seal = (clear: string) => { sealed: string };

/** A secret sealed when given in clear; left out, the stored one stays. */
const sealed = (given: Secret, stored: Secret, seal: Seal): Secret =>
  typeof given === 'string' ? seal(given) : (given ?? stored);

/** Entries of a list matched by a key (a wifi network by SSID, an APN by name) keep the secret they had. */
function sealList<Entry extends { password?: Secret }>(
  given: Entry[],
  stored: Entry[] | undefined,
  keyOf: (entry: Entry) => string,
  seal: Seal,
): Entry[] {
  const previous = new Map((stored ?? []).map((entry) => [keyOf(entry), entry.password]));
  return given.map((entry) => {
    const password = sealed(entry.password, previous.get(keyOf(entry)), seal);
    return password === undefined ? entry : { ...entry, password };
  });
}

function sealAccount<Account extends { password?: Secret } | undefined>(given: Account, stored: Account, seal: Seal) {
  if (!given) return given;
  const password = sealed(given.password, stored?.password, seal);
  return password === undefined ? given : { ...given, password };
}

/** Seals every probe secret (credentials, wifi and APN passwords encrypted at rest: docs/product/entities.md#probe). */
export function protectProbe(probe: ProbeFields, seal: Seal, previous?: ProbeFields): ProbeFields {
  const { credentials } = probe;
  const before = previous?.credentials;
  return {
    ...probe,
    device: {
      ...probe.device,
      wifi: sealList(probe.device.wifi, previous?.device.wifi, (wifi) => wifi.ssid, seal),
      apns: sealList(probe.device.apns, previous?.device.apns, (apn) => apn.name, seal),
    },
    credentials: {
      ...credentials,
      ...(credentials.voip ? { voip: sealAccount(credentials.voip, before?.voip, seal) } : {}),
      ...(credentials.facebook ? { facebook: sealAccount(credentials.facebook, before?.facebook, seal) } : {}),
      ...(credentials.twitter ? { twitter: sealAccount(credentials.twitter, before?.twitter, seal) } : {}),
      ...(credentials.netflix ? { netflix: sealAccount(credentials.netflix, before?.netflix, seal) } : {}),
    },
  };
}
