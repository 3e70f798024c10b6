import { escapeXml, svgDocument } from './svg';

/** Logos and favicon of the demo application, served at `/api/wedia/app/assets/{name}.svg`. */
export const BRAND_ASSET_NAMES = [
  'logo-dark',
  'logo-light',
  'logo-header-dark',
  'logo-header-light',
  'favicon',
] as const;

export type BrandAssetName = (typeof BRAND_ASSET_NAMES)[number];

export function isBrandAssetName(name: string): name is BrandAssetName {
  return (BRAND_ASSET_NAMES as readonly string[]).includes(name);
}

const ACCENT = '#e4572e';

/** The mark: a rounded square with a "W". */
function mark(x: number, size: number): string {
  return (
    `<rect x="${x}" y="0" width="${size}" height="${size}" rx="${size / 5}" fill="${ACCENT}"/>` +
    `<text x="${x + size / 2}" y="${size * 0.72}" text-anchor="middle" font-size="${size * 0.62}" ` +
    `font-weight="800" fill="#fff">W</text>`
  );
}

/**
 * `-dark` logos are for dark backgrounds (light text), `-light` ones for light backgrounds;
 * header logos are wide and short.
 */
export function renderBrandAsset(name: BrandAssetName, appName: string): string {
  if (name === 'favicon') {
    return svgDocument({
      width: 64,
      height: 64,
      viewWidth: 64,
      viewHeight: 64,
      title: appName,
      body: mark(0, 64),
    });
  }
  const height = name.startsWith('logo-header') ? 40 : 96;
  const fontSize = height * 0.42;
  // wide enough for the name: an average bold glyph is about 0.62 em
  const width = Math.ceil(height * 1.6 + appName.length * fontSize * 0.72);
  const text =
    `<text x="${height * 1.25}" y="${height * 0.66}" font-size="${fontSize}" font-weight="700" ` +
    `fill="${name.endsWith('-dark') ? '#ffffff' : '#1d2433'}">${escapeXml(appName)}</text>`;
  return svgDocument({
    width,
    height,
    viewWidth: width,
    viewHeight: height,
    title: appName,
    body: mark(0, height) + text,
  });
}
