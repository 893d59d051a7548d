import type { Admin } from '@platformatic/kafka';
import type { PartitionLag } from '../log-port.ts';

/** Asks for the partition's end offset (the next one to be written). */
const latest = -1n;

/** A group's lag on each partition it has committed on, as the broker sees it: end offset minus committed offset. */
export async function kafkaGroupLag(admin: Admin, groupId: string): Promise<PartitionLag[]> {
  const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const committed = (group?.topics ?? []).flatMap(({ name, partitions }) =>
    partitions
      .filter(({ committedOffset }) => committedOffset >= 0n)
      .map(({ partitionIndex, committedOffset }) => ({ topic: name, partition: partitionIndex, committedOffset })),
  );
  if (committed.length === 0) return [];
  const ends = await admin.listOffsets({
    topics: [...Map.groupBy(committed, ({ topic }) => topic)].map(([name, partitions]) => ({
      name,
      partitions: partitions.map(({ partition }) => ({ partitionIndex: partition, timestamp: latest })),
    })),
  });
  const endOf = new Map(
    ends.flatMap(({ name, partitions }) =>
      partitions.map(({ partitionIndex, offset }) => [`${name}:${partitionIndex}`, offset]),
    ),
  );
  return committed.map(({ topic, partition, committedOffset }) => {
    const end = endOf.get(`${topic}:${partition}`) ?? committedOffset;
    return {
      topic,
      partition,
      records: Number(end > committedOffset ? end - committedOffset : 0n),
      committedOffset: Number(committedOffset),
    };
  });
}
