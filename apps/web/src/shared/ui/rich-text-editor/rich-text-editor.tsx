import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { loadChunk } from '../chunk-load';
import type { ToolbarItem } from './toolbar-items';
import styles from './rich-text-editor.module.css';

export type { ToolbarItem } from './toolbar-items';
export { DEFAULT_TOOLBAR } from './toolbar-items';

export type RichTextEditorProps = {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  /** Total height in px (default 300); the text area scrolls. */
  height?: number;
  /** Buttons in order, '|' between groups (default DEFAULT_TOOLBAR). Images can be pasted only with 'image'. */
  toolbar?: ToolbarItem[];
  disabled?: boolean;
  id?: string;
};

/** tiptap stays in its own chunk: only pages that show an editor download it. */
const TiptapEditor = lazy(() => loadChunk(() => import('./tiptap-editor')));

/**
 * Rich-text editor (SPEC section 2): tiptap, height 300 by default, configurable toolbar, images
 * inserted or pasted are embedded as base64 JPEG. Display its HTML elsewhere with <SafeHtml>.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? 300;
  return (
    <Suspense
      fallback={
        <div className={`${styles.editor} ${styles.placeholder}`} style={{ height }}>
          <Spin />
        </div>
      }
    >
      <TiptapEditor {...props} height={height} />
    </Suspense>
  );
}
