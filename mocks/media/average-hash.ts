/**
 * Average hashes of pictures, for the demo's reverse image search (issue 28): the picture is
 * reduced to 8 × 8 cells and each bit says whether a cell is above the picture's mean, so a copy,
 * resized or lightly edited, keeps most bits. Grey alone tells little between two landscapes
 * (sky above, hills below), so two colour-opponent channels add 64 bits each. A generated landscape is sampled from its
 * shapes (asset-image.ts), an uploaded JPEG or PNG from its decoded pixels.
 */
import type { Asset } from '../db/assets';
import { gradientOf, LANDSCAPE_COLOURS, type Landscape, landscapeOf, sceneOf } from './asset-image';
import type { Rgba } from './thumbnail';

const SIDE = 8;
/** samples per cell side: a cell's grey is the mean of these points */
const SAMPLES = 3;
/** width of the drawing the landscape is sampled on, as asset-image.ts draws it */
const DRAWING_WIDTH = 400;

/** A hash: 64 bits per channel (grey, red-green, yellow-blue), row by row from the top left. */
export type AverageHash = readonly boolean[];

/** The length of a hash. */
export const HASH_BITS = SIDE * SIDE * 3;

type Rgb = readonly [number, number, number];
/** The colour (0..1 channels) at (u, v), fractions of the picture's width and height. */
type Colour = (u: number, v: number) => Rgb;

const CHANNELS: ((colour: Rgb) => number)[] = [
  ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b,
  ([r, g]) => r - g,
  ([r, g, b]) => (r + g) / 2 - b,
];

function hashOf(colour: Colour): AverageHash {
  // each cell's colour is the mean of SAMPLES × SAMPLES points in it
  const cells = Array.from({ length: SIDE * SIDE }, (_, index) => {
    const [column, row] = [index % SIDE, Math.floor(index / SIDE)];
    const sum = [0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++)
      for (let sx = 0; sx < SAMPLES; sx++) {
        const rgb = colour((column + (sx + 0.5) / SAMPLES) / SIDE, (row + (sy + 0.5) / SAMPLES) / SIDE);
        for (let at = 0; at < 3; at++) sum[at] = (sum[at] ?? 0) + (rgb[at] ?? 0);
      }
    return sum.map((total) => total / (SAMPLES * SAMPLES)) as unknown as Rgb;
  });
  return CHANNELS.flatMap((channel) => {
    const values = cells.map(channel);
    const mean = values.reduce((total, value) => total + value, 0) / values.length;
    return values.map((value) => value > mean);
  });
}

/** The number of bits two hashes differ by: 0 is the same picture. */
export function hashDistance(first: AverageHash, second: AverageHash): number {
  return first.reduce((count, bit, index) => count + (bit === second[index] ? 0 : 1), 0);
}

/** An HSL colour as RGB channels (0..1). */
function hslRgb(hue: number, saturation: number, lightness: number): Rgb {
  const [s, l] = [saturation / 100, lightness / 100];
  const channel = (shift: number) => {
    const k = (shift + (((hue % 360) + 360) % 360) / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

const blend = (under: Rgb, over: Rgb, opacity: number): Rgb =>
  [0, 1, 2].map((at) => (under[at] ?? 0) * (1 - opacity) + (over[at] ?? 0) * opacity) as unknown as Rgb;
const WHITE: Rgb = [1, 1, 1];

/** The colours of a landscape, sampled from its shapes. */
function landscapeColour(asset: Pick<Asset, 'id' | 'width' | 'height'>): Colour {
  const height = Math.round((DRAWING_WIDTH * asset.height) / asset.width);
  const scene = sceneOf(asset, DRAWING_WIDTH, height);
  const shapes: Landscape = landscapeOf(scene);
  const { second, x2 } = gradientOf(scene);
  const [skyFrom, skyTo] = LANDSCAPE_COLOURS.sky;
  const [top, bottom] = [hslRgb(scene.hue, 70, skyFrom), hslRgb(second, 65, skyTo)];
  const sun = hslRgb(...LANDSCAPE_COLOURS.sun(scene.hue));
  const ridges = shapes.ridges.map((_, layer) => hslRgb(...LANDSCAPE_COLOURS.ridge(scene.hue, layer)));
  const ridgeHeight = (heights: number[], u: number): number => {
    const at = u * 6;
    const step = Math.min(5, Math.floor(at));
    return (heights[step] ?? 0) + ((heights[step + 1] ?? 0) - (heights[step] ?? 0)) * (at - step);
  };
  return (u, v) => {
    const [x, y] = [u * DRAWING_WIDTH, v * height];
    const t = Math.min(1, Math.max(0, (u * x2 + v) / (x2 * x2 + 1)));
    let colour = blend(top, bottom, t);
    if (Math.hypot(x - shapes.sun.cx, y - shapes.sun.cy) < shapes.sun.r) colour = blend(colour, sun, 0.9);
    for (const spot of shapes.bokeh)
      if (Math.hypot(x - spot.cx, y - spot.cy) < spot.r) colour = blend(colour, WHITE, spot.opacity);
    shapes.ridges.forEach((heights, layer) => {
      if (y > ridgeHeight(heights, u)) colour = blend(colour, ridges[layer] ?? WHITE, 0.85);
    });
    return colour;
  };
}

/** The hash of a generated landscape (an image asset of the seed). */
export function landscapeHash(asset: Pick<Asset, 'id' | 'width' | 'height'>): AverageHash {
  return hashOf(landscapeColour(asset));
}

/** The hash of decoded pixels (an uploaded photo). */
export function pixelsHash(image: Rgba): AverageHash {
  return hashOf((u, v) => {
    const x = Math.min(image.width - 1, Math.floor(u * image.width));
    const y = Math.min(image.height - 1, Math.floor(v * image.height));
    const at = (y * image.width + x) * 4;
    return [(image.data[at] ?? 0) / 255, (image.data[at + 1] ?? 0) / 255, (image.data[at + 2] ?? 0) / 255];
  });
}
