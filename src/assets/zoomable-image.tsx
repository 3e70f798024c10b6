import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** A face over the picture, as fractions (0..1) of its width and height. */
interface FaceBox {
  name?: string | undefined;
  x: number;
  y: number;
  w: number;
  h: number;
}

const MIN_SCALE = 1;
const MAX_SCALE = 8;
const STEP = 1.25;

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * A move stops where the zoomed picture's edge would come inside its fitted frame: the picture
 * never leaves the view. Without a layout (no size), the move is kept as is.
 */
function withinBounds(view: View, element: HTMLElement | null): View {
  const width = element?.offsetWidth ?? 0;
  const height = element?.offsetHeight ?? 0;
  if (!width || !height) return view;
  const maxX = ((view.scale - 1) * width) / 2;
  const maxY = ((view.scale - 1) * height) / 2;
  return {
    scale: view.scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)),
    y: Math.min(maxY, Math.max(-maxY, view.y)),
  };
}

/** Typing in a field keeps its keys: the page's shortcuts leave them alone. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/**
 * The picture, fitted to the window, with zoom and pan by CSS transforms: buttons "Zoom in",
 * "Zoom out", "Fit", the wheel, dragging, and the keys + − 0. Faces are boxes over the picture
 * (they zoom with it). `onPainted` is called once the picture is loaded.
 */
export function ZoomableImage({
  src,
  alt,
  faces = [],
  showFaces = false,
  onPainted,
  children,
}: {
  src: string;
  alt: string;
  faces?: readonly FaceBox[];
  showFaces?: boolean;
  onPainted?: () => void;
  children?: ReactNode;
}) {
  const t = useTranslate();
  const [view, setView] = useState<View>(FIT);
  const viewport = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null);

  const zoomBy = useCallback(
    (factor: number) =>
      setView((current) => {
        const scale = clampScale(current.scale * factor);
        if (scale === MIN_SCALE) return FIT;
        const ratio = scale / current.scale;
        return withinBounds({ scale, x: current.x * ratio, y: current.y * ratio }, layer.current);
      }),
    [],
  );
  const fitView = useCallback(() => setView(FIT), []);

  // a new picture starts fitted
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on src change only
  useEffect(() => setView(FIT), [src]);

  // the wheel zooms the picture, not the page: a listener that may prevent the scroll
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? STEP : 1 / STEP);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  // + − 0 anywhere on the page, except while typing in a field
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      if (event.key === '+' || event.key === '=') zoomBy(STEP);
      else if (event.key === '-' || event.key === '_') zoomBy(1 / STEP);
      else if (event.key === '0') fitView();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [zoomBy, fitView]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (view.scale === MIN_SCALE || event.button !== 0) return;
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    setView((current) => withinBounds({ ...current, x: current.x + dx, y: current.y + dy }, layer.current));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer === event.pointerId) drag.current = null;
  };

  const zoomed = view.scale > MIN_SCALE;
  return (
    <div className="asset-zoom">
      <div className="asset-zoom__tools">
        <button type="button" onClick={() => zoomBy(STEP)} disabled={view.scale >= MAX_SCALE}>
          {t('assets.zoomIn')}
        </button>
        <button type="button" onClick={() => zoomBy(1 / STEP)} disabled={!zoomed}>
          {t('assets.zoomOut')}
        </button>
        <button type="button" onClick={fitView} disabled={!zoomed}>
          {t('assets.fit')}
        </button>
        <span className="asset-zoom__level" aria-live="polite">
          {t('assets.zoomLevel', { percent: Math.round(view.scale * 100) })}
        </span>
        {children}
      </div>
      <div
        ref={viewport}
        className={`asset-zoom__viewport${zoomed ? ' asset-zoom__viewport--zoomed' : ''}`}
        title={t('assets.zoomHelp')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div
          ref={layer}
          className="asset-zoom__layer"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <img
            className="asset-zoom__image"
            src={src}
            alt={alt}
            draggable={false}
            decoding="async"
            onLoad={onPainted}
          />
          {showFaces &&
            faces.map((face, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: faces have no id, their order is the server's
                key={index}
                className="asset-face"
                role="img"
                aria-label={face.name ?? t('assets.face')}
                title={face.name ?? t('assets.face')}
                style={{
                  left: `${face.x * 100}%`,
                  top: `${face.y * 100}%`,
                  width: `${face.w * 100}%`,
                  height: `${face.h * 100}%`,
                }}
              />
            ))}
        </div>
      </div>
    </div>
  );
}
