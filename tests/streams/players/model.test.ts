import { describe, expect, it } from 'vitest';
import {
  embedCodeOf,
  freePlayerCodeOf,
  imageByPath,
  imageByQuery,
  mediaDescriptionUrl,
  playerFrameUrl,
  unsecuredImage,
  variationTarget,
  viewerVariation,
} from '../../../streams/players/selectors';
import { variationUrl } from '../../../streams/carts/selectors';

const API = 'http://dam.test:80';

describe('image addresses (protocol §13.1)', () => {
  it('by query, with download=true and original by default for downloads', () => {
    expect(imageByQuery(API, 'asset', '12', 'thumbnailBig')).toBe(
      `${API}/api/wedia/dam/variation?object=asset&id=12&variation=thumbnailBig`,
    );
    expect(imageByQuery(API, 'asset', 12, null, { download: true })).toBe(
      `${API}/api/wedia/dam/variation?object=asset&id=12&variation=original&download=true`,
    );
    expect(imageByQuery(API, 'asset', '12', 'preview', { download: true })).toBe(
      `${API}/api/wedia/dam/variation?object=asset&id=12&variation=preview&download=true`,
    );
    expect(imageByQuery(API, 'asset', '12')).toContain('variation=thumbnailBig');
  });

  it('the carts use the same helper', () => {
    expect(variationUrl(API, 'asset', '3', 'thumbnailBig_w')).toBe(
      imageByQuery(API, 'asset', '3', 'thumbnailBig_w'),
    );
  });

  it('by path', () => {
    expect(imageByPath(API, 'asset', '12', 'preview')).toBe(
      `${API}/api/wedia/dam/variation/asset/12/preview`,
    );
  });

  it('unsecured only when the server path holds a /', () => {
    expect(unsecuredImage(API, '/dam/2024/a.jpg', 'thumbnailBig')).toBe(
      `${API}/__imageservlet/dam/2024/a.jpg?variation=thumbnailBig`,
    );
    expect(unsecuredImage(API, 'a.jpg', 'thumbnailBig')).toBeNull();
    expect(unsecuredImage(API, null, 'thumbnailBig')).toBeNull();
  });

  it('viewer variation: _w when watermarked, once', () => {
    expect(viewerVariation('thumbnailBig', false)).toBe('thumbnailBig');
    expect(viewerVariation('thumbnailBig', true)).toBe('thumbnailBig_w');
    expect(viewerVariation('thumbnailBig_w', true)).toBe('thumbnailBig_w');
  });

  it('player frame: bo.player and 100% by default, options after the size', () => {
    expect(playerFrameUrl(API, null, 'asset', '12')).toBe(
      `${API}/api/wedia/dam/player/bo.player/asset/12?height=100%25&width=100%25`,
    );
    expect(playerFrameUrl(API, 'fo.player', 'asset', '12', { width: 640, height: 360, autoplay: true })).toBe(
      `${API}/api/wedia/dam/player/fo.player/asset/12?height=360&width=640&autoplay=true`,
    );
  });

  it('a variation provider needs an id or an entity, and a resource or an entity', () => {
    const refusal = 'A variation provider needs an id or an entity, and a resource or an entity';
    expect(() => imageByQuery(API, '', '12')).toThrow(refusal);
    expect(() => imageByPath(API, 'asset', '', 'x')).toThrow(refusal);
    expect(() => variationTarget({})).toThrow(refusal);
    expect(variationTarget({ entity: { id: 5, $resource: 'asset' } })).toEqual({
      resource: 'asset',
      id: '5',
    });
  });
});

describe('embed and free player code', () => {
  it('the embed code is the answer’s HTML, else a frame of its address, else the answer as JSON', () => {
    expect(embedCodeOf({ Html: '<iframe src="x"></iframe>', EmbedUrl: 'y' })).toBe(
      '<iframe src="x"></iframe>',
    );
    expect(embedCodeOf({ EmbedUrl: 'https://dam/p?a="b"' })).toBe(
      '<iframe src="https://dam/p?a=&quot;b&quot;" allowfullscreen></iframe>',
    );
    expect(embedCodeOf({ PlayerUid: 'p' })).toBe('{\n  "PlayerUid": "p"\n}');
  });

  it('the free player code launches its endpoint with the asset’s description address', () => {
    const url = mediaDescriptionUrl('https://dam.example', 'asset', 2);
    expect(url).toBe('https://dam.example/api/wedia/cloud/describeMedia?object=asset&id=2');
    expect(
      freePlayerCodeOf(
        {
          Dom: '<div id="f"></div>',
          JavascriptUrl: 'https://dam.example/p.js',
          JSEndpoint: 'P',
          ElementId: 'f',
        },
        url,
      ),
    ).toBe(
      [
        '<div id="f"></div>',
        '<script src="https://dam.example/p.js"></script>',
        `<script>P.launch(document.getElementById("f"), { mediasJsonUrl: "${url}" });</script>`,
      ].join('\n'),
    );
    expect(freePlayerCodeOf({ Dom: '<div></div>' }, url)).toBeNull();
  });
});
