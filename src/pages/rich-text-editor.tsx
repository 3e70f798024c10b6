import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { HeadingNode, QuoteNode, registerRichText } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  createEditor,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { useEffect, useRef } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { sanitizeHtml } from './sanitize';
import './messages';

/** How long typing is grouped into one step of the editor's own undo (Ctrl+Z inside the editor). */
const HISTORY_MERGE_MS = 300;

/** Loads sanitised HTML into the editor, wrapping loose text in paragraphs (the root holds blocks). */
function load(editor: LexicalEditor, html: string) {
  editor.update(
    () => {
      const dom = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
      const nodes = $generateNodesFromDOM(editor, dom);
      const root = $getRoot();
      root.clear();
      let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
      for (const node of nodes as LexicalNode[]) {
        if ($isElementNode(node) || $isDecoratorNode(node)) {
          paragraph = null;
          root.append(node);
        } else {
          if (!paragraph) {
            paragraph = $createParagraphNode();
            root.append(paragraph);
          }
          paragraph.append(node);
        }
      }
      if (root.getChildrenSize() === 0) root.append($createParagraphNode());
    },
    { discrete: true },
  );
}

/**
 * The rich-text block's editor: Lexical (MIT, Meta) bound to a plain `contenteditable`, without
 * its React bindings. Paragraphs, headings, quotes, bold and italic (Ctrl+B, Ctrl+I or the
 * buttons); the HTML it gives back is sanitised again before it is shown. Loaded only when a rich
 * text block is edited.
 */
export default function RichTextEditor({
  html,
  label,
  onChange,
}: {
  html: string;
  label: string;
  onChange(html: string): void;
}) {
  const t = useTranslate();
  const root = useRef<HTMLDivElement>(null);
  const editorRef = useRef<LexicalEditor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // the editor owns its content once created: later `html` props are not pushed back into it
  const initial = useRef(html);

  useEffect(() => {
    const editor = createEditor({
      namespace: 'page-rich-text',
      nodes: [HeadingNode, QuoteNode],
      theme: { text: { bold: 'rt-bold', italic: 'rt-italic' } },
      onError: (error) => {
        throw error;
      },
    });
    editorRef.current = editor;
    editor.setRootElement(root.current);
    const offRichText = registerRichText(editor);
    const offHistory = registerHistory(editor, createEmptyHistoryState(), HISTORY_MERGE_MS);
    load(editor, initial.current);
    const offUpdate = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      changed.current(editor.read(() => $generateHtmlFromNodes(editor, null)));
    });
    return () => {
      offUpdate();
      offHistory();
      offRichText();
      editor.setRootElement(null);
      editorRef.current = null;
    };
  }, []);

  const format = (kind: 'bold' | 'italic') => editorRef.current?.dispatchCommand(FORMAT_TEXT_COMMAND, kind);
  return (
    <div className="rich-text-editor">
      <div className="rich-text-editor__tools" role="toolbar" aria-label={t('pages.richText')}>
        <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => format('bold')}>
          {t('pages.richTextBold')}
        </button>
        <button
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => format('italic')}
        >
          {t('pages.richTextItalic')}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs a contenteditable, a textarea holds plain text only */}
      <div
        ref={root}
        className="rich-text-editor__content page-rich-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
      />
    </div>
  );
}
