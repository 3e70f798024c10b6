import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';

const require = createRequire(import.meta.url);
/** axe-core's source, injected into each page checked (a script tag: it runs in the page). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type Theme = 'light' | 'dark';
export type Size = 'desktop' | 'phone';

export const SIZES: Record<Size, { width: number; height: number }> = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
};

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
  any: {
    id: string;
    data?: { messageKey?: string; fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
  }[];
}
interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Contrast ratio of two relative luminances (WCAG 2). */
function ratio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function luminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function parseColour(css: string): [number, number, number] | null {
  const match = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/.exec(css);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Text over an image (a caption on a thumbnail): axe cannot tell its contrast ("incomplete"), so
 * it is measured on the rendered pixels. The text is made transparent, the box behind it is
 * captured, and the text's colour must reach 4.5:1 (3:1 for large text) against the pixels of
 * that box, bar the 2 % that are farthest from the typical backing (edges of a rounded corner).
 */
async function textOverImageContrast(page: Page, selector: string): Promise<string | null> {
  const element: Locator = page.locator(selector).first();
  if (!(await element.isVisible().catch(() => false))) return null;
  const style = await element.evaluate((node) => {
    const computed = getComputedStyle(node);
    const size = Number.parseFloat(computed.fontSize);
    const bold = Number(computed.fontWeight) >= 700;
    const text = node.textContent?.trim() ?? '';
    // read before the text is made transparent (the computed style is live)
    const color = computed.color;
    const previous = (node as HTMLElement).style.color;
    (node as HTMLElement).style.setProperty('color', 'transparent', 'important');
    // svg text is painted by its fill
    (node as HTMLElement).style.setProperty('fill', 'transparent', 'important');
    (node as HTMLElement).dataset.axeColour = previous;
    return { color, large: size >= 24 || (bold && size >= 18.66), text };
  });
  if (!style.text) return null;
  let shot: Buffer;
  try {
    await element.scrollIntoViewIfNeeded({ timeout: 5_000 });
    // a caption under a dialog or a menu is not read there: what covers it is checked on its own
    const covered = await element.evaluate((node) => {
      const rect = node.getBoundingClientRect();
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return top !== null && top !== node && !node.contains(top);
    });
    if (covered) return null;
    const box = await element.boundingBox();
    if (!box) return null;
    // whole pixels inside the box: a box at a fractional position would take in a line of what
    // lies beside it (the page under the thumbnail)
    const x = Math.ceil(box.x);
    const y = Math.ceil(box.y);
    const clip = {
      x,
      y,
      width: Math.floor(box.x + box.width) - x,
      height: Math.floor(box.y + box.height) - y,
    };
    if (clip.width <= 0 || clip.height <= 0) return null;
    shot = await page.screenshot({ animations: 'disabled', clip, timeout: 5_000 });
  } finally {
    await element.evaluate((node) => {
      (node as HTMLElement).style.removeProperty('color');
      (node as HTMLElement).style.removeProperty('fill');
      const previous = (node as HTMLElement).dataset.axeColour;
      if (previous) (node as HTMLElement).style.color = previous;
      delete (node as HTMLElement).dataset.axeColour;
    });
  }
  const fg = parseColour(style.color);
  if (!fg) return null;
  const textLuminance = luminance(...fg);
  const png = PNG.sync.read(shot);
  const ratios: number[] = [];
  for (let index = 0; index < png.data.length; index += 4) {
    ratios.push(
      ratio(
        textLuminance,
        luminance(png.data[index] ?? 0, png.data[index + 1] ?? 0, png.data[index + 2] ?? 0),
      ),
    );
  }
  if (ratios.length === 0) return null;
  ratios.sort((a, b) => a - b);
  const worst = ratios[Math.floor(ratios.length * 0.02)] ?? 0;
  const needed = style.large ? 3 : 4.5;
  return worst >= needed
    ? null
    : `text over an image "${style.text.slice(0, 40)}" (${selector}): ${worst.toFixed(2)}:1 on its worst pixels, ${needed}:1 needed`;
}

/**
 * Runs axe on the page as it is and returns its serious and critical violations as lines
 * `screen [theme size] rule (impact): target`, plus the text over images whose measured contrast
 * is too low (axe leaves those "incomplete").
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: AXE_SOURCE });
  const { violations, incomplete } = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } })
      .axe;
    // axe's default rules (WCAG 2.x A and AA, best practices; not the experimental ones)
    const results = (await axe.run(document, { resultTypes: ['violations', 'incomplete'] })) as {
      violations: unknown[];
      incomplete: unknown[];
    };
    return { violations: results.violations, incomplete: results.incomplete };
  });
  const lines: string[] = [];
  for (const result of violations as AxeResult[]) {
    if (result.impact !== 'serious' && result.impact !== 'critical') continue;
    for (const node of result.nodes) {
      // colour contrast: say the colours and the ratio found, for whoever fixes it
      const data = node.any.find((check) => check.data?.fgColor)?.data as
        | { fgColor?: string; bgColor?: string; contrastRatio?: number }
        | undefined;
      const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1]` : '';
      lines.push(
        `${where} ${result.id} (${result.impact}): ${node.target.join(' ')}${colours} — ${result.help}`,
      );
    }
  }
  // text over images: axe cannot decide, the pixels do
  const overImages = (incomplete as AxeResult[])
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)
    .filter((node) =>
      node.any.some((check) => /bgImage|imgNode|bgGradient/.test(check.data?.messageKey ?? '')),
    )
    .map((node) => node.target.join(' '));
  for (const selector of [...new Set(overImages)].slice(0, 6)) {
    const problem = await textOverImageContrast(page, selector);
    if (problem) lines.push(`${where} ${problem}`);
  }
  return lines;
}

/** The page at one size and in one colour scheme, once its layout has settled. */
export async function showAs(page: Page, size: Size, theme: Theme): Promise<void> {
  // colours are checked as they end, not half-way through a transition to the other theme
  await page.evaluate(() => {
    if (document.getElementById('axe-no-transitions')) return;
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  });
  await page.setViewportSize(SIZES[size]);
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  // two frames: the new media rules and the layout they give are applied
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Checks the page in both themes at both sizes; returns every serious problem found. */
export async function checkEverywhere(page: Page, screen: string): Promise<string[]> {
  const lines: string[] = [];
  for (const size of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await showAs(page, size, theme);
      lines.push(...(await seriousViolations(page, `${screen} [${theme} ${size}]`)));
    }
  }
  await showAs(page, 'desktop', 'light');
  return lines;
}
