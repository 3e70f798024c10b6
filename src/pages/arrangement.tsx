import {
  type Active,
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type Over,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { type Block, slotName } from './block-model';
import { usePageEditing } from './page-editing';
import './messages';

/** Where a block stands, or may land: a slot of a parent (the page or a container block), a place in it. */
export interface Place {
  parent: Block;
  slot: string;
  index: number;
}

/** A block in keyboard "Move" mode: where it was, where it would land now, the slots it may go to. */
interface Moving {
  block: Block;
  from: Place;
  to: Place;
  slots: readonly string[];
}

export type MoveKey = 'up' | 'down' | 'left' | 'right';

interface Arrangement {
  moving: Moving | null;
  start(block: Block, from: Place, slots: readonly string[]): void;
  step(key: MoveKey): void;
  drop(): void;
  cancel(): void;
}

const ArrangementContext = createContext<Arrangement>({
  moving: null,
  start: () => undefined,
  step: () => undefined,
  drop: () => undefined,
  cancel: () => undefined,
});

export const useArrangement = (): Arrangement => useContext(ArrangementContext);

/** What the draggables and droppables carry: a block in its place, or the end of a slot. */
export type DropData = { kind: 'block'; block: Block; place: Place } | { kind: 'slot'; place: Place };

const sameSlot = (a: Place, b: Place) => a.parent.uid === b.parent.uid && a.slot === b.slot;

/** The blocks a slot holds once the moving block has left it (the count of places it may take there). */
const othersIn = (place: Place, moving: Block) =>
  (place.parent.children[place.slot] ?? []).filter((block) => block.uid !== moving.uid).length;

/** Whether `place` lies inside `block` (a container dropped into itself). */
const inside = (place: Place, block: Block) => `${place.parent.componentFullUid}_`.includes(`${block.uid}_`);

/** The next place of a moving block for an arrow key, within its slot or to a neighbouring slot. */
function stepped(moving: Moving, key: MoveKey): Place {
  const { to, slots, block } = moving;
  if (key === 'up') return { ...to, index: Math.max(0, to.index - 1) };
  if (key === 'down') return { ...to, index: Math.min(othersIn(to, block), to.index + 1) };
  const slot = slots[slots.indexOf(to.slot) + (key === 'left' ? -1 : 1)];
  if (slot === undefined) return to;
  const next = { ...to, slot };
  return { ...next, index: Math.min(to.index, othersIn(next, block)) };
}

/**
 * The droppable under the pointer that is innermost (the smallest): a block of a column rather
 * than the columns block, a slot's end rather than the page. A block never lands inside itself.
 */
const innermost: CollisionDetection = (args) => {
  const dragged = (args.active.data.current as DropData | undefined)?.kind === 'block' ? args.active : null;
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return pointerWithin(args)
    .filter((hit) => {
      const data = hit.data?.droppableContainer?.data.current as DropData | undefined;
      const block = (dragged?.data.current as DropData | undefined) ?? null;
      return data && !(block?.kind === 'block' && inside(data.place, block.block));
    })
    .sort((a, b) => area(a.id) - area(b.id));
};

const nameOf = (block: Block) => block.name || block.component;

const blockOf = (active: Active) => {
  const data = active.data.current as DropData | undefined;
  return data?.kind === 'block' ? data : null;
};

/** The place a drop on `over` means: before the block it is over, or at the end of the slot. */
function landing(over: Over | null): Place | null {
  const data = over?.data.current as DropData | undefined;
  if (!data) return null;
  if (data.kind === 'block') return data.place;
  return { ...data.place, index: (data.place.parent.children[data.place.slot] ?? []).length };
}

/**
 * The page builder's arrangement: drag and drop (dnd-kit, by the "Move block" handle) and the
 * keyboard "Move" mode (arrows, Enter drops, Escape cancels), both told in a live region. A drop
 * within its slot is a move by so many places; into another slot, a transfer. While dragging,
 * nothing shifts: the blocks keep the places the drop is measured against, and the block under
 * the pointer shows where the dragged one would land.
 */
export function BlockArrangement({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const editing = usePageEditing();
  const [moving, setMoving] = useState<Moving | null>(null);
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<Block | null>(null);
  const current = useRef<Moving | null>(null);
  current.current = moving;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const where = (place: Place, block: Block) => ({
    block: nameOf(block),
    position: place.index + 1,
    count: othersIn(place, block) + 1,
    slot: slotName(place.parent, place.slot),
  });

  const land = (block: Block, from: Place, to: Place) => {
    if (inside(to, block)) return;
    if (!sameSlot(from, to)) editing.transfer(block, to.parent, to.slot, to.index);
    else if (to.index !== from.index) editing.move(block, to.index - from.index);
  };

  const arrangement: Arrangement = {
    moving,
    start(block, from, slots) {
      setMoving({ block, from, to: from, slots });
      setSaid(t('pages.moveStarted', where(from, block)));
    },
    step(key) {
      const now = current.current;
      if (!now) return;
      const next = { ...now, to: stepped(now, key) };
      setMoving(next);
      setSaid(t('pages.movePosition', where(next.to, now.block)));
    },
    drop() {
      const now = current.current;
      if (!now) return;
      setMoving(null);
      setSaid(t('pages.moveDropped', where(now.to, now.block)));
      land(now.block, now.from, now.to);
    },
    cancel() {
      const now = current.current;
      if (!now) return;
      setMoving(null);
      setSaid(t('pages.moveCancelled', { block: nameOf(now.block) }));
    },
  };

  const announcements = useMemo<Announcements>(() => {
    const named = (active: Active) => {
      const data = blockOf(active);
      return data ? nameOf(data.block) : '';
    };
    const slotOf = (over: Over | null) => {
      const place = landing(over);
      return place ? slotName(place.parent, place.slot) : '';
    };
    return {
      onDragStart: ({ active }) => t('pages.dragStarted', { block: named(active) }),
      onDragOver: ({ active, over }) =>
        over ? t('pages.dragOver', { block: named(active), slot: slotOf(over) }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('pages.dragDropped', { block: named(active), slot: slotOf(over) })
          : t('pages.dragCancelled', { block: named(active) }),
      onDragCancel: ({ active }) => t('pages.dragCancelled', { block: named(active) }),
    };
  }, [t]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const source = blockOf(active);
    const to = landing(over);
    if (!source || !to) return;
    // the end of its own slot is its last place: the others, then it
    const end = sameSlot(source.place, to) && (over?.data.current as DropData | undefined)?.kind === 'slot';
    land(source.block, source.place, end ? { ...to, index: to.index - 1 } : to);
  };

  return (
    <ArrangementContext.Provider value={arrangement}>
      <DndContext
        sensors={sensors}
        collisionDetection={innermost}
        onDragStart={({ active }) => setDragged(blockOf(active)?.block ?? null)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('pages.dragHelp') } }}
      >
        {children}
        {/* what follows the pointer: the block's name on a card (the block stays in place, dimmed) */}
        <DragOverlay dropAnimation={null}>
          {dragged && <div className="page-drag-ghost">{nameOf(dragged)}</div>}
        </DragOverlay>
      </DndContext>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </ArrangementContext.Provider>
  );
}
