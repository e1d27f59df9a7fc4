import type { ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import ClearOutlined from '@ant-design/icons/ClearOutlined';
import CodeOutlined from '@ant-design/icons/CodeOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LineOutlined from '@ant-design/icons/LineOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { Button, Divider, Tooltip } from 'antd';
import { TOOLBAR_TITLES, type ToolbarItem } from './toolbar-items';
import styles from './rich-text-editor.module.css';

type Action = Exclude<ToolbarItem, '|'>;

const text = (label: string) => <span style={{ fontWeight: 600, fontSize: 12 }}>{label}</span>;
/** Buttons showing words (H1…H3): their name starts with what they show (WCAG 2.5.3 "label in name"). */
const SHOWN: Partial<Record<Action, string>> = { h1: 'H1', h2: 'H2', h3: 'H3' };
const nameOf = (item: Action) => (SHOWN[item] ? `${SHOWN[item]} ${TOOLBAR_TITLES[item]}` : TOOLBAR_TITLES[item]);
const ICONS: Record<Action, ReactNode> = {
  undo: <UndoOutlined />,
  redo: <RedoOutlined />,
  h1: text('H1'),
  h2: text('H2'),
  h3: text('H3'),
  bold: <BoldOutlined />,
  italic: <ItalicOutlined />,
  underline: <UnderlineOutlined />,
  strike: <StrikethroughOutlined />,
  code: <CodeOutlined />,
  bulletList: <UnorderedListOutlined />,
  orderedList: <OrderedListOutlined />,
  blockquote: text('❝'),
  codeBlock: text('{ }'),
  horizontalRule: <LineOutlined />,
  link: <LinkOutlined />,
  image: <PictureOutlined />,
  clear: <ClearOutlined />,
};

/** Runs a toolbar action on the editor (link and image are handled by the caller). */
function run(editor: Editor, action: Action): void {
  const chain = editor.chain().focus();
  switch (action) {
    case 'undo':
      chain.undo().run();
      return;
    case 'redo':
      chain.redo().run();
      return;
    case 'h1':
      chain.toggleHeading({ level: 1 }).run();
      return;
    case 'h2':
      chain.toggleHeading({ level: 2 }).run();
      return;
    case 'h3':
      chain.toggleHeading({ level: 3 }).run();
      return;
    case 'bold':
      chain.toggleBold().run();
      return;
    case 'italic':
      chain.toggleItalic().run();
      return;
    case 'underline':
      chain.toggleUnderline().run();
      return;
    case 'strike':
      chain.toggleStrike().run();
      return;
    case 'code':
      chain.toggleCode().run();
      return;
    case 'bulletList':
      chain.toggleBulletList().run();
      return;
    case 'orderedList':
      chain.toggleOrderedList().run();
      return;
    case 'blockquote':
      chain.toggleBlockquote().run();
      return;
    case 'codeBlock':
      chain.toggleCodeBlock().run();
      return;
    case 'horizontalRule':
      chain.setHorizontalRule().run();
      return;
    case 'clear':
      chain.unsetAllMarks().clearNodes().run();
      return;
    case 'link':
    case 'image':
      return;
  }
}

function isActive(editor: Editor, action: Action): boolean {
  switch (action) {
    case 'h1':
      return editor.isActive('heading', { level: 1 });
    case 'h2':
      return editor.isActive('heading', { level: 2 });
    case 'h3':
      return editor.isActive('heading', { level: 3 });
    case 'bold':
    case 'italic':
    case 'underline':
    case 'strike':
    case 'code':
    case 'bulletList':
    case 'orderedList':
    case 'blockquote':
    case 'codeBlock':
    case 'link':
      return editor.isActive(action);
    default:
      return false;
  }
}

export type EditorToolbarProps = {
  editor: Editor;
  items: ToolbarItem[];
  disabled?: boolean;
  onLink: () => void;
  onImage: () => void;
};

export function EditorToolbar({ editor, items, disabled, onLink, onImage }: EditorToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: items.filter((i): i is Action => i !== '|' && isActive(e, i)).join(','),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const active = new Set(state.active.split(','));
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="编辑工具栏">
      {items.map((item, i) => {
        if (item === '|') return <Divider key={`sep-${i}`} orientation="vertical" className={styles.separator} />;
        const blocked = disabled || (item === 'undo' && !state.canUndo) || (item === 'redo' && !state.canRedo);
        const onClick = item === 'link' ? onLink : item === 'image' ? onImage : () => run(editor, item);
        return (
          <Tooltip key={item} title={TOOLBAR_TITLES[item]} mouseEnterDelay={0.6}>
            <Button
              aria-label={nameOf(item)}
              aria-pressed={active.has(item)}
              size="small"
              color="primary"
              variant={active.has(item) ? 'filled' : 'text'}
              icon={ICONS[item]}
              disabled={blocked}
              onMouseDown={(e) => e.preventDefault()}
              onClick={onClick}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
