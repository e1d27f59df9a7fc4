import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { usePrompt } from '../prompt-dialog/prompt-dialog';
import { EditorToolbar } from './editor-toolbar';
import { imageFileToJpeg } from './image-to-jpeg';
import { DEFAULT_TOOLBAR, tidyToolbar } from './toolbar-items';
import type { RichTextEditorProps } from './rich-text-editor';
import styles from './rich-text-editor.module.css';

export const RICH_TEXT_HEIGHT = 300;

const imageFiles = (files: FileList | null | undefined): File[] =>
  Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));

/** tiptap empties to '<p></p>'; an empty editor is the empty string. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** The tiptap editor behind RichTextEditor (loaded lazily: see rich-text-editor.tsx). */
export default function TiptapEditor({
  value,
  onChange,
  height = RICH_TEXT_HEIGHT,
  toolbar = DEFAULT_TOOLBAR,
  disabled,
  id,
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const { prompt, holder } = usePrompt();
  const items = tidyToolbar(toolbar);
  const allowImages = items.includes('image');
  const fileInput = useRef<HTMLInputElement>(null);
  const emitted = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  const insertRef = useRef<(files: File[], at?: number) => void>(() => undefined);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }),
      Image.configure({ allowBase64: true }),
    ],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': '富文本编辑区', role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!allowImages || files.length === 0) return false;
        event.preventDefault();
        insertRef.current(files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (!allowImages || files.length === 0) return false;
        event.preventDefault();
        insertRef.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    insertRef.current = (files, at) => {
      void (async () => {
        for (const file of files) {
          try {
            const src = await imageFileToJpeg(file);
            const chain = editor.chain().focus();
            (at === undefined ? chain : chain.setTextSelection(at)).setImage({ src, alt: file.name }).run();
          } catch (err) {
            void message.warning(err instanceof Error ? err.message : '无法读取该图片');
          }
        }
      })();
    };
  }, [editor, message]);

  useEffect(() => {
    // Without an update event: switching editable is no edit (the form would count itself touched).
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current || next === htmlOf(editor)) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const editLink = async () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = await prompt({
      title: '插入链接',
      label: '链接地址',
      placeholder: 'https://',
      initialValue: previous,
      rules: [{ pattern: /^(https?:\/\/|mailto:)\S+$/i, message: '请输入以 http://、https:// 或 mailto: 开头的链接' }],
    });
    if (href === null) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim()) chain.setLink({ href: href.trim() }).run();
    else chain.unsetLink().run();
  };

  return (
    <div className={`${styles.editor} ${disabled ? styles.disabled : ''}`} style={{ height }}>
      {items.length > 0 && (
        <EditorToolbar
          editor={editor}
          items={items}
          disabled={disabled}
          onLink={() => void editLink()}
          onImage={() => fileInput.current?.click()}
        />
      )}
      <EditorContent editor={editor} className={styles.content} onClick={() => !disabled && editor.commands.focus()} />
      {allowImages && (
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="选择图片"
          onChange={(e) => {
            insertRef.current(imageFiles(e.target.files));
            e.target.value = '';
          }}
        />
      )}
      {holder}
    </div>
  );
}
