export interface TopicPartition {
  topic: string;
  partition: number;
}

interface Member {
  id: number;
  subscribed: TopicPartition[];
}

/**
 * In-process consumer-group membership: every partition a group subscribes to is owned by one member at a time,
 * spread round-robin and recomputed whenever a member joins or leaves.
 */
export class GroupCoordinator {
  #groups = new Map<string, Member[]>();
  #assignments = new Map<number, TopicPartition[]>();
  #nextId = 0;

  join(groupId: string, subscribed: TopicPartition[]) {
    const member: Member = { id: this.#nextId++, subscribed };
    this.#groups.set(groupId, [...(this.#groups.get(groupId) ?? []), member]);
    this.#rebalance(groupId);
    return {
      assignment: () => this.#assignments.get(member.id) ?? [],
      leave: () => {
        this.#groups.set(
          groupId,
          (this.#groups.get(groupId) ?? []).filter((other) => other !== member),
        );
        this.#assignments.delete(member.id);
        this.#rebalance(groupId);
      },
    };
  }

  #rebalance(groupId: string) {
    const members = this.#groups.get(groupId) ?? [];
    const owners = new Map<string, TopicPartition & { candidates: Member[] }>();
    for (const member of members) {
      for (const tp of member.subscribed) {
        const id = `${tp.topic}\u0000${tp.partition}`;
        owners.set(id, { ...tp, candidates: [...(owners.get(id)?.candidates ?? []), member] });
      }
    }
    for (const member of members) this.#assignments.set(member.id, []);
    [...owners.values()]
      .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition)
      .forEach(({ topic, partition, candidates }, index) => {
        const owner = candidates[index % candidates.length]!;
        this.#assignments.get(owner.id)!.push({ topic, partition });
      });
  }
}
