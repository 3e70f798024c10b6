import { lazy, Suspense, useState } from 'react';
import { selectCanCreate } from '../../streams/schemas/selectors';
import { SEARCH_PATH } from '../../streams/search/url';
import { cleared } from '../../streams/selection/events';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import '../assets/metadata/messages';
import '../assets/metadata/metadata.css';

const SelectionEditDialog = lazy(() =>
  import('./selection-edit-dialog').then((m) => ({ default: m.SelectionEditDialog })),
);

/**
 * With a selection: how many, "Clear selection", and "Edit metadata of the selection" for those
 * who may change assets (the asset schema's insert right, the demo's contributors and managers).
 * "Add selection to cart" and "Download selection" are left to issue 13.
 */
export function SelectionToolbar({ list, ids }: { list: string; ids: readonly string[] }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const canEdit = useAppState(selectCanCreate, SEARCH_PATH);
  const [editing, setEditing] = useState(false);
  return (
    <div role="toolbar" aria-label={t('selection.toolbar')} className="selection-toolbar">
      <span className="selection-toolbar__count">{t('selection.count', { count: ids.length })}</span>
      <button type="button" onClick={() => dispatch(cleared({ list }))}>
        {t('selection.clear')}
      </button>
      {canEdit && (
        <button type="button" onClick={() => setEditing(true)}>
          {t('selection.edit')}
        </button>
      )}
      {editing && (
        <Suspense fallback={null}>
          <SelectionEditDialog list={list} ids={ids} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
