import { useMemo } from 'react';
import { catalogues } from './catalogues';
import { baseLocale } from './locales';
import './labels/messages';
import { useLocale } from './use-locale';

/** The kinds of codes the server sends whose labels the portal translates. */
type CodeKind = 'type' | 'facet' | 'shareAction' | 'zipProfile';

/** `dam/data/asset` and `asset` name the same type: the last segment of a path is its code. */
const codeOf = (code: string): string => code.split('/').pop()!.toLowerCase();

/**
 * The label of a server code in the reader's language: the portal's translation when it has one
 * (`code.<kind>.<code>` in `labels/messages.ts`, or a third language's file), else the server's
 * label (`fallback`), else the code itself.
 */
export function codeLabel(locale: string, kind: CodeKind, code: string, fallback?: string | null): string {
  const key = `code.${kind}.${codeOf(code)}`;
  const messages = catalogues[baseLocale(locale)] ?? {};
  return messages[key] ?? (fallback || null) ?? catalogues.en?.[key] ?? code;
}

/** `codeLabel` bound to the effective locale: `const label = useCodeLabel(); label('facet', field, server)`. */
export function useCodeLabel(): (kind: CodeKind, code: string, fallback?: string | null) => string {
  const locale = useLocale();
  return useMemo(
    () => (kind: CodeKind, code: string, fallback?: string | null) => codeLabel(locale, kind, code, fallback),
    [locale],
  );
}
