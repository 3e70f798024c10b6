import type { Page } from 'playwright-core';

/** A piece of text that does not fit its box: where it is and what it says. */
export interface Overflow {
  selector: string;
  text: string;
  /** `wider 212 > 180`, `taller 40 > 20` (scroll size > box size, px), or `outside its chart` */
  how: string;
}

/**
 * Issue 28 "Text that fits": the elements of the page whose text is wider than their box
 * (`scrollWidth > clientWidth + 1`), or taller than a box that hides its overflow, unless they cut
 * it on purpose with an ellipsis (`text-overflow: ellipsis` or a line clamp) and a `title` gives the
 * whole text; and the labels of a chart drawn outside their `svg`. Only the innermost element of a
 * chain is listed (a parent overflows with its child). Scroll boxes (`overflow: auto|scroll`) are
 * reachable and form fields scroll their own value, so neither is measured.
 */
export function overflowingText(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const SKIPPED = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'VIDEO', 'IFRAME']);
    // no named helpers in here: the test runner's transform would wrap them in a function the page lacks
    const found = new Map<Element, string>();
    for (const element of document.body.querySelectorAll('*')) {
      if (element instanceof SVGElement || SKIPPED.has(element.tagName)) continue;
      // inline boxes and what is visually hidden (a 1 px clip) have no box of their own to overflow
      if (element.clientWidth <= 2 || element.clientHeight <= 2) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible') continue;
      const wider = !/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const taller = /hidden|clip/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (!wider && !taller) continue;
      // last: reading an element's text walks its whole subtree, a cost per element of the page
      if (!(element as HTMLElement).innerText?.trim()) continue;
      const cutOnPurpose = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      if (cutOnPurpose && element.closest('[title]')) continue;
      found.set(
        element,
        wider
          ? `wider ${element.scrollWidth} > ${element.clientWidth}`
          : `taller ${element.scrollHeight} > ${element.clientHeight}`,
      );
    }
    const innermost = [...found].filter(
      ([element]) => ![...found.keys()].some((other) => other !== element && element.contains(other)),
    );

    // a chart's labels are svg text: they are cut where they leave the drawing
    const outside: [Element, string][] = [];
    for (const text of document.body.querySelectorAll('svg text')) {
      const chart = (text as SVGTextElement).ownerSVGElement;
      if (!chart || !text.textContent?.trim()) continue;
      const box = text.getBoundingClientRect();
      const frame = chart.getBoundingClientRect();
      if (box.width === 0 || frame.width === 0) continue;
      if (box.left < frame.left - 1 || box.right > frame.right + 1) outside.push([text, 'outside its chart']);
    }

    return [...innermost, ...outside].map(([element, how]) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 3; ) {
        const classes = [...node.classList].slice(0, 2).map((name) => `.${name}`);
        parts.unshift(node.id ? `${node.localName}#${node.id}` : `${node.localName}${classes.join('')}`);
        node = node.parentElement;
      }
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
      return { selector: parts.join(' > '), text, how };
    });
  });
}
