import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { config } from '../../streams/core/config';
import { SEARCH_CURSOR } from '../../streams/search/url';
import { cleared, inputChanged } from '../../streams/typeahead/events';
import { selectCompletions, selectWordsFailure } from '../../streams/typeahead/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/**
 * The search box with its suggestion list: the ARIA 1.2 combobox pattern. Arrow keys move in
 * the list, Enter searches the highlighted suggestion (or the text), Escape closes the list and
 * then clears the text. Suggestions are asked by the typeahead epic, never from here.
 * With `onSentence` (natural language on, protocol §22) Enter hands the text over as a sentence
 * and no suggestion is asked while typing; `below` shows what the typed text offers.
 */
export function SearchBox({
  value,
  onSearch,
  onSentence,
  below,
}: {
  value: string;
  onSearch(text: string): void;
  onSentence?: (text: string) => void;
  below?: (text: string) => ReactNode;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const listId = useId();
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useAppState(selectCompletions, SEARCH_CURSOR, config.typeaheadMaxSuggestions);
  const shown = open && suggestions.length > 0;
  const failure = useAppState(selectWordsFailure, SEARCH_CURSOR);

  // the address changed (a reopened saved search, back button): the box shows it
  useEffect(() => setText(value), [value]);

  function change(next: string) {
    setText(next);
    setOpen(true);
    setActive(-1);
    if (!onSentence) dispatch(inputChanged({ name: SEARCH_CURSOR, text: next }));
  }

  function submit(next: string) {
    setText(next);
    setOpen(false);
    setActive(-1);
    dispatch(cleared({ name: SEARCH_CURSOR }));
    if (onSentence) {
      if (next.trim()) onSentence(next.trim());
    } else onSearch(next.trim());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text itself: the highlight cycles through it
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        return next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      submit(shown && active >= 0 ? (suggestions[active] ?? text) : text);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (shown) setOpen(false);
      else change('');
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <search> element is not known to every browser the portal supports
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit(text);
      }}
    >
      <input
        type="text"
        role="combobox"
        aria-label={t('search.box')}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <button type="submit" className="btn-primary">
        {t('search.submit')}
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className="search-box__list"
        hidden={!shown}
      >
        {shown &&
          suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached with the arrow keys from the box (aria-activedescendant), never focused
            <div
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-box__option"
              // mousedown keeps the focus in the box (a click would blur it first)
              onMouseDown={(event) => {
                event.preventDefault();
                submit(suggestion);
              }}
            >
              {suggestion}
            </div>
          ))}
      </div>
      {below?.(text)}
      {failure && text.trim() !== '' && (
        <ErrorMessage
          role="status"
          className="search-box__problem"
          lead={t('search.suggestionsFailed')}
          error={failure}
          onRetry={() => dispatch(inputChanged({ name: SEARCH_CURSOR, text }))}
        />
      )}
    </form>
  );
}
