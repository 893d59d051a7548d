// k6 run load-tests/k6/analyst-reads.k6.ts (variables: load-tests/k6/README.md)
import { k6Options, k6Runtime, play } from './k6-runtime.ts';
import { analystReads } from './scenarios/analyst-reads.ts';
import type { ContextOf } from './scenarios/scenario.ts';

type Context = ContextOf<typeof analystReads>;

export const options = k6Options(analystReads);

export function setup(): Context {
  return play(analystReads.setup(__ENV, k6Runtime), 'setup');
}

export default function (context: Context) {
  play(analystReads.iteration(context, k6Runtime), 'load');
}
