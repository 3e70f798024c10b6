import { z } from 'zod';

/**
 * Server settings of the demo (UI-CONTRACT, "Demo server"), keyed by dotted names. Read and changed
 * at `GET|POST /__mock/settings`; `reset()` puts the defaults back.
 */
export const settingsSchema = z.strictObject({
  /** split a refused download into parts (seed 000 §4) */
  'carts.splitcart': z.boolean(),
  /** at most this many private carts shared with a user are listed; 0: 5000; negative: unlimited (protocol §6.3) */
  'carts.maxSharedCarts': z.number().int(),
  /** at most this many public carts of others are listed; 0: 10000; negative: unlimited (protocol §6.3) */
  'carts.maxPublicCarts': z.number().int(),
  /** bytes: a zip larger than this is refused */
  'zip.maxSize': z.number().int().nonnegative(),
  /** bytes: a zip larger than this asks for confirmation */
  'zip.warnSize': z.number().int().nonnegative(),
  /** how long a zip takes to build: its readiness HEAD answers 202 until then */
  'zip.buildMs': z.number().int().nonnegative(),
  /** lifetime of issued tokens, `exp - iat` */
  'token.lifetimeS': z.number().int().positive(),
  /** how long a refresh token (or a cookie session) can still be refreshed after it was issued */
  'token.refreshLifetimeS': z.number().int().positive(),
  /** `GET /rest/auth/config` lists the demo single-sign-on providers; false lists none */
  'auth.ssoProviders': z.boolean(),
  /** answer of the availability call (protocol §19) */
  'app.available': z.boolean(),
  'app.unavailableMessage': z.string(),
  /** schema-header answers (protocol §11.2): 'one' section as the protocol says, or 'both'/'none' to try the client's refusals */
  'schemas.sections': z.enum(['one', 'both', 'none']),
  /** SSO provider and share links answer `javascript:` URLs, as a hostile server would (mocks/hostile.ts) */
  'hostile.urls': z.boolean(),
  /** the item player answers markup that tries to run script (mocks/hostile.ts) */
  'hostile.playerHtml': z.boolean(),
  /** asset list pages come padded to about 10 MB: long descriptions, many tags (mocks/hostile.ts) */
  'hostile.hugeAnswers': z.boolean(),
  /** every cart, asset and saved search name answered carries `<img src=x onerror=…>` (mocks/hostile.ts) */
  'hostile.names': z.boolean(),
  /** bytes: a mass-import upload (one file, or a zip's total) larger than this is refused with 413 (issue 15) */
  'imports.maxFileSize': z.number().int().positive(),
  /** how long an uploaded item stays `analyzing` before it is ready (issue 15) */
  'imports.analyzeMs': z.number().int().nonnegative(),
  /** how long a mass-import command (metadata, validate) runs before `changes/{ids}` says done (issue 15) */
  'imports.commandMs': z.number().int().nonnegative(),
  /** how long a zip may take to expand before it is refused with 413/6 and its worker thread stopped (issue 27) */
  'imports.unzipTimeLimitMs': z.number().int().positive(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** A POST to `/__mock/settings` may change any subset; unknown keys are refused. */
export const settingsPatchSchema = settingsSchema.partial();

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  'carts.splitcart': true,
  'carts.maxSharedCarts': 5000,
  'carts.maxPublicCarts': 10_000,
  'zip.maxSize': 524_288_000,
  'zip.warnSize': 209_715_200,
  'zip.buildMs': 1500,
  'token.lifetimeS': 3600,
  'token.refreshLifetimeS': 86_400,
  'auth.ssoProviders': true,
  'app.available': true,
  'app.unavailableMessage': 'The portal is under maintenance. Please come back later.',
  'schemas.sections': 'one',
  'hostile.urls': false,
  'hostile.playerHtml': false,
  'hostile.hugeAnswers': false,
  'hostile.names': false,
  'imports.maxFileSize': 104_857_600,
  'imports.analyzeMs': 3000,
  'imports.commandMs': 1000,
  'imports.unzipTimeLimitMs': 60_000,
});
