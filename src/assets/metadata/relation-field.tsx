import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { lookupCleared, lookupTyped, namesRequested } from '../../../streams/entities/events';
import { selectLookup, selectNames } from '../../../streams/entities/selectors';
import { useAppState } from '../../hooks/use-app-state';
import { useDispatch } from '../../hooks/use-dispatch';
import { useTranslate } from '../../i18n/use-translate';
import { type FieldView, type RelationItem, relationItems, relationValue } from './fields';
import './messages';
import { wireId } from '../../../streams/core/wire-id';

/**
 * A relation field (`href`) edited through a lookup: a combobox whose text runs a small query on
 * the related schema (`entities/lookupTyped`, debounced in the entities' epic), the values as
 * chips with a remove button each. `one` replaces its value, `many` adds to the list.
 */
export function RelationField({
  field,
  value,
  onChange,
  inputId,
  lookupKey,
  label,
  invalid,
  messageId,
}: {
  field: FieldView;
  value: unknown;
  onChange(value: unknown): void;
  inputId: string;
  lookupKey: string;
  label: ReactNode;
  invalid: boolean;
  messageId: string;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const lookup = useAppState(selectLookup, lookupKey);
  const items = relationItems(value);
  const named = useRelationNames(field.related, items);
  const chosen = new Set(items.map((item) => item.id));
  const candidates = text.trim() === '' ? [] : lookup.candidates.filter((c) => !chosen.has(String(c.id)));
  const open = text.trim() !== '' && (lookup.status === 'loaded' || candidates.length > 0);
  const listId = `${inputId}-options`;

  // a lookup this field ran is forgotten when it goes (nothing is said for one never typed in)
  const typed = useRef(false);
  useEffect(
    () => () => {
      if (typed.current) dispatch(lookupCleared({ key: lookupKey }));
    },
    [dispatch, lookupKey],
  );

  const type = (next: string) => {
    setText(next);
    setActive(0);
    typed.current = true;
    if (field.related) dispatch(lookupTyped({ key: lookupKey, path: field.related, text: next }));
  };
  const pick = (candidate: { id: string | number; name: string }) => {
    const item: RelationItem = { id: String(candidate.id), name: candidate.name };
    onChange(relationValue(field, field.kind === 'many' ? [...named, item] : [item]));
    setText('');
    dispatch(lookupCleared({ key: lookupKey }));
  };
  const remove = (id: string) =>
    onChange(
      relationValue(
        field,
        named.filter((item) => item.id !== id),
      ),
    );
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && candidates.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % candidates.length);
    } else if (event.key === 'ArrowUp' && candidates.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + candidates.length) % candidates.length);
    } else if (event.key === 'Enter' && open && candidates[active]) {
      event.preventDefault();
      pick(candidates[active]);
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };

  return (
    <>
      {label}
      {named.length > 0 && (
        <ul className="metadata-chips" aria-label={field.label}>
          {named.map((item) => (
            <li key={item.id} className="chip chip-removable">
              <span>{item.name ?? item.id}</span>
              <button
                type="button"
                aria-label={t('metadata.remove', { name: item.name ?? item.id })}
                onClick={() => remove(item.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && candidates[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? messageId : undefined}
        aria-required={field.required || undefined}
        value={text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('metadata.lookupFor', { label: field.label })}
        className="metadata-field__options"
        hidden={!open}
      >
        {open && candidates.length === 0 && (
          // biome-ignore lint/a11y/useFocusableInteractive: options are reached with the arrow keys from the box (aria-activedescendant), never focused
          <div role="option" aria-selected={false} aria-disabled="true">
            {t('metadata.lookupNone')}
          </div>
        )}
        {open &&
          candidates.map((candidate, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached with the arrow keys from the box (aria-activedescendant), never focused
            <div
              key={String(candidate.id)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown keeps the focus in the box (a click would blur it first)
              onMouseDown={(event) => {
                event.preventDefault();
                pick(candidate);
              }}
            >
              {candidate.name}
            </div>
          ))}
      </div>
    </>
  );
}

/**
 * The items of a relation with their names: the names the value carries, else those the entities
 * know for the related path (asked once with `entities/namesRequested` for the ids without one).
 */
export function useRelationNames(related: string | null, items: readonly RelationItem[]): RelationItem[] {
  const dispatch = useDispatch();
  const names = useAppState(selectNames, related ?? '');
  const missing = related ? items.filter((item) => item.name === null && names[item.id] === undefined) : [];
  const ask = missing.map((item) => item.id).join(',');
  useEffect(() => {
    if (related && ask) dispatch(namesRequested({ path: related, ids: ask.split(',').map(wireId) }));
  }, [dispatch, related, ask]);
  return items.map((item) => (item.name === null ? { id: item.id, name: names[item.id] ?? null } : item));
}
