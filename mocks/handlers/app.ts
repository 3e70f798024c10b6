import { HttpResponse, http } from 'msw';
import { findAsset } from '../db/assets';
import { isBrandAssetName, renderBrandAsset } from '../media/brand';
import { runtime } from '../runtime';
import { errorResponse, imageResponse } from './respond';

export const APP_NAME = 'Wedia Demo Portal';

/** Seeded assets whose previews serve as backgrounds of the sign-in and error pages. */
const BACKGROUND_ASSET_IDS = { main: 1, notFound: 2, serverError: 3 } as const;

const preview = (id: number): string => `/api/wedia/dam/variation?object=asset&id=${id}&variation=preview`;

/** Application info, availability and editor config (protocol §19). */
export const appHandlers = [
  http.get('*/api/wedia/app/infos/getInfos', ({ request }) => {
    const background = findAsset(runtime.db.assets, BACKGROUND_ASSET_IDS.main);
    return HttpResponse.json({
      infos: {
        appName: APP_NAME,
        baseUrl: new URL(request.url).origin,
        // relative values: the client prefixes them with baseUrl
        appBGUrl: preview(BACKGROUND_ASSET_IDS.main),
        appBGCredit: background ? `${background.name}, by ${background.author}` : '',
        appBG404Error: preview(BACKGROUND_ASSET_IDS.notFound),
        appBG500Error: preview(BACKGROUND_ASSET_IDS.serverError),
        appFaviconUrl: '/api/wedia/app/assets/favicon.svg',
        appLogoHeaderUrlForDarkBG: '/api/wedia/app/assets/logo-header-dark.svg',
        appLogoHeaderUrlForLightBG: '/api/wedia/app/assets/logo-header-light.svg',
        appLogoUrlForDarkBG: '/api/wedia/app/assets/logo-dark.svg',
        appLogoUrlForLightBG: '/api/wedia/app/assets/logo-light.svg',
        // keys containing '_' are internal: the client must ignore them
        internal_flag: true,
      },
    });
  }),

  http.get('*/api/wedia/app/assets/:file', ({ params }) => {
    const name = /^(.+)\.svg$/.exec(String(params.file))?.[1] ?? '';
    return isBrandAssetName(name)
      ? imageResponse(renderBrandAsset(name, APP_NAME))
      : errorResponse(404, `Unknown application asset ${String(params.file)}`);
  }),

  http.get('*/api/wedia/bo/authorizedusers/applications/isAvailable', () => {
    const { settings } = runtime;
    return HttpResponse.json(
      settings['app.available']
        ? { available: true }
        : { available: false, message: settings['app.unavailableMessage'] },
    );
  }),

  http.get('*/api/wedia/froala/config', () =>
    HttpResponse.json({
      key: 'DEMO-FROALA-KEY-0000-WEDIA-PORTAL',
      language: 'en',
      heightMin: 200,
      pastePlain: true,
      imageUpload: false,
      toolbarButtons: ['bold', 'italic', 'underline', 'formatOL', 'formatUL', 'insertLink', 'undo', 'redo'],
    }),
  ),
];
