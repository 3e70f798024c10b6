import { useDroppable } from '@dnd-kit/core';
import { SortableContext, type SortingStrategy, useSortable } from '@dnd-kit/sortable';
import {
  createContext,
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useRef,
} from 'react';
import { useTranslate } from '../i18n/use-translate';
import { type DropData, type MoveKey, type Place, useArrangement } from './arrangement';
import type { Block } from './block-model';
import { Icon, type IconName } from './icons';
import { usePageEditing } from './page-editing';
import './messages';

/** The place of the block being rendered, and the slots of its parent (where "Move" mode may take it). */
const PlaceContext = createContext<{ place: Place | null; slots: readonly string[] }>({
  place: null,
  slots: [],
});

/** The block whose place the keyboard last changed, and the tool that did it (one page builder at a time). */
let lastMoved: { uid: string; tool: 'up' | 'down' | 'move' } | null = null;

/** No block shifts while one is dragged: the drop is measured against the blocks where they stand. */
const inPlace: SortingStrategy = () => null;

const MOVE_KEYS: Readonly<Record<string, MoveKey>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

function ToolButton({
  ref,
  icon,
  label,
  title = label,
  ...rest
}: {
  ref?: Ref<HTMLButtonElement>;
  icon: IconName;
  label: string;
  title?: string;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button ref={ref} type="button" className="page-tool" aria-label={label} title={title} {...rest}>
      <Icon name={icon} />
    </button>
  );
}

/** A new file for one attachment: the button opens the file picker, the chosen file replaces it in place. */
function ReplaceFile({ block, name, label }: { block: Block; name: string; label: string }) {
  const { replaceFile } = usePageEditing();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <ToolButton icon="replace" label={label} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) replaceFile(block, name, chosen);
          event.target.value = '';
        }}
      />
    </>
  );
}

/**
 * A block in edit mode: a group holding its content and a toolbar of icon buttons that shows on
 * hover and on focus (pages.css; only the innermost block's). "Move block" is the drag handle and,
 * pressed, the keyboard "Move" mode: arrows move the block, Enter drops it, Escape cancels.
 */
export function BlockFrame({
  block,
  typeLabel,
  first,
  last,
  editable,
  children,
}: {
  block: Block;
  typeLabel: string;
  first: boolean;
  last: boolean;
  editable: boolean;
  children: ReactNode;
}) {
  const t = useTranslate();
  const { edit, remove, move } = usePageEditing();
  const arrangement = useArrangement();
  const { place, slots } = useContext(PlaceContext);
  const name = block.name || typeLabel;
  const moving = arrangement.moving?.block.uid === block.uid;
  const sortable = useSortable({
    id: block.uid,
    data: { kind: 'block', block, place: place ?? { parent: block, slot: '', index: 0 } } satisfies DropData,
    disabled: arrangement.moving !== null || place === null,
  });
  const up = useRef<HTMLButtonElement | null>(null);
  const down = useRef<HTMLButtonElement | null>(null);
  const handle = useRef<HTMLButtonElement | null>(null);
  // a moved block comes back in its new place: the keyboard stays on the tool that moved it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the block's place changes
  useEffect(() => {
    if (lastMoved?.uid !== block.uid) return;
    const { tool } = lastMoved;
    lastMoved = null;
    const wanted = tool === 'move' ? handle.current : tool === 'up' ? up.current : down.current;
    const target = wanted && !wanted.disabled ? wanted : tool === 'up' ? down.current : up.current;
    if (document.activeElement !== target) target?.focus();
  }, [block.position, first, last]);
  // in "Move" mode the block changes place (and list) at each arrow: the keyboard goes with it
  useEffect(() => {
    if (moving && document.activeElement !== handle.current) handle.current?.focus();
  });
  const moveBy = (offset: -1 | 1) => {
    lastMoved = { uid: block.uid, tool: offset < 0 ? 'up' : 'down' };
    move(block, offset);
  };
  const drop = () => {
    lastMoved = { uid: block.uid, tool: 'move' };
    arrangement.drop();
  };
  const onMoveKey = (event: KeyboardEvent) => {
    if (!moving) return;
    const key = MOVE_KEYS[event.key];
    if (key || event.key === 'Enter' || event.key === 'Escape') {
      // Enter would also click the button; Escape would also close a dialog around
      event.preventDefault();
      event.stopPropagation();
    }
    if (key) arrangement.step(key);
    else if (event.key === 'Enter') drop();
    else if (event.key === 'Escape') arrangement.cancel();
  };
  const attachments = Object.keys(block.attachments);
  const classes = ['page-block'];
  if (block.dirty) classes.push('page-block--dirty');
  if (moving) classes.push('page-block--moving');
  if (sortable.isDragging) classes.push('page-block--dragging');
  const source = sortable.active?.data.current as DropData | undefined;
  if (sortable.isOver && source?.kind === 'block' && source.block.uid !== block.uid && place) {
    // moving down its own slot, a block lands after the one it is dropped on; anywhere else, before
    const after =
      source.place.parent.uid === place.parent.uid &&
      source.place.slot === place.slot &&
      source.place.index < place.index;
    classes.push(after ? 'page-block--drop-after' : 'page-block--drop-before');
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a block groups its tools and its content; it is no form fieldset
    <div
      ref={sortable.setNodeRef}
      className={classes.join(' ')}
      role="group"
      aria-label={`${typeLabel}: ${name}`}
      data-uid={block.uid}
    >
      <div className="page-block__tools" role="toolbar" aria-label={t('pages.blockTools', { block: name })}>
        <button
          ref={(node) => {
            handle.current = node;
            sortable.setActivatorNodeRef(node);
          }}
          type="button"
          className="page-tool page-tool--grip"
          aria-label={t('pages.moveBlock')}
          aria-pressed={moving}
          title={t('pages.moveBlockTitle')}
          {...sortable.listeners}
          onClick={() => (moving ? drop() : place && arrangement.start(block, place, slots))}
          onKeyDown={onMoveKey}
          onBlur={(event) => {
            // a blur from the block changing place has no next element; the Tab key has one
            if (moving && event.relatedTarget) arrangement.cancel();
          }}
        >
          <Icon name="grip" />
        </button>
        <span className="page-block__type">{typeLabel}</span>
        {editable && <ToolButton icon="pencil" label={t('pages.editBlock')} onClick={() => edit(block)} />}
        {attachments.map((key) => (
          <ReplaceFile
            key={key}
            block={block}
            name={key}
            label={attachments.length > 1 ? t('pages.replaceFileOf', { file: key }) : t('pages.replaceFile')}
          />
        ))}
        <ToolButton
          ref={up}
          icon="up"
          label={t('pages.moveUp')}
          disabled={first}
          onClick={() => moveBy(-1)}
        />
        <ToolButton
          ref={down}
          icon="down"
          label={t('pages.moveDown')}
          disabled={last}
          onClick={() => moveBy(1)}
        />
        <ToolButton icon="trash" label={t('pages.removeBlock')} onClick={() => remove(block)} />
      </div>
      {children}
    </div>
  );
}

