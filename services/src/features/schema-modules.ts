import type { SchemaModule } from '../platform/sql/migrations.ts';
import { alertingSchema } from './alerts/alert-history-store.ts';
import { identitySchema } from './identity/identity-store.ts';
import { launchesSchema } from './launcher/launch-store.ts';
import { pushSubscriptionsSchema } from './push/push-subscriptions.ts';

/** The tables features own in the event store's database (the platform's adapters migrate their own as they open). */
export const featureSchemaModules: readonly SchemaModule[] = [
  alertingSchema,
  identitySchema,
  launchesSchema,
  pushSubscriptionsSchema,
];
