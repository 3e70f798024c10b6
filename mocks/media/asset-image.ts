import { type Asset, formatDuration } from '../db/assets';
import { createRandom, mixSeed, type Random } from '../db/random';
import { type Face, facesOf } from '../entities/faces';
import { escapeXml, n, svgDocument, truncate, watermarkOverlay } from './svg';

export type VariationName = 'thumbnailBig' | 'thumbnailsmall' | 'preview' | 'original' | 'page';

export interface Variation {
  name: VariationName;
  /** the `_w` suffix: same image with a watermark */
  watermarked: boolean;
  /** `page{n}` variations of documents (demo convention): the page, from 1 */
  page?: number;
}

/** A document has 2 to 5 pages (`page1`..`pageN` variations); other natures have none. */
export function pageCount(asset: Pick<Asset, 'id' | 'assetnature'>): number {
  return asset.assetnature.code === 'document' ? 2 + (asset.id % 4) : 0;
}

/** Thumbnails are cropped to 4:3; the preview keeps the asset's ratio within 1200 x 900. */
const THUMBNAIL_SIZES = { thumbnailBig: [400, 300], thumbnailsmall: [200, 150] } as const;
const PREVIEW_BOX = [1200, 900] as const;

/** The variations the demo serves, plus their `_w` forms; anything else is unknown. */
export function parseVariation(value: string): Variation | null {
  const watermarked = value.endsWith('_w');
  const name = watermarked ? value.slice(0, -2) : value;
  if (name === 'thumbnailBig' || name === 'thumbnailsmall' || name === 'preview' || name === 'original') {
    return { name, watermarked };
  }
  // the GIF preview of protocol §13.2: the demo has no animation, the big thumbnail stands for it
  if (name === 'preview_thumbnail_gif') return { name: 'thumbnailBig', watermarked };
  const page = /^page([1-9]\d?)$/.exec(name);
  if (page) return { name: 'page', watermarked, page: Number(page[1]) };
  return null;
}

/** The pixel size a variation is displayed at. */
export function displaySize(
  asset: Pick<Asset, 'width' | 'height'>,
  variation: VariationName,
): [number, number] {
  if (variation === 'original') return [asset.width, asset.height];
  if (variation === 'preview' || variation === 'page') {
    const scale = Math.min(PREVIEW_BOX[0] / asset.width, PREVIEW_BOX[1] / asset.height, 1);
    return [Math.round(asset.width * scale), Math.round(asset.height * scale)];
  }
  const [width, height] = THUMBNAIL_SIZES[variation];
  return [width, height];
}

export interface Scene {
  width: number;
  height: number;
  /** one unit of stroke and text, so details keep their size relative to the picture */
  unit: number;
  hue: number;
  rand: Random;
}

const hsl = (hue: number, saturation: number, lightness: number): string =>
  `hsl(${Math.round(hue) % 360} ${saturation}% ${lightness}%)`;

/** The sky's gradient: from the scene's hue to `second`, along the vector (0,0) → (x2,1) of the picture. */
export function gradientOf({ hue, rand }: Scene): { second: number; x2: number } {
  const second = hue + rand.int(40, 140);
  return { second, x2: rand.next() };
}

function background(scene: Scene, lightness: [number, number]): string {
  const { width, height, hue } = scene;
  const { second, x2 } = gradientOf(scene);
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${n(x2)}" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, lightness[0])}"/>` +
    `<stop offset="1" stop-color="${hsl(second, 65, lightness[1])}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`
  );
}

/** Heads where the asset's faces are (fractions of the picture), so face boxes frame them. */
function facesScene({ width, height, unit }: Scene, faces: readonly Face[]): string {
  return faces
    .map((face, index) => {
      const [cx, cy] = [(face.x + face.w / 2) * width, (face.y + face.h / 2) * height];
      const [rx, ry] = [(face.w * width) / 2, (face.h * height) / 2];
      const eyeY = cy - ry * 0.15;
      return (
        `<g data-face="${index + 1}">` +
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx * 0.9)}" ry="${n(ry * 0.95)}" fill="hsl(${25 + index * 8} 55% ${72 - index * 10}%)" stroke="#000" stroke-opacity="0.3" stroke-width="${n(unit)}"/>` +
        `<circle cx="${n(cx - rx * 0.35)}" cy="${n(eyeY)}" r="${n(Math.max(unit, rx * 0.1))}" fill="#222"/>` +
        `<circle cx="${n(cx + rx * 0.35)}" cy="${n(eyeY)}" r="${n(Math.max(unit, rx * 0.1))}" fill="#222"/>` +
        `<path d="M${n(cx - rx * 0.35)},${n(cy + ry * 0.35)} Q${n(cx)},${n(cy + ry * 0.6)} ${n(cx + rx * 0.35)},${n(cy + ry * 0.35)}" fill="none" stroke="#222" stroke-width="${n(unit * 1.5)}"/>` +
        '</g>'
      );
    })
    .join('');
}

