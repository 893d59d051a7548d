import { describe, expect, it } from 'vitest';
import { elasticsearchFailureOf } from './elasticsearch-failure.ts';

describe('an Elasticsearch failure in one line', () => {
  it('names each cause, the deepest last, with long reasons cut', () => {
    const line = elasticsearchFailureOf({
      type: 'no_shard_available_action_exception',
      reason: `No shard available for [MultiGetShardRequest{${'x'.repeat(400)}}]`,
      caused_by: { type: 'already_closed_exception', reason: 'engine is closed' },
    });
    expect(line).toMatch(/^no_shard_available_action_exception: No shard available for \[MultiGetShardRequest\{x+…/);
    expect(line.length).toBeLessThan(300);
    expect(line.endsWith(' ← already_closed_exception: engine is closed')).toBe(true);
  });
});
