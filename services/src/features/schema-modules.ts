import type { SchemaModule } from '../platform/sql/migrations.ts';
import { alertingSchema } from './alerts/index.ts';
import { identitySchema } from './identity/index.ts';
import { launchesSchema } from './launcher/index.ts';
import { pushSubscriptionsSchema } from './push/index.ts';

/** The tables features own in the event store's database (the platform's adapters migrate their own as they open). */
export const featureSchemaModules: readonly SchemaModule[] = [
  alertingSchema,
  identitySchema,
  launchesSchema,
  pushSubscriptionsSchema,
];