/**
 * The blocks of one slot in edit mode: a sortable list and a drop target, an insertion point
 * ("Add block") before each block and "Add block" at its end. In "Move" mode the moving block is
 * shown where it would land.
 */
export function EditableSlot({
  parent,
  slot,
  slots,
  render,
}: {
  parent: Block;
  slot: string;
  slots: readonly string[];
  render(block: Block, first: boolean, last: boolean): ReactNode;
}) {
  const t = useTranslate();
  const { add } = usePageEditing();
  const { moving } = useArrangement();
  const blocks = parent.children[slot] ?? [];
  const end: Place = { parent, slot, index: blocks.length };
  const droppable = useDroppable({ id: `slot:${parent.uid}:${slot}`, data: { kind: 'slot', place: end } });
  let shown = blocks;
  if (moving) {
    const here = (place: Place) => place.parent.uid === parent.uid && place.slot === slot;
    if (here(moving.from)) shown = shown.filter((block) => block.uid !== moving.block.uid);
    if (here(moving.to))
      shown = [...shown.slice(0, moving.to.index), moving.block, ...shown.slice(moving.to.index)];
  }
  const addable = parent.validchildren.length > 0;
  const placeOf = (block: Block): Place =>
    block.uid === moving?.block.uid ? moving.from : { parent, slot, index: blocks.indexOf(block) };
  return (
    <SortableContext id={`${parent.uid}:${slot}`} items={shown.map((block) => block.uid)} strategy={inPlace}>
      <div
        ref={droppable.setNodeRef}
        className={`page-slot${droppable.isOver ? ' page-slot--over' : ''}`}
        data-slot={slot}
      >
        {shown.map((block, index) => (
          <Fragment key={block.uid}>
            {addable && !moving && (
              <div className="page-insert">
                <button
                  type="button"
                  className="page-tool page-insert__button"
                  aria-label={t('pages.addBlock')}
                  title={t('pages.addHere')}
                  onClick={() => add(parent, slot, index)}
                >
                  <Icon name="plus" />
                </button>
              </div>
            )}
            <PlaceContext.Provider value={{ place: placeOf(block), slots }}>
              {render(block, index === 0, index === shown.length - 1)}
            </PlaceContext.Provider>
          </Fragment>
        ))}
        {addable && (
          <button type="button" className="page-add-block" onClick={() => add(parent, slot)}>
            {t('pages.addBlock')}
          </button>
        )}
      </div>
    </SortableContext>
  );
}
