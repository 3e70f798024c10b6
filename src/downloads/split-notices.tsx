import { useId } from 'react';
import { splitConfirmed, splitDeclined, splitNoticeDismissed } from '../../streams/downloads/events';
import {
  type HeldSplit,
  type SizedItem,
  selectHeldSplits,
  selectSplitNotices,
} from '../../streams/downloads/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatSize, plural } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** The items a split left out, each by its name (or its id, saying the name is not known). */
function SkippedItems({ items }: { items: readonly SizedItem[] }) {
  const t = useTranslate();
  const locale = useLocale();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className="split-notice__skipped">
      <p id={headingId}>
        {t(
          plural(locale, items.length, {
            one: 'downloads.split.skipped.one',
            other: 'downloads.split.skipped.other',
          }),
          {
            count: items.length,
          },
        )}
      </p>
      <ul aria-labelledby={headingId}>
        {items.map((item) => (
          <li key={`${item.resource}/${item.id}`}>
            {item.name ? (
              <span className="split-notice__item-name">{item.name}</span>
            ) : (
              <span className="split-notice__item-name">
                {t('downloads.split.unnamed', { resource: item.resource, id: item.id })}
              </span>
            )}{' '}
            <span className="badge">{formatSize(item.size, locale)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Spring is too large for one zip: 6 parts, 2.9 GB. Download all parts?" asked once for the set. */
function SplitQuestion({ held }: { held: HeldSplit }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useLocale();
  const headingId = useId();
  const parts = t(
    plural(locale, held.parts, { one: 'downloads.split.parts.one', other: 'downloads.split.parts.other' }),
    {
      count: held.parts,
    },
  );
  return (
    <section className="card stack split-notice split-notice--question" aria-labelledby={headingId}>
      <h2 id={headingId} className="split-notice__title">
        {t('downloads.split.question.title', { name: held.downloadName })}
      </h2>
      <p>{t('downloads.split.question', { parts, size: formatSize(held.size, locale) })}</p>
      <SkippedItems items={held.skipped} />
      <div className="toolbar">
        <button
          type="button"
          className="btn-primary"
          onClick={(event) => {
            // the question goes away: focus moves to the parts it started, not to the page's top
            const parts = event.currentTarget
              .closest('.download-dialog, .downloads-page')
              ?.querySelector<HTMLElement>('.download-list');
            dispatch(splitConfirmed({ downloadId: held.origin }));
            parts?.focus();
          }}
        >
          {t('downloads.split.confirm')}
        </button>
        <button type="button" onClick={() => dispatch(splitDeclined({ downloadId: held.origin }))}>
          {t('downloads.split.decline')}
        </button>
      </div>
    </section>
  );
}

/**
 * A split asks once for the whole set; once answered, it tells how many parts there are and
 * lists by name every item left out (never silently, seed 000 §9).
 */
export function SplitNotices({ origins }: { origins?: readonly string[] }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useLocale();
  const notices = useAppState(selectSplitNotices);
  const heldSplits = useAppState(selectHeldSplits);
  const concerned = (origin: string) => !origins || origins.includes(origin);
  const questions = heldSplits.filter((held) => concerned(held.origin));
  const asked = new Set(questions.map((held) => held.origin));
  const shown = Object.entries(notices).filter(([origin]) => concerned(origin) && !asked.has(origin));
  if (questions.length === 0 && shown.length === 0) return null;
  return (
    <>
      {questions.map((held) => (
        <SplitQuestion key={held.origin} held={held} />
      ))}
      {shown.map(([origin, notice]) => (
        <section key={origin} className="card stack split-notice" role="status">
          <p>
            {t('downloads.split.title', {
              name: notice.downloadName,
              parts: t(
                plural(locale, notice.total, {
                  one: 'downloads.split.parts.one',
                  other: 'downloads.split.parts.other',
                }),
                { count: notice.total },
              ),
            })}
          </p>
          <SkippedItems items={notice.skipped} />
          <div className="toolbar">
            <button
              type="button"
              className="btn-small btn-ghost"
              onClick={() => dispatch(splitNoticeDismissed({ downloadId: origin }))}
            >
              {t('downloads.split.dismiss')}
            </button>
          </div>
        </section>
      ))}
    </>
  );
}
