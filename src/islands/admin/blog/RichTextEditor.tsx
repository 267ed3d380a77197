/**
 * The post body's rich-text editor: TipTap 3 (ProseMirror), which emits HTML the server then sanitizes.
 *
 * Chosen by measurement (issue 10, point 6), each editor with headings, bold, italic, lists, blockquote, link and
 * undo, bundled by esbuild with React external (the admin app ships React already), minified:
 *   TipTap 3.34 (StarterKit + Image):            424 KB, 134 KB gzip (131 KB with single extensions: the cost is
 *                                                ProseMirror and @tiptap/core, not the kit)
 *   Lexical 0.52 (react, rich-text, list, link,  277 KB,  89 KB gzip, and no image node: one would be written here
 *   html; no image node)
 * Pasting into each in Chromium (a ClipboardEvent with text/html):
 *   Google Docs: both keep headings, bold and italic from span styles, links and lists.
 *   Word: both keep bold, italic and links; both turn Word's fake list items into "· Calves" paragraphs.
 *   A web page: both drop <script> and event handlers; TipTap drops a javascript: link's href (Lexical rewrites it to
 *   about:blank) and keeps the <img> (Lexical drops it without an image node); neither keeps tables.
 *   Output: TipTap writes plain <p><strong>…; Lexical wraps every run in <span style="white-space: pre-wrap">.
 * Lexical is 45 KB gzip smaller, but the editor is loaded only when a post is opened, TipTap is the one installed,
 * and its cleaner HTML and built-in image node decide it. The server sanitizes whatever arrives either way.
 */
import { Image } from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import EditorToolbar from './EditorToolbar.tsx';
import { ProductBlockNode } from './product-block-node.ts';

export interface RichTextEditorProps {
  /** The HTML to start from; a change of `version` loads it again (after a save returns the sanitized HTML). */
  initialHtml: string;
  version: number;
  onChange(html: string): void;
  onBlur?(): void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

/** The page's h1 is the post title: a pasted h1 becomes a section heading, as the sanitizer would make it. */
function demoteH1(html: string): string {
  return html.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2');
}

/** The document as HTML, without the empty paragraph the editor keeps at the end so there is always a line to type on. */
function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

/** Made once: useEditor compares its options by identity on every render and reconfigures the editor when they differ. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // Google Docs underlines every link; the public post styles links itself.
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // The sanitizer sets rel on external links and keeps no target: the preview matches the stored HTML.
      HTMLAttributes: { target: null, rel: null },
    },
  }),
  Image.configure({ HTMLAttributes: { loading: 'lazy' } }),
  // Products inside the post, stored as references (src/domain/article-blocks/block-markup.ts).
  ProductBlockNode,
];

export default function RichTextEditor({ initialHtml, version, onChange, onBlur, labelId, describedBy, invalid }: RichTextEditorProps) {
  // The starting content only: later values are the editor's own output coming back through the form.
  const [content] = useState(initialHtml);
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-content min-h-72 px-4 py-3 text-[1.0625rem] focus:outline-none',
      },
      transformPastedHTML: demoteH1,
    }),
    [labelId, describedBy, invalid],
  );
  const editor = useEditor({
    extensions,
    content,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    // Only a new version (a save's answer) replaces the content; typing never loops back here.
    if (version > 0) editor.commands.setContent(initialHtml, { emitUpdate: false });
  }, [version]);

  const focused = useEditorState({ editor, selector: ({ editor: current }) => current.isFocused });

  const keepShortcutsInEditor = (event: KeyboardEvent) => {
    // Ctrl/Cmd+B is bold here, as in every word processor; outside the editor it toggles the admin sidebar.
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') event.stopPropagation();
  };

  return (
    <div
      className={`rounded-lg border bg-surface ${invalid ? 'border-sale' : 'border-line'} ${focused ? 'ring-2 ring-brand-200' : ''}`}
      onKeyDown={keepShortcutsInEditor}
    >
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
