/** Shards and replicas of each index the platform creates (ELASTICSEARCH_SHARDS, ELASTICSEARCH_REPLICAS). */
export interface IndexSettings {
  shards: number;
  replicas: number;
}

/** One node: a replica is never allocated on the node holding its primary, so there is none. */
export const singleNodeIndexSettings: IndexSettings = { shards: 1, replicas: 0 };

export const indexSettingsOf = ({ shards, replicas }: IndexSettings) => ({
  number_of_shards: shards,
  number_of_replicas: replicas,
});
