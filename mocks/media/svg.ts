export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** Rounds coordinates so the markup stays short and byte-for-byte stable. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export interface SvgDocument {
  /** size the image is displayed at, in pixels */
  width: number;
  height: number;
  /** the drawing's own coordinate system */
  viewWidth: number;
  viewHeight: number;
  title: string;
  body: string;
}

export function svgDocument(doc: SvgDocument): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${doc.width}" height="${doc.height}" `,
    `viewBox="0 0 ${doc.viewWidth} ${doc.viewHeight}" preserveAspectRatio="xMidYMid slice" `,
    `font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" role="img">`,
    `<title>${escapeXml(doc.title)}</title>`,
    doc.body,
    '</svg>',
  ].join('');
}

/** The `_w` overlay: "WATERMARK" across the diagonal, readable on light and dark pictures. */
export function watermarkOverlay(width: number, height: number): string {
  const angle = (-Math.atan2(height, width) * 180) / Math.PI;
  const size = Math.hypot(width, height) / 11;
  const rows = [-0.3, 0, 0.3].map(
    (offset) =>
      `<text x="${n(width / 2)}" y="${n(height / 2 + offset * height)}" font-size="${n(size)}" ` +
      `transform="rotate(${n(angle)} ${n(width / 2)} ${n(height / 2 + offset * height)})">WATERMARK</text>`,
  );
  return (
    `<g text-anchor="middle" dominant-baseline="middle" font-weight="800" letter-spacing="${n(size / 10)}" ` +
    `fill="#ffffff" fill-opacity="0.45" stroke="#000000" stroke-opacity="0.35" stroke-width="${n(size / 40)}">` +
    `${rows.join('')}</g>`
  );
}
