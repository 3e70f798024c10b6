import { decode } from 'blurhash';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import type { ItemView } from './model';
import './messages';

/** The placeholder's decoded size: a blurhash holds a few components, 32×32 pixels show them all. */
const PLACEHOLDER_PIXELS = 32;

const decoded = new Map<string, ImageData | null>();

/** Decodes a blurhash once per hash (tiles come and go as the grid scrolls); null when invalid. */
function pixelsOf(hash: string): ImageData | null {
  if (decoded.has(hash)) return decoded.get(hash) ?? null;
  let image: ImageData | null = null;
  try {
    const pixels = decode(hash, PLACEHOLDER_PIXELS, PLACEHOLDER_PIXELS);
    image =
      typeof ImageData === 'undefined'
        ? null
        : new ImageData(new Uint8ClampedArray(pixels), PLACEHOLDER_PIXELS, PLACEHOLDER_PIXELS);
  } catch {
    image = null;
  }
  if (decoded.size > 2000) decoded.clear();
  decoded.set(hash, image);
  return image;
}

/** A blurhash drawn into a small canvas, stretched by CSS; decoded after mount, so never on the first paint. */
function BlurhashCanvas({ hash }: { hash: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext?.('2d');
    if (!canvas || !context) return;
    const image = pixelsOf(hash);
    if (image) context.putImageData(image, 0, 0);
  }, [hash]);
  return (
    <canvas
      ref={ref}
      className="imports-thumb__placeholder"
      width={PLACEHOLDER_PIXELS}
      height={PLACEHOLDER_PIXELS}
    />
  );
}

/** An item's thumbnail: the blurhash until the image is there (or when there is none yet). */
export function ItemThumbnail({ item, size }: { item: ItemView; size: number }) {
  const t = useTranslate();
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const showImage = item.thumbnail !== null && !failed;
  return (
    <span className="imports-thumb" style={{ width: size, height: size }}>
      {item.blurhash && !loaded && <BlurhashCanvas hash={item.blurhash} />}
      {!item.blurhash && !loaded && <span className="imports-thumb__empty" aria-hidden="true" />}
      {showImage && (
        <img
          src={item.thumbnail as string}
          alt={t('imports.thumbnailOf', { name: item.name })}
          loading="lazy"
          decoding="async"
          className={loaded ? 'imports-thumb__image' : 'imports-thumb__image imports-thumb__image--loading'}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
