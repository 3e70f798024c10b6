import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

/** protocol §19: the keys of `infos` the portal reads; keys containing `_` are ignored. */
export const INFO_TEXT_KEYS = ['appName', 'baseUrl', 'appBGCredit'] as const;
export const INFO_URL_KEYS = [
  'appBGUrl',
  'appBG404Error',
  'appBG500Error',
  'appFaviconUrl',
  'appLogoHeaderUrlForDarkBG',
  'appLogoHeaderUrlForLightBG',
  'appLogoUrlForDarkBG',
  'appLogoUrlForLightBG',
] as const;

type InfoKey = (typeof INFO_TEXT_KEYS)[number] | (typeof INFO_URL_KEYS)[number];
export type AppInfos = Partial<Record<InfoKey, string>>;

export const appInfosSchema = z.object({
  appName: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
  appBGCredit: z.optional(z.string()),
  appBGUrl: z.optional(z.string()),
  appBG404Error: z.optional(z.string()),
  appBG500Error: z.optional(z.string()),
  appFaviconUrl: z.optional(z.string()),
  appLogoHeaderUrlForDarkBG: z.optional(z.string()),
  appLogoHeaderUrlForLightBG: z.optional(z.string()),
  appLogoUrlForDarkBG: z.optional(z.string()),
  appLogoUrlForLightBG: z.optional(z.string()),
});

const infosAnswerSchema = z.object({ infos: z.record(z.string(), z.unknown()) });

const availabilityAnswerSchema = z.object({
  available: z.boolean(),
  message: z.nullish(z.string()),
});

export function getInfos(): HttpRequest<z.infer<typeof infosAnswerSchema>> {
  return { method: 'GET', path: '/wedia/app/infos/getInfos', schema: infosAnswerSchema };
}

export function isAvailable(applicationName: string): HttpRequest<z.infer<typeof availabilityAnswerSchema>> {
  return {
    method: 'GET',
    path: '/wedia/bo/authorizedusers/applications/isAvailable',
    query: { applicationName },
    schema: availabilityAnswerSchema,
  };
}

/**
 * Keeps the keys the portal reads (text values only) and makes URLs absolute: a value starting
 * with `http` is used as is, any other is prefixed with `baseUrl` (protocol §19).
 */
export function readInfos(raw: Record<string, unknown>, fallbackBaseUrl: string): AppInfos {
  const infos: AppInfos = {};
  const baseUrl = typeof raw.baseUrl === 'string' && raw.baseUrl ? raw.baseUrl : fallbackBaseUrl;
  for (const key of INFO_TEXT_KEYS) {
    const value = raw[key];
    if (typeof value === 'string') infos[key] = value;
  }
  for (const key of INFO_URL_KEYS) {
    const value = raw[key];
    if (typeof value !== 'string' || value === '') continue;
    infos[key] = value.startsWith('http')
      ? value
      : `${baseUrl.replace(/\/$/, '')}${value.startsWith('/') ? '' : '/'}${value}`;
  }
  return infos;
}
