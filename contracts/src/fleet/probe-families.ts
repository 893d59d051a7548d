import { z } from 'zod';
import { missingOr } from '../configuration/common.ts';

/** Probe (docs/product/entities.md#probe): what a probe is built on. A task suite is written for one family. */
export const probeFamilies = ['Agent', 'Agent Library', 'Cube', 'oDroid XU4', 'Picoprobe', 'Cubo solidRun'] as const;
export type ProbeFamily = (typeof probeFamilies)[number];

export const probeFamilySchema = z.enum(probeFamilies, { error: missingOr('validation.invalidOption') });
