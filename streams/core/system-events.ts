import * as z from 'zod';
import { serializedErrorSchema } from './errors';
import { defineEvent } from './event';

/** Kernel events: the store and the epic combiner emit these, the system slice keeps them. */
export const reducerFailed = defineEvent(
  'system/reducerFailed',
  z.object({ eventType: z.string(), eventSeq: z.number(), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const epicCrashed = defineEvent(
  'system/epicCrashed',
  z.object({ epic: z.string(), error: serializedErrorSchema, restarted: z.boolean() }),
  { source: 'system', redact: [], failure: true },
);
