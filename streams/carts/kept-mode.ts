import type { OutboxEntry } from '../outbox/events';
import { setRequested } from '../preferences/events';
import { PORTAL_PREFERENCES } from '../preferences/selectors';
import { type ContentMode, contentModeSchema } from './model';

/**
 * The content mode a user chose whose save is still kept in the outbox (offline, server down),
 * the last one if several: after a reload it is still their choice, over the older value the
 * server answers for the preference until the write is sent.
 */
export function keptContentMode(entries: readonly OutboxEntry[]): ContentMode | null {
  for (const entry of [...entries].reverse()) {
    if (entry.type !== setRequested.type) continue;
    const input = (entry.payload as { input?: { key?: unknown; value?: unknown } } | undefined)?.input;
    if (input?.key !== PORTAL_PREFERENCES.cartContentMode) continue;
    const mode = contentModeSchema.safeParse(input.value);
    if (mode.success) return mode.data;
  }
  return null;
}
