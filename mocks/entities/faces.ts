import type { Asset } from '../db/assets';
import { createRandom, mixSeed } from '../db/random';

/** A face found on a picture: a box in fractions (0..1) of the picture's width and height. */
export interface Face {
  name?: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const PEOPLE = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Emma', 'Farid', 'Greta', 'Hugo', 'Inès', 'Jonas'];

/** Every 7th asset, when it is an image, shows 1 to 3 faces (demo convention). */
export function hasFaces(asset: Pick<Asset, 'id' | 'assetnature'>): boolean {
  return asset.assetnature.code === 'image' && asset.id % 7 === 0;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * The faces of an asset, drawn from its id: side by side in the upper part of the picture (above
 * the caption band), about as tall as wide on the picture. The generated SVG draws them there.
 */
export function facesOf(asset: Pick<Asset, 'id' | 'assetnature' | 'width' | 'height'>): Face[] {
  if (!hasFaces(asset)) return [];
  const rand = createRandom(mixSeed(4_242, asset.id));
  const count = 1 + (asset.id % 3);
  const ratio = asset.width / Math.max(1, asset.height);
  return Array.from({ length: count }, (_, slot) => {
    const w = round(Math.min(0.8 / count, 0.12 + rand.next() * 0.08));
    const h = round(Math.min(0.4, w * ratio * 1.25));
    const x = round(slot / count + rand.next() * (1 / count - w));
    const y = round(0.08 + rand.next() * (0.45 - h > 0 ? 0.45 - h : 0));
    const named = rand.chance(0.7);
    const person = PEOPLE[(asset.id + slot * 3) % PEOPLE.length] as string;
    return named ? { name: person, x, y, w, h } : { x, y, w, h };
  });
}

/** `$faces-1`, `$faces-2`… members of an entity (protocol §12.1, faces preview). */
export function faceMembers(faces: readonly Face[]): Record<string, Face> {
  return Object.fromEntries(faces.map((face, index) => [`$faces-${index + 1}`, face]));
}
