// k6 run load-tests/k6/configuration-commands.k6.ts (variables: load-tests/k6/README.md)
import { k6Options, k6Runtime, play } from './k6-runtime.ts';
import { configurationCommands } from './scenarios/configuration-commands.ts';
import type { ContextOf } from './scenarios/scenario.ts';

type Context = ContextOf<typeof configurationCommands>;

export const options = k6Options(configurationCommands);

export function setup(): Context {
  return play(configurationCommands.setup(__ENV, k6Runtime), 'setup');
}

export default function (context: Context) {
  play(configurationCommands.iteration(context, k6Runtime), 'load');
}
