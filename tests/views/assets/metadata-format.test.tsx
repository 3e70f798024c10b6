import { describe, expect, it } from 'vitest';
import { type FieldView, formatValue } from '../../../src/assets/metadata/fields';

const field = (name: string, kind: FieldView['kind']): FieldView => ({
  name,
  label: name,
  kind,
  group: { id: 'file', name: 'File' },
  taborder: 1,
  editable: false,
  required: false,
  i18n: false,
  related: null,
});
const bytes = (value: number) => `${value} B`;

describe('how a metadata value reads', () => {
  it('shows a duration as a player does, and other numbers in the locale', () => {
    expect(formatValue(field('duration', 'number'), 28, 'en', bytes)).toBe('0:28');
    expect(formatValue(field('duration', 'number'), 3725, 'fr', bytes)).toBe('1:02:05');
    expect(formatValue(field('width', 'number'), 1280, 'fr', bytes)).toBe('1\u202f280');
    expect(formatValue(field('filesize', 'number'), 12, 'en', bytes)).toBe('12 B');
  });
});
