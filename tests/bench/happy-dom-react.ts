import { register } from 'node:module';
import { Window } from 'happy-dom';

/** Views import their CSS, which Node cannot load: it is empty here. */
const IGNORE_CSS = `export async function load(url, context, next) {
  return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context);
}`;

const GLOBALS = [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'Node',
  'Element',
  'Event',
  'ResizeObserver',
  'location',
  'history',
  // wouter listens to the address on the global object
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  // the asset page's analytics chart measures its labels
  'getComputedStyle',
];

/**
 * Runs `body` with a happy-dom window installed as the globals React DOM needs, and the
 * production build of React (as users run it); everything is put back afterwards. Import React
 * DOM inside `body`: it decides at import time whether it runs in a browser.
 */
export async function withHappyDom<T>(body: (window: Window) => Promise<T>): Promise<T> {
  register(`data:text/javascript,${encodeURIComponent(IGNORE_CSS)}`);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const window = new Window({ url: 'http://localhost/', width: 1280, height: 800 });
  const saved = new Map(GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
  for (const name of GLOBALS) {
    const value = (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, {
      // a method of the window (addEventListener) is called on the global object: bound to the window
      value: typeof value === 'function' && /^[a-z]/.test(name) ? value.bind(window) : value,
      configurable: true,
      writable: true,
    });
  }
  try {
    return await body(window);
  } finally {
    process.env.NODE_ENV = nodeEnv;
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    await window.happyDOM.close();
  }
}
