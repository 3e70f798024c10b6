import { type MouseEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ServerLink } from '../../ui/server-link';
import { useTranslate } from '../../i18n/use-translate';
import { type Block, numberProp, stringProp, withProp } from '../block-model';
import { usePageEditing } from '../page-editing';
import { sanitizeHtml } from '../sanitize';
import '../messages';

/**
 * Inline editable text: a text box showing "[ WRITE HERE ]" when empty, as its placeholder, so the
 * placeholder is never a value and never saved (seed 002 §5). Typing stays local; the text becomes
 * one block change when the box is left or Enter is pressed (so "Undo" takes back a whole edit).
 */
export function EditableText({
  block,
  value,
  onChange,
  multiline = false,
  className,
  subtitle = false,
}: {
  block: Block;
  value: string;
  onChange(text: string): void;
  multiline?: boolean;
  className?: string;
  /** the second text of a block (a hero's subtitle): named apart from its first */
  subtitle?: boolean;
}) {
  const t = useTranslate();
  const [text, setText] = useState(value);
  // an undo or a reload changes the value from outside
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const next = text === t('pages.writeHere') ? '' : text;
    if (next !== value) onChange(next);
  };
  const name = block.name || t(typeLabel(block.component));
  const label = subtitle ? t('pages.blockSubtitle', { block: name }) : t('pages.blockText', { block: name });
  const common = {
    className: `page-editable${className ? ` ${className}` : ''}`,
    'aria-label': label,
    placeholder: t('pages.writeHere'),
    value: text,
    onBlur: commit,
  };
  return multiline ? (
    <textarea {...common} rows={2} onChange={(event) => setText(event.target.value)} />
  ) : (
    <input
      type="text"
      {...common}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

/** A block's `title` prop as its `<h2>`: a text box while editing, nothing when empty on the page. */
export function BlockTitle({ block, title }: { block: Block; title: string }) {
  const { editing, change } = usePageEditing();
  if (!editing) return title ? <h2>{title}</h2> : null;
  return (
    <h2>
      <EditableText
        block={block}
        value={title}
        onChange={(text) => change(block, { props: withProp(block, 'title', text) })}
      />
    </h2>
  );
}

/** The translation key naming a block type (an unknown type has none: its raw name is shown). */
function typeLabel(component: string) {
  return `pages.type.${component}` as 'pages.type.heading';
}

const clampLevel = (level: number | null): 1 | 2 | 3 | 4 | 5 | 6 =>
  Math.min(6, Math.max(1, Math.round(level ?? 2))) as 1 | 2 | 3 | 4 | 5 | 6;

/** The level of a heading block (`props.level`, 2 when absent). */
export const headingLevel = (block: Block): number => clampLevel(numberProp(block.props, 'level'));

/** A heading: `value` is its text, `props.level` its level (1 to 6; 2 by default). */
export function HeadingBlock({ block }: { block: Block }) {
  const { editing, change } = usePageEditing();
  const Tag = `h${headingLevel(block)}` as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  if (editing) {
    return (
      <Tag className="page-heading">
        <EditableText
          block={block}
          value={block.value ?? ''}
          onChange={(value) => change(block, { value })}
        />
      </Tag>
    );
  }
  return block.value ? <Tag className="page-heading">{block.value}</Tag> : null;
}

/** A plain click on a link of the portal inside rich text: its path and query (it opens in the portal). */
function inAppPath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return null;
  const anchor = (event.target as Element).closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
}

/** Rich text: `value` is HTML, shown sanitised; "Edit block" opens the rich-text editor. */
export function RichTextBlock({ block }: { block: Block }) {
  const t = useTranslate();
  const [, navigate] = useLocation();
  const { editing } = usePageEditing();
  const html = sanitizeHtml(block.value ?? '');
  if (!html.trim()) {
    return editing ? <p className="page-rich-text page-rich-text--empty">{t('pages.writeHere')}</p> : null;
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks are those of the links inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link's Enter is a click: the links stay keyboard-usable
    <div
      className="page-rich-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: html }}
      onClick={(event) => {
        const path = inAppPath(event);
        if (!path) return;
        event.preventDefault();
        navigate(path);
      }}
    />
  );
}

/**
 * A call to action: `props.label` (else `value`) is its text, `props.href` where it leads (a portal
 * path or http(s)), else its attached `file` (a `cwpagefile`) to download.
 */
export function CallToActionBlock({ block }: { block: Block }) {
  const { editing, change } = usePageEditing();
  const label = stringProp(block.props, 'label') || (block.value ?? '');
  const href = stringProp(block.props, 'href') || stringProp(block.props, 'file');
  if (editing) {
    return (
      <p className="page-cta">
        <EditableText
          block={block}
          value={label}
          onChange={(text) => change(block, { props: withProp(block, 'label', text) })}
        />
        <span className="page-cta__href">{href}</span>
      </p>
    );
  }
  if (!label) return null;
  return (
    <p className="page-cta">
      <span className="page-cta__link">
        <ServerLink href={href}>{label}</ServerLink>
      </span>
    </p>
  );
}

/** The files attached to a block (`cwpagefile`, props keyed by their name), under a title. */
export function DownloadsBlock({ block }: { block: Block }) {
  const t = useTranslate();
  const title = stringProp(block.props, 'title');
  const file = stringProp(block.props, 'file');
  return (
    <section className="page-downloads">
      <BlockTitle block={block} title={title} />
      {file && (
        <ul>
          <li>
            <ServerLink href={file}>{t('pages.file', { name: file.split('/').pop() ?? file })}</ServerLink>
          </li>
        </ul>
      )}
    </section>
  );
}
