import { servicesOf } from '../platform/entities/entity-catalog.ts';
import type { Platform } from '../platform/platform.ts';
import { loadDemoData as loadInto } from './demo-data.ts';

/** The demo configuration for a fresh start (nothing when the store already holds events). */
export const loadDemoData = (platform: Platform) => loadInto(platform, servicesOf(platform.entities));

export { demoLogins } from './demo-data.ts';

export { loadDemoHistory } from './demo-history.ts';
