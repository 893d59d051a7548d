// k6 run load-tests/k6/probe-ingestion.k6.ts (variables: load-tests/k6/README.md)
import { k6Options, k6Runtime, play } from './k6-runtime.ts';
import { probeIngestion } from './scenarios/probe-ingestion.ts';
import type { ContextOf } from './scenarios/scenario.ts';

type Context = ContextOf<typeof probeIngestion>;

export const options = k6Options(probeIngestion);

export function setup(): Context {
  return play(probeIngestion.setup(__ENV, k6Runtime), 'setup');
}

export default function (context: Context) {
  play(probeIngestion.iteration(context, k6Runtime), 'load');
}
