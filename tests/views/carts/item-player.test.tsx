import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOSTILE_PLAYER_HTML } from '../../../mocks/hostile';
import { ItemPlayer } from '../../../src/carts/item-player';
import { itemPlayerLoaded } from '../../../streams/carts/content-events';
import { config } from '../../../streams/core/config';
import { renderWithStore } from '../../helpers/render';

const target = { cartId: '1', resource: 'asset', id: '11', player: config.cartItemPlayer };

const showPlayer = (html: string) =>
  renderWithStore(<ItemPlayer cartId="1" resource="asset" id="11" name="beach.jpg" />, [
    itemPlayerLoaded({ ...target, html, javascriptUrls: [] }),
  ]);

describe('ItemPlayer (issue 12, item 3: the server HTML is never injected into the portal)', () => {
  it('shows hostile markup in a sandboxed frame that may run no script and has no origin of its own', () => {
    const { container } = showPlayer(HOSTILE_PLAYER_HTML);
    const frame = screen.getByTitle('Preview of beach.jpg') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    // an empty sandbox: every restriction on, scripts and same-origin included
    expect(frame.getAttribute('sandbox')).toBe('');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain(HOSTILE_PLAYER_HTML);
    expect(srcdoc).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    // nothing of the markup is in the portal's own document
    expect(container.querySelector('[onerror], [onload], script, svg, object, form')).toBeNull();
    expect(container.querySelector('a[href^="javascript:"], iframe[src^="javascript:"]')).toBeNull();
    expect(document.documentElement.getAttribute('data-hostile-ran')).toBeNull();
    expect((window as { __hostileRan?: unknown }).__hostileRan).toBeUndefined();
  });

  it("the policy comes before the server's markup, so the markup cannot undo it", () => {
    showPlayer('<meta http-equiv="Content-Security-Policy" content="script-src *"><p>player</p>');
    const srcdoc =
      (screen.getByTitle('Preview of beach.jpg') as HTMLIFrameElement).getAttribute('srcdoc') ?? '';
    expect(srcdoc.indexOf("default-src 'none'")).toBeLessThan(srcdoc.indexOf('<p>player</p>'));
  });
});
