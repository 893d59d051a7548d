import type { SchemaModule } from '../platform/sql/migrations.ts';
import { identitySchema } from './identity/identity-store.ts';
import { launchesSchema } from './launcher/launch-store.ts';

/** The tables features own in the event store's database (the platform's adapters migrate their own as they open). */
export const featureSchemaModules: readonly SchemaModule[] = [identitySchema, launchesSchema];
