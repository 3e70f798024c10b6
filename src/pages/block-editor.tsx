import { lazy, Suspense, useId, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import {
  type Block,
  type BlockChange,
  checkSettings,
  numberProp,
  ownProps,
  stringProp,
  assetIdOf,
} from './block-model';
import { blockTypeOf, useBlockLabel } from './blocks/registry';
import './messages';
import { wireId } from '../../streams/core/wire-id';

/** Lexical comes with the first rich-text block edited, never before (nor with the page). */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * "Edit block": the block's own editor in a dialog named "Edit block". Nothing changes until
 * "Apply", which checks what it must first (the asset list's JSON settings: protocol §14.2).
 */
export function BlockEditorDialog({
  block,
  onApply,
  onClose,
}: {
  block: Block;
  onApply(change: BlockChange): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const label = useBlockLabel();
  const kind = blockTypeOf(block.component)?.editor ?? 'none';
  const name = block.name || label(block.component);
  const [value, setValue] = useState(block.value ?? '');
  const [level, setLevel] = useState(String(numberProp(block.props, 'level') ?? 2));
  const [assetId, setAssetId] = useState(assetIdOf(block.props) ?? '');
  const [alt, setAlt] = useState(stringProp(block.props, 'alt'));
  const [href, setHref] = useState(stringProp(block.props, 'href'));
  const [settings, setSettings] = useState(() => JSON.stringify(ownProps(block), null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const ids = {
    level: useId(),
    asset: useId(),
    alt: useId(),
    href: useId(),
    settings: useId(),
    problem: useId(),
  };

  const apply = () => {
    const props = ownProps(block);
    switch (kind) {
      case 'heading':
        return onApply({ value, props: { ...props, level: Number(level) } });
      case 'rich-text':
        // the editor's own HTML for an untouched text is no change
        return value === (block.value ?? '') ? onClose() : onApply({ value });
      case 'link':
        return onApply({ props: { ...props, href: href.trim() } });
      case 'asset': {
        const id = assetId.trim();
        const next: Record<string, unknown> = { ...props, assetId: wireId(id) };
        if (block.component === 'image') next.alt = alt;
        return onApply({ props: next });
      }
      case 'settings': {
        const checked = checkSettings(settings);
        if (!checked.ok) {
          setProblem(
            checked.reason === 'syntax'
              ? t('pages.settingsInvalid', { message: checked.message })
              : checked.reason === 'max'
                ? t('pages.settingsMax')
                : t('pages.settingsNotObject'),
          );
          return;
        }
        return onApply({ props: checked.props });
      }
      default:
        return onClose();
    }
  };

  return (
    <ModalDialog title={t('pages.editBlock')} onClose={onClose} className="page-block-editor">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <p className="page-block-editor__which">{name}</p>
        {kind === 'heading' && (
          <>
            <label>
              {t('pages.blockText', { block: name })}
              <input type="text" value={value} onChange={(event) => setValue(event.target.value)} />
            </label>
            <label htmlFor={ids.level}>{t('pages.headingLevel')}</label>
            <select id={ids.level} value={level} onChange={(event) => setLevel(event.target.value)}>
              {[2, 3, 4, 5, 6].map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </>
        )}
        {kind === 'rich-text' && (
          <Suspense fallback={<p role="status">{t('pages.richTextLoading')}</p>}>
            <RichTextEditor html={value} label={t('pages.richText')} onChange={setValue} />
          </Suspense>
        )}
        {kind === 'link' && (
          <>
            <label htmlFor={ids.href}>{t('pages.linkAddress')}</label>
            <input id={ids.href} type="text" value={href} onChange={(event) => setHref(event.target.value)} />
          </>
        )}
        {kind === 'asset' && (
          <>
            <label htmlFor={ids.asset}>{t('pages.assetId')}</label>
            <input
              id={ids.asset}
              type="text"
              inputMode="numeric"
              value={assetId}
              onChange={(event) => setAssetId(event.target.value)}
            />
            {block.component === 'image' && (
              <>
                <label htmlFor={ids.alt}>{t('pages.altText')}</label>
                <input
                  id={ids.alt}
                  type="text"
                  value={alt}
                  onChange={(event) => setAlt(event.target.value)}
                />
              </>
            )}
          </>
        )}
        {kind === 'settings' && (
          <>
            <label htmlFor={ids.settings}>{t('pages.settings')}</label>
            <textarea
              id={ids.settings}
              className="page-block-editor__json"
              rows={8}
              spellCheck={false}
              value={settings}
              aria-invalid={problem !== null}
              aria-describedby={problem ? ids.problem : undefined}
              onChange={(event) => {
                setSettings(event.target.value);
                setProblem(null);
              }}
            />
            <p className="field-hint">{t('pages.settingsHelp')}</p>
            {problem && (
              <p id={ids.problem} role="alert" className="field-error">
                {problem}
              </p>
            )}
          </>
        )}
        <div className="button-row">
          <button type="submit" className="button btn-primary">
            {t('pages.apply')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('pages.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
