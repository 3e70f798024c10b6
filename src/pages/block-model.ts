import type { BlockChanges, PageComponent } from '../../streams/pages/selectors';

export { ASSET_LIST_DEFAULT_MAX } from '../../streams/pages/selectors';

/**
 * A block of a page: a component of the tree the pages domain builds from the `parent` chains
 * (protocol §14.2; `PageComponent`, streams/pages/model.ts). The root is the page itself.
 */
export type Block = PageComponent;

/** What an edit changes on a block before "Save" (`pages/blockChanged`). */
export type BlockChange = BlockChanges;

export const stringProp = (props: Record<string, unknown>, key: string): string => {
  const value = props[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

export const numberProp = (props: Record<string, unknown>, key: string): number | null => {
  const value = props[key];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
};

/** The asset id a block points at (`assetId`, or `asset` as an id or `{id}`), as text. */
export function assetIdOf(props: Record<string, unknown>): string | null {
  const direct = props.assetId ?? props.asset;
  if (typeof direct === 'number' || (typeof direct === 'string' && direct !== '')) return String(direct);
  if (direct && typeof direct === 'object' && 'id' in direct) {
    const id = (direct as { id?: unknown }).id;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  return null;
}

/** The children of every slot, slots in name order ('main' first), for a flat walk. */
export function slotsOf(block: Pick<Block, 'children'>): string[] {
  return Object.keys(block.children).sort((a, b) =>
    a === 'main' ? -1 : b === 'main' ? 1 : a.localeCompare(b),
  );
}

/** A slot as people name it: the page's own (by the page's name), or a container's (`Columns › left`). */
export const slotName = (parent: Pick<Block, 'object' | 'name'>, slot: string): string =>
  parent.object === 'clubwedpagedesc' ? parent.name : `${parent.name} › ${slot}`;

type SettingsCheck =
  | { ok: true; props: Record<string, unknown> }
  | { ok: false; reason: 'syntax'; message: string }
  | { ok: false; reason: 'notObject' | 'max' };

/**
 * The asset-list settings textbox, checked before "Apply" (its saved config must be valid JSON:
 * protocol §14.2): a JSON object, whose `max`, when given, is a whole number from 1 to 100.
 */
export function checkSettings(text: string): SettingsCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'syntax', message: error instanceof Error ? error.message : String(error) };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, reason: 'notObject' };
  const props = parsed as Record<string, unknown>;
  if ('max' in props) {
    const max = props.max;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 100)
      return { ok: false, reason: 'max' };
  }
  return { ok: true, props };
}

/** The block's own props, without its attachments (a change sends these: `pages/blockChanged`). */
export function ownProps(block: Pick<Block, 'props' | 'attachments'>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block.props)) {
    if (!Object.hasOwn(block.attachments, key)) props[key] = value;
  }
  return props;
}

/** The same props with one more key set. */
export const withProp = (block: Pick<Block, 'props' | 'attachments'>, key: string, value: unknown) => ({
  ...ownProps(block),
  [key]: value,
});
