/** How many documents of the measurements index carry each of `ids` (absent: none), read with one search. */
export async function indexedCounts(elasticsearchUrl: string, alias: string, ids: string[]) {
  const response = await fetch(`${elasticsearchUrl}/${alias}/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ size: ids.length * 2, _source: false, query: { ids: { values: ids } } }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`searching ${alias}: ${response.status} ${await response.text()}`);
  const { hits } = (await response.json()) as { hits: { hits: { _id: string }[] } };
  const counts = new Map<string, number>();
  for (const hit of hits.hits) counts.set(hit._id, (counts.get(hit._id) ?? 0) + 1);
  return counts;
}

/**
 * Every measurement of the given probes in the index, with how many documents each id has (more than one would be a
 * duplicate in another monthly index), paged through a composite aggregation so that no id is skipped.
 */
export async function everyIndexedMeasurement(elasticsearchUrl: string, alias: string, probeIds: string[]) {
  await fetch(`${elasticsearchUrl}/${alias}/_refresh`, { method: 'POST' });
  const counts = new Map<string, number>();
  let after: Record<string, string> | undefined;
  for (;;) {
    const response = await fetch(`${elasticsearchUrl}/${alias}/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        size: 0,
        query: { terms: { probeId: probeIds } },
        aggs: {
          ids: {
            composite: {
              size: 10_000,
              sources: [{ id: { terms: { field: 'measurementId' } } }],
              ...(after ? { after } : {}),
            },
          },
        },
      }),
    });
    if (!response.ok) throw new Error(`reading ${alias}: ${response.status} ${await response.text()}`);
    const { aggregations } = (await response.json()) as {
      aggregations: {
        ids: { buckets: { key: { id: string }; doc_count: number }[]; after_key?: Record<string, string> };
      };
    };
    for (const bucket of aggregations.ids.buckets) counts.set(bucket.key.id, bucket.doc_count);
    if (!aggregations.ids.after_key || aggregations.ids.buckets.length === 0) return counts;
    after = aggregations.ids.after_key;
  }
}
