const withoutDiacritics = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The name filter of protocol §6.3: diacritics removed, regex characters escaped, `*` for any
 * text, a case-insensitive substring match. An empty filter keeps everything.
 */
export function nameMatcher(filter: string): (name: string) => boolean {
  const text = withoutDiacritics(filter.trim());
  if (text === '') return () => true;
  const pattern = new RegExp(
    text
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*'),
    'i',
  );
  return (name) => pattern.test(withoutDiacritics(name));
}