/** One page of a document (`page{n}`): the page fills the picture, its number large. */
function pageScene(scene: Scene, page: number, pages: number, extension: string): string {
  const { width, height, unit, hue, rand } = scene;
  const lines = Array.from({ length: 14 }, (_, index) => {
    const lineWidth = width * (0.5 + rand.next() * 0.35);
    return `<rect x="${n(width * 0.1)}" y="${n(height * (0.3 + index * 0.045))}" width="${n(lineWidth)}" height="${n(unit * 3)}" rx="${n(unit * 1.5)}" fill="${hsl(hue, 10, 78)}"/>`;
  });
  return (
    `<rect width="${width}" height="${height}" fill="#fff"/>` +
    `<rect width="${width}" height="${n(height * 0.12)}" fill="${hsl(hue + page * 40, 60, 45)}"/>` +
    `<text x="${n(width * 0.1)}" y="${n(height * 0.085)}" font-size="${n(unit * 14)}" font-weight="700" fill="#fff">${escapeXml(extension.toUpperCase())}</text>` +
    `<text x="${n(width / 2)}" y="${n(height * 0.24)}" text-anchor="middle" font-size="${n(unit * 40)}" font-weight="800" fill="${hsl(hue, 50, 35)}">${page}</text>` +
    lines.join('') +
    `<text x="${n(width / 2)}" y="${n(height - unit * 60)}" text-anchor="middle" font-size="${n(unit * 12)}" fill="#555">Page ${page} / ${pages}</text>`
  );
}

/** The shapes of a landscape, drawn from the scene's random numbers in the order the picture uses them. */
export interface Landscape {
  sun: { cx: number; cy: number; r: number };
  bokeh: { cx: number; cy: number; r: number; opacity: number }[];
  /** three ridges from the farthest: 7 heights each, at x = 0, width/6 … width */
  ridges: number[][];
}

export function landscapeOf({ width, height, unit, rand }: Scene): Landscape {
  const sun = {
    cx: width * (0.2 + rand.next() * 0.6),
    cy: height * (0.15 + rand.next() * 0.25),
    r: unit * rand.int(18, 40),
  };
  const bokeh = Array.from({ length: 6 }, () => ({
    cx: rand.next() * width,
    cy: rand.next() * height * 0.6,
    r: unit * rand.int(4, 14),
    opacity: 0.08 + rand.next() * 0.15,
  }));
  const ridges = [0.45, 0.6, 0.75].map((base) =>
    Array.from({ length: 7 }, () => height * (base + (rand.next() - 0.5) * 0.2)),
  );
  return { sun, bokeh, ridges };
}

/** The colours of a landscape (HSL), shared by the picture and its pixel samples (average-hash.ts). */
export const LANDSCAPE_COLOURS = {
  sky: [72, 55] as [number, number],
  sun: (hue: number) => [hue + 50, 90, 85] as const,
  ridge: (hue: number, layer: number) => [hue + 180 + layer * 15, 45, 45 - layer * 12] as const,
};

/** A landscape: sun, three ridges and some bokeh. */
function imageScene(scene: Scene): string {
  const { width, height, hue } = scene;
  const { sun, bokeh, ridges } = landscapeOf(scene);
  const sunShape = `<circle cx="${n(sun.cx)}" cy="${n(sun.cy)}" r="${n(sun.r)}" fill="${hsl(...LANDSCAPE_COLOURS.sun(hue))}" fill-opacity="0.9"/>`;
  const bokehShapes = bokeh.map(
    (spot) =>
      `<circle cx="${n(spot.cx)}" cy="${n(spot.cy)}" r="${n(spot.r)}" fill="#fff" fill-opacity="${n(spot.opacity)}"/>`,
  );
  const ridgeShapes = ridges.map((heights, layer) => {
    const points = [
      `0,${height}`,
      ...heights.map((y, step) => `${n((width * step) / 6)},${n(y)}`),
      `${width},${height}`,
    ];
    return `<polygon points="${points.join(' ')}" fill="${hsl(...LANDSCAPE_COLOURS.ridge(hue, layer))}" fill-opacity="0.85"/>`;
  });
  return background(scene, LANDSCAPE_COLOURS.sky) + sunShape + bokehShapes.join('') + ridgeShapes.join('');
}

/** height of the film strips of a video, in units */
const FILM_STRIP = 16;
/** height of the caption's band, in units */
const CAPTION = 44;

