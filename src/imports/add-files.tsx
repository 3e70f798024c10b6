import { useId, useState } from 'react';
import { config } from '../../streams/core/config';
import { uploadConcurrencyChangeRequested } from '../../streams/imports/events';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { readConcurrency } from './select';
import './messages';

const CONCURRENCY_CHOICES = Array.from(
  { length: config.uploadConcurrencyMax - config.uploadConcurrencyMin + 1 },
  (_, index) => config.uploadConcurrencyMin + index,
);

/** The drop zone, "Add files" (and "Add a folder" where the browser can), zip expansion and "Simultaneous uploads". */
export function AddFiles({
  onFiles,
  inputRef,
}: {
  onFiles(files: readonly File[], unzip: boolean): void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const concurrency = useAppState(readConcurrency) ?? config.uploadConcurrencyDefault;
  const [unzip, setUnzip] = useState(false);
  const filesId = useId();
  const folderId = useId();
  const concurrencyId = useId();
  const take = (list: FileList | null, input: HTMLInputElement) => {
    if (list && list.length > 0) onFiles([...list], unzip);
    input.value = '';
  };
  return (
    <div className="imports-drop">
      <p>{t('imports.dropHere')}</p>
      <div className="imports-drop__controls">
        <label htmlFor={filesId}>{t('imports.addFiles')}</label>
        <input
          ref={inputRef}
          id={filesId}
          type="file"
          multiple
          onChange={(event) => take(event.target.files, event.target)}
        />
        <label htmlFor={folderId}>{t('imports.addFolder')}</label>
        <input
          id={folderId}
          type="file"
          multiple
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(event) => take(event.target.files, event.target)}
        />
        <label className="imports-drop__check">
          <input type="checkbox" checked={unzip} onChange={(event) => setUnzip(event.target.checked)} />{' '}
          {t('imports.unzip')}
        </label>
        <label htmlFor={concurrencyId}>{t('imports.simultaneous')}</label>
        <select
          id={concurrencyId}
          value={concurrency}
          onChange={(event) =>
            dispatch(uploadConcurrencyChangeRequested({ value: Number(event.target.value) }))
          }
        >
          {CONCURRENCY_CHOICES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
