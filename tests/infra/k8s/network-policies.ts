import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';

type ILabelSelector = NonNullable<INetworkPolicy['spec']>['podSelector'];

/** A pod as network policies see it (its namespace and labels), or an IPv4 address outside the cluster. */
export type Endpoint = { namespace: string; labels: Record<string, string> } | { address: string };

const ipv4 = (address: string) => address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
const inBlock = (address: string, cidr: string) => {
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
};

const selects = (selector: ILabelSelector | undefined, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    if (operator === 'In') return values.includes(labels[key] ?? '');
    return !values.includes(labels[key] ?? '');
  });

const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });

function peerMatches(peer: INetworkPolicyPeer, policyNamespace: string, other: Endpoint) {
  if ('address' in other)
    return (
      peer.ipBlock !== undefined &&
      inBlock(other.address, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((except) => inBlock(other.address, except))
    );
  if (peer.ipBlock) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, namespaceLabels(other.namespace))
    : other.namespace === policyNamespace;
  return namespaceOk && (!peer.podSelector || selects(peer.podSelector, other.labels));
}

/**
 * Whether the policies let `subject` receive from (Ingress) or send to (Egress) `other` on a TCP or UDP port: a pod
 * no policy of that direction selects is open; one that some select is open only to what one of their rules allows.
 * Ports are matched by number.
 */
export function allows(
  policies: INetworkPolicy[],
  direction: 'Ingress' | 'Egress',
  subject: Endpoint,
  other: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  if ('address' in subject) return true;
  const selecting = policies.filter(
    (policy) =>
      policy.metadata?.namespace === subject.namespace &&
      selects(policy.spec?.podSelector, subject.labels) &&
      (policy.spec?.policyTypes ?? ['Ingress']).includes(direction),
  );
  if (selecting.length === 0) return true;
  return selecting.some((policy) => {
    const rules =
      direction === 'Ingress'
        ? (policy.spec?.ingress ?? []).map((rule) => ({ peers: rule.from, ports: rule.ports }))
        : (policy.spec?.egress ?? []).map((rule) => ({ peers: rule.to, ports: rule.ports }));
    return rules.some(
      ({ peers, ports }) =>
        (!peers?.length || peers.some((peer) => peerMatches(peer, subject.namespace, other))) &&
        (!ports?.length ||
          ports.some((rulePort) => rulePort.port === port && (rulePort.protocol ?? 'TCP') === protocol)),
    );
  });
}

/** Whether a connection from `client` to `server`'s port gets through: egress at one end, ingress at the other (an
 * address outside the cluster has no policies of these). */
export const connects = (
  policies: INetworkPolicy[],
  client: Endpoint,
  server: Endpoint,
  port: number,
  protocol?: string,
) =>
  allows(policies, 'Egress', client, server, port, protocol) &&
  allows(policies, 'Ingress', server, client, port, protocol);