/** Dark footage with film perforations, a play button and the duration. */
function videoScene(scene: Scene, duration: number): string {
  const { width, height, unit } = scene;
  const band = unit * FILM_STRIP;
  const holes = Array.from({ length: Math.ceil(width / (unit * 24)) }, (_, index) =>
    [unit * 4, height - band + unit * 4]
      .map(
        (y) =>
          `<rect x="${n(index * unit * 24 + unit * 6)}" y="${n(y)}" width="${n(unit * 12)}" height="${n(unit * 8)}" rx="${n(unit * 2)}" fill="#fff" fill-opacity="0.6"/>`,
      )
      .join(''),
  );
  const [cx, cy, r] = [width / 2, height / 2, unit * 34];
  return (
    background(scene, [35, 18]) +
    `<rect width="${width}" height="${n(band)}" fill="#000" fill-opacity="0.55"/>` +
    `<rect y="${n(height - band)}" width="${width}" height="${n(band)}" fill="#000" fill-opacity="0.55"/>` +
    holes.join('') +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="${n(unit * 3)}"/>` +
    `<polygon points="${n(cx - r * 0.3)},${n(cy - r * 0.45)} ${n(cx - r * 0.3)},${n(cy + r * 0.45)} ${n(cx + r * 0.5)},${n(cy)}" fill="#fff"/>` +
    // under the caption's band, clear of the player's controls at the bottom
    `<text x="${n(width - unit * 10)}" y="${n(band + unit * (CAPTION + 20))}" text-anchor="end" font-size="${n(unit * 16)}" font-weight="700" fill="#fff">${escapeXml(formatDuration(duration))}</text>`
  );
}

/** A page with a coloured header and lines of text, and the file type. */
function documentScene(scene: Scene, extension: string): string {
  const { width, height, unit, hue, rand } = scene;
  const pageHeight = height * 0.72;
  const pageWidth = Math.min(width * 0.6, pageHeight * 0.75);
  const [x, y] = [(width - pageWidth) / 2, height * 0.08];
  const lines = Array.from({ length: 9 }, (_, index) => {
    const lineWidth = pageWidth * (0.55 + rand.next() * 0.3);
    return `<rect x="${n(x + pageWidth * 0.1)}" y="${n(y + pageHeight * (0.32 + index * 0.068))}" width="${n(lineWidth)}" height="${n(unit * 4)}" rx="${n(unit * 2)}" fill="${hsl(hue, 10, 75)}"/>`;
  });
  return (
    background(scene, [88, 70]) +
    `<rect x="${n(x + unit * 5)}" y="${n(y + unit * 5)}" width="${n(pageWidth)}" height="${n(pageHeight)}" fill="#000" fill-opacity="0.18"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(pageWidth)}" height="${n(pageHeight)}" fill="#fff"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(pageWidth)}" height="${n(pageHeight * 0.22)}" fill="${hsl(hue, 60, 45)}"/>` +
    lines.join('') +
    `<rect x="${n(x + pageWidth - unit * 50)}" y="${n(y + pageHeight - unit * 30)}" width="${n(unit * 44)}" height="${n(unit * 22)}" rx="${n(unit * 4)}" fill="${hsl(hue + 180, 70, 40)}"/>` +
    `<text x="${n(x + pageWidth - unit * 28)}" y="${n(y + pageHeight - unit * 14)}" text-anchor="middle" font-size="${n(unit * 13)}" font-weight="800" fill="#fff">${escapeXml(extension.toUpperCase())}</text>`
  );
}

/**
 * The asset's name and nature on a translucent band: at the bottom of a picture; at the top of a
 * video's, under its film strip, because players draw their controls over the bottom of a poster.
 */
function caption({ width, height, unit }: Scene, asset: Asset): string {
  const band = unit * CAPTION;
  const top = asset.assetnature.code === 'video' ? FILM_STRIP * unit : height - band;
  return (
    `<rect y="${n(top)}" width="${width}" height="${n(band)}" fill="#000" fill-opacity="0.5"/>` +
    `<text x="${n(unit * 10)}" y="${n(top + unit * 19)}" font-size="${n(unit * 15)}" font-weight="700" fill="#fff">${escapeXml(truncate(asset.name, 34))}</text>` +
    `<text x="${n(unit * 10)}" y="${n(top + unit * 36)}" font-size="${n(unit * 11)}" fill="#fff" fill-opacity="0.85">${escapeXml(`${asset.assetnature.name} · ${asset.width} × ${asset.height}`)}</text>`
  );
}

/** The drawing of an asset, `width` × `height` units: its hue and random numbers come from its id. */
export function sceneOf(asset: Pick<Asset, 'id'>, width: number, height: number): Scene {
  const rand = createRandom(mixSeed(77, asset.id));
  return { width, height, unit: Math.min(width, height) / 300, hue: rand.int(0, 359), rand };
}

/** A deterministic picture of the asset: the same asset and variation always give the same bytes. */
export function renderAssetImage(asset: Asset, variation: Variation): string {
  const [displayWidth, displayHeight] = displaySize(asset, variation.name);
  // drawn 400 units wide; the height follows the displayed ratio
  const width = 400;
  const height = Math.round((width * displayHeight) / displayWidth);
  const scene = sceneOf(asset, width, height);
  const extension = asset.filename.slice(asset.filename.lastIndexOf('.') + 1);
  const picture =
    variation.name === 'page'
      ? pageScene(scene, variation.page ?? 1, pageCount(asset), extension)
      : asset.assetnature.code === 'video'
        ? videoScene(scene, asset.duration ?? 0)
        : asset.assetnature.code === 'document'
          ? documentScene(scene, extension)
          : imageScene(scene) + facesScene(scene, facesOf(asset));
  return svgDocument({
    width: displayWidth,
    height: displayHeight,
    viewWidth: width,
    viewHeight: height,
    title: asset.name,
    body:
      picture +
      (variation.name === 'page' ? '' : caption(scene, asset)) +
      (variation.watermarked ? watermarkOverlay(width, height) : ''),
  });
}
