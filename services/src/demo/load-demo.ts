import { servicesOf } from '@nq/platform/entities/entity-catalog';
import type { Platform } from '@nq/platform/platform';
import { loadDemoData as loadInto } from './demo-data.ts';

/** The demo configuration for a fresh start (nothing when the store already holds events). */
export const loadDemoData = (platform: Platform) => loadInto(platform, servicesOf(platform.entities));

export { demoLogins } from './demo-data.ts';

export { loadDemoHistory } from './demo-history.ts';
