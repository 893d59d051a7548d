import { openPgliteClient } from '../../sql/pglite-client.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import { openEmbeddedLog } from './embedded-log.ts';

describeLogPortContract('embedded (PGlite)', async () => openEmbeddedLog(await openPgliteClient()));
