import type { CheckDefinition } from '../types.js';
import { ackFirst } from './ack-first.js';
import { filterHonoured } from './filter-honoured.js';
import { notificationsTagged } from './tagged.js';

/** The subscriptions checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [ackFirst, filterHonoured, notificationsTagged];
