import type { ComponentType } from 'react';
import type { MessageKey } from '../../i18n/messages-en';
import { useTranslate } from '../../i18n/use-translate';
import { type Block, slotsOf } from '../block-model';
import { BlockFrame, EditableSlot } from '../block-frame';
import { usePageEditing } from '../page-editing';
import { AssetListBlock, HeroBlock, ImageBlock, PlayerBlock } from './media-blocks';
import { CallToActionBlock, DownloadsBlock, HeadingBlock, RichTextBlock } from './text-blocks';
import '../messages';

/** What "Edit block" opens for a type (see `block-editor.tsx`). */
type BlockEditorKind = 'heading' | 'rich-text' | 'settings' | 'asset' | 'link' | 'none';

interface BlockType {
  label: MessageKey;
  View: ComponentType<{ block: Block }>;
  editor: BlockEditorKind;
}

/**
 * The block types a page is built of, by component name. A new type is one line here (its view,
 * its editor kind, its label in `messages.ts`); anything else is an unknown type: a visible
 * placeholder in edit mode, nothing for readers.
 */
const BLOCK_TYPES: Readonly<Record<string, BlockType>> = {
  heading: { label: 'pages.type.heading', View: HeadingBlock, editor: 'heading' },
  'rich-text': { label: 'pages.type.rich-text', View: RichTextBlock, editor: 'rich-text' },
  image: { label: 'pages.type.image', View: ImageBlock, editor: 'asset' },
  'asset-list': { label: 'pages.type.asset-list', View: AssetListBlock, editor: 'settings' },
  columns: { label: 'pages.type.columns', View: ColumnsBlock, editor: 'none' },
  'call-to-action': { label: 'pages.type.call-to-action', View: CallToActionBlock, editor: 'link' },
  player: { label: 'pages.type.player', View: PlayerBlock, editor: 'asset' },
  hero: { label: 'pages.type.hero', View: HeroBlock, editor: 'asset' },
  downloads: { label: 'pages.type.downloads', View: DownloadsBlock, editor: 'none' },
};

/** Other spellings of the same types. */
const ALIASES: Readonly<Record<string, string>> = {
  title: 'heading',
  richtext: 'rich-text',
  text: 'rich-text',
  assetlist: 'asset-list',
  'asset-player': 'player',
  video: 'player',
  cta: 'call-to-action',
  calltoaction: 'call-to-action',
  button: 'call-to-action',
};

export function blockTypeName(component: string): string | null {
  const name = ALIASES[component] ?? component;
  return Object.hasOwn(BLOCK_TYPES, name) ? name : null;
}

export function blockTypeOf(component: string): BlockType | null {
  const name = blockTypeName(component);
  return name ? (BLOCK_TYPES[name] ?? null) : null;
}

/** The label of a component name, known or not (an unknown one shows as it is). */
export function useBlockLabel(): (component: string) => string {
  const t = useTranslate();
  return (component) => {
    const type = blockTypeOf(component);
    return type ? t(type.label) : component;
  };
}

/** A block as readers see it, or inside its page-builder frame in edit mode. */
function BlockView({ block, first, last }: { block: Block; first: boolean; last: boolean }) {
  const t = useTranslate();
  const editing = usePageEditing();
  const type = blockTypeOf(block.component);
  if (!editing.editing) {
    if (!block.enabled || !type || block.propsError) return null;
    return <type.View block={block} />;
  }
  return (
    <BlockFrame
      block={block}
      typeLabel={type ? t(type.label) : block.component}
      first={first}
      last={last}
      editable={type !== null && type.editor !== 'none'}
    >
      {!block.enabled && <p className="page-block__note">{t('pages.disabledBlock')}</p>}
      {block.propsError ? (
        <p className="page-block__note page-block__note--error" role="note">
          {t('pages.blockError', { message: block.propsError })}
        </p>
      ) : type ? (
        <type.View block={block} />
      ) : (
        <p className="page-block__note page-block__note--unknown" role="note">
          {t('pages.unknownBlock', { type: block.component })}
        </p>
      )}
    </BlockFrame>
  );
}

/** The blocks of one slot in order; in edit mode, arranged (see `EditableSlot`). */
export function BlockList({
  parent,
  slot,
  slots = [slot],
}: {
  parent: Block;
  slot: string;
  /** the parent's slots, where the keyboard "Move" mode may take a block */
  slots?: readonly string[];
}) {
  const { editing } = usePageEditing();
  const blocks = parent.children[slot] ?? [];
  const view = (block: Block, first: boolean, last: boolean) => (
    <BlockView key={block.uid} block={block} first={first} last={last} />
  );
  if (editing) return <EditableSlot parent={parent} slot={slot} slots={slots} render={view} />;
  return <>{blocks.map((block, index) => view(block, index === 0, index === blocks.length - 1))}</>;
}

/** The slots of a container: those its props name (`slots`), then any other holding blocks, else `left` and `right`. */
function containerSlots(block: Block): string[] {
  const named = Array.isArray(block.props.slots)
    ? block.props.slots.filter((slot): slot is string => typeof slot === 'string')
    : [];
  const slots = [...named, ...slotsOf(block).filter((slot) => !named.includes(slot))];
  return slots.length > 0 ? slots : ['left', 'right'];
}

/** Columns side by side, one per slot, each a list of blocks. */
function ColumnsBlock({ block }: { block: Block }) {
  const slots = containerSlots(block);
  return (
    <div className="page-columns">
      {slots.map((slot) => (
        <div key={slot} className="page-columns__column">
          <BlockList parent={block} slot={slot} slots={slots} />
        </div>
      ))}
    </div>
  );
}
