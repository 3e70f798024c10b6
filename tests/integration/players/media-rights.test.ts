/**
 * Players, embeds and media descriptions of the demo server, role by role (protocol §13.1): whoever
 * may see an asset (its fetch answers them) may have its player, embed code and description; an
 * unknown asset is 404; a watermarked viewer's media and embedded player are the `_w` ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { ASSET, call } from '../demo-server-entities/helpers';
import { headersOfRoles, ROLES, type Role } from '../demo-server-rights/roles';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let headers: Record<Role, Record<string, string>>;
let video: string;

beforeAll(async () => {
  reset();
  headers = await headersOfRoles();
  const found = runtime.db.assets.find((asset) => asset.assetnature.code === 'video');
  if (!found) throw new Error('no video in the demo db');
  video = String(found.id);
});

const embed = (id: string, who: Record<string, string>) =>
  call(`/wedia/evp/embed.json?object=asset&id=${id}&width=100%25&height=100%25`, {
    method: 'POST',
    headers: { ...who, 'Content-Type': 'application/json;charset=utf-8' },
    body: JSON.stringify({ Options: {} }),
  });

describe('players and media follow who may see the asset (protocol §13.1)', () => {
  for (const role of ROLES) {
    it(`${role}: the same answer as the asset's own fetch, for the player, the embed and the description`, async () => {
      const who = headers[role];
      const entity = await call(`/rest/${ASSET}/${video}`, { headers: who });
      const player = await call(
        `/wedia/evp/htmlAndJsPlayer.json?object=asset&id=${video}&width=100%25&height=100%25`,
        {
          headers: who,
        },
      );
      const described = await call(`/wedia/cloud/describeMedia?object=asset&id=${video}`, { headers: who });
      const embedded = await embed(video, who);
      expect([player.status, described.status, embedded.status]).toEqual([
        entity.status,
        entity.status,
        entity.status,
      ]);
      expect(described.body).toMatchObject({ mediaType: 'video', duration: 4, codecs: { video: 'vp8' } });
      expect(String(embedded.body.Html)).toContain(`/api/wedia/dam/player/bo.player/asset/${video}`);
    });
  }

  it('an unknown asset is 404 for everyone, with a message', async () => {
    for (const role of ROLES) {
      const described = await call('/wedia/cloud/describeMedia?object=asset&id=999999', {
        headers: headers[role],
      });
      const embedded = await embed('999999', headers[role]);
      expect([described.status, embedded.status], role).toEqual([404, 404]);
      expect(embedded.body.message).toEqual(expect.any(String));
    }
  });

  it("a watermarked viewer's embedded player shows the watermarked media", async () => {
    const carol = await embed(video, headers.carol);
    expect(carol.body.EmbedUrl).toContain('watermarked=true');
    const alice = await embed(video, headers.alice);
    expect(alice.body.EmbedUrl).not.toContain('watermarked');
    const frame = await fetch(carol.body.EmbedUrl);
    expect(await frame.text()).toContain(`/api/wedia/dam/variation/asset/${video}/video_w`);
  });

  it('the player frame lists play, pause and download, and runs an action posted back to it', async () => {
    const page = await (await fetch(`http://localhost/api/wedia/dam/player/bo.player/asset/${video}`)).text();
    expect(page).toContain(
      JSON.stringify({ listActions: [{ action: 'play' }, { action: 'pause' }, { action: 'download' }] }),
    );
    expect(page).toContain('data-last-action');
  });
});
