/**
 * The editor's toolbar as a WAI-ARIA toolbar (Radix Toolbar): one Tab stop, arrow keys between buttons, every button
 * named, toggles with aria-pressed. Link and Image open a small dialog for the address; the product blocks (box,
 * ranked list, grid, comparison table) open the product search (ProductBlockDialog.tsx).
 */
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, ImagePlus, Italic, LayoutGrid, Link2, List, ListOrdered, Package, Quote, Redo2, Table2, Trophy, Undo2, type LucideIcon } from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { useState } from 'react';
import type { BlockKind } from '../../../domain/article-blocks/block-markup.ts';
import ProductBlockDialog, { BLOCK_NAMES } from './ProductBlockDialog.tsx';
import { ImageDialog, LinkDialog } from './UrlDialogs.tsx';

const buttonClass =
  'inline-flex size-9 items-center justify-center rounded-md text-ink hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-40 aria-pressed:bg-brand-100 aria-pressed:text-brand-900';

function ToolButton({ label, icon: Icon, pressed, disabled, onClick }: { label: string; icon: LucideIcon; pressed?: boolean; disabled?: boolean; onClick(): void }) {
  return (
    <Toolbar.Button type="button" className={buttonClass} aria-label={label} title={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" className="size-4" />
    </Toolbar.Button>
  );
}

export default function EditorToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const [blockKind, setBlockKind] = useState<BlockKind | null>(null);
  const blockButtons: [BlockKind, LucideIcon][] = [
    ['box', Package],
    ['list', Trophy],
    ['grid', LayoutGrid],
    ['table', Table2],
  ];

  return (
    <>
    {/* A mouse press on a button would take the focus, and with it the visible selection, from the text it acts on. */}
    <Toolbar.Root aria-label="Formatting" className="flex flex-wrap items-center gap-1 border-b border-line p-1.5" onMouseDown={(event) => event.preventDefault()}>
      <ToolButton label="Heading 2" icon={Heading2} pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolButton label="Heading 3" icon={Heading3} pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
      <ToolButton label="Bold" icon={Bold} pressed={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton label="Italic" icon={Italic} pressed={state.italic} onClick={() => chain().toggleItalic().run()} />
      <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
      <ToolButton label="Bulleted list" icon={List} pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label="Numbered list" icon={ListOrdered} pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()} />
      <ToolButton label="Quote" icon={Quote} pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()} />
      <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
      <LinkDialog editor={editor} active={state.link} trigger={<Toolbar.Button type="button" className={buttonClass} aria-label="Link" title="Link" aria-pressed={state.link}><Link2 aria-hidden="true" className="size-4" /></Toolbar.Button>} />
      <ImageDialog editor={editor} trigger={<Toolbar.Button type="button" className={buttonClass} aria-label="Image" title="Image"><ImagePlus aria-hidden="true" className="size-4" /></Toolbar.Button>} />
      <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
      {blockButtons.map(([kind, icon]) => (
        <ToolButton key={kind} label={`Insert ${BLOCK_NAMES[kind].toLowerCase()}`} icon={icon} onClick={() => setBlockKind(kind)} />
      ))}
      <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
      <ToolButton label="Undo" icon={Undo2} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolButton label="Redo" icon={Redo2} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </Toolbar.Root>
    {/* Outside the toolbar: React bubbles a press inside the (portalled) dialog to the toolbar, which would cancel it. */}
    <ProductBlockDialog
      open={blockKind !== null}
      onOpenChange={(open) => {
        if (!open) setBlockKind(null);
      }}
      kind={blockKind ?? 'box'}
      onSave={(block) => chain().setProductBlock(block).run()}
    />
    </>
  );
}
