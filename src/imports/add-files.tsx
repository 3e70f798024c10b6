import { useId, useRef, useState } from 'react';
import { config } from '../../streams/core/config';
import { uploadConcurrencyChangeRequested } from '../../streams/imports/events';
import { selectUploadConcurrency } from '../../streams/imports/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import './messages';

const CONCURRENCY_CHOICES = Array.from(
  { length: config.uploadConcurrencyMax - config.uploadConcurrencyMin + 1 },
  (_, index) => config.uploadConcurrencyMin + index,
);

/** A tray with an arrow going up: the drop zone's picture, decorative. */
function UploadIcon() {
  return (
    <svg className="imports-drop__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M24 30V10m0 0-8 8m8-8 8 8" fill="none" stroke="currentColor" strokeWidth="3.5" />
      <path d="M8 28v10h32V28" fill="none" stroke="currentColor" strokeWidth="3.5" />
    </svg>
  );
}

/**
 * The drop zone: buttons "Add files" and "Add a folder" open the browser's pickers, whose inputs
 * stay in the page hidden (out of the accessibility tree: the buttons are the controls) and
 * labelled the same (a test sets files on them by that label; the browser's own "Choose Files"
 * text never shows, in any language); zip expansion and
 * "Simultaneous uploads" below. Dropping anywhere on the page is handled by the page (`dragging`).
 */
export function AddFiles({
  onFiles,
  inputRef,
  dragging,
}: {
  onFiles(files: readonly File[], unzip: boolean): void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  dragging: boolean;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const concurrency = useAppState(selectUploadConcurrency, config.uploadConcurrencyDefault);
  const [unzip, setUnzip] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);
  const concurrencyId = useId();
  const take = (list: FileList | null, input: HTMLInputElement) => {
    if (list && list.length > 0) onFiles([...list], unzip);
    input.value = '';
  };
  return (
    <div className={`imports-drop${dragging ? ' imports-drop--active' : ''}`}>
      <UploadIcon />
      <p className="imports-drop__title">{dragging ? t('imports.dropping') : t('imports.dropHere')}</p>
      <div className="imports-drop__buttons">
        <button type="button" className="btn-primary" onClick={() => inputRef.current?.click()}>
          {t('imports.addFiles')}
        </button>
        <button type="button" onClick={() => folderInput.current?.click()}>
          {t('imports.addFolder')}
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          aria-label={t('imports.addFiles')}
          onChange={(event) => take(event.target.files, event.target)}
        />
        <input
          ref={folderInput}
          type="file"
          multiple
          hidden
          aria-label={t('imports.addFolder')}
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(event) => take(event.target.files, event.target)}
        />
      </div>
      <div className="imports-drop__options">
        <label className="imports-drop__check">
          <input type="checkbox" checked={unzip} onChange={(event) => setUnzip(event.target.checked)} />
          <span>{t('imports.unzip')}</span>
        </label>
        <span className="imports-drop__concurrency">
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
        </span>
      </div>
    </div>
  );
}
