import { analystReads } from './analyst-reads.ts';
import { configurationCommands } from './configuration-commands.ts';
import { probeIngestion } from './probe-ingestion.ts';

/** The three load scenarios, by the name k6 and the Node runner give them. */
export const scenarios = { analystReads, configurationCommands, probeIngestion };
