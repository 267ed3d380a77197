/**
 * The toolbar's Link and Image dialogs (Radix Dialog: focus moves into it, Escape closes it, focus then returns to
 * the editor with its selection). Addresses are checked with the same rules the sanitizer applies to stored posts.
 */
import type { Editor } from '@tiptap/react';
import { Dialog } from 'radix-ui';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { blogAdminTexts, editorImageSrc, editorLinkHref } from '../../../domain/admin/blog.ts';
import { ui } from '../../ui.ts';
import { Field } from '../ui/Field.tsx';
import { dialogFrame, overlayClass } from '../ui/dialog-frame.tsx';

function UrlDialog({
  trigger,
  title,
  open,
  onOpenChange,
  onSubmit,
  editor,
  children,
  actions,
}: {
  trigger: ReactNode;
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSubmit(event: FormEvent): void;
  editor: Editor;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={dialogFrame('md')}
          onCloseAutoFocus={(event) => {
            // Back to the text the admin was writing, where the link or image went.
            event.preventDefault();
            editor.commands.focus();
          }}
        >
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              // React bubbles events through the portal: without this, the post's own form would submit (and save) too.
              event.stopPropagation();
              onSubmit(event);
            }}
          >
            <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
            <Dialog.Description className="sr-only">{title}: enter the address and apply it.</Dialog.Description>
            {children}
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close className={ui.secondaryButton}>Cancel</Dialog.Close>
              {actions}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function LinkDialog({ editor, active, trigger }: { editor: Editor; active: boolean; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  // The text the link goes on, as selected when the dialog opened: the dialog holds the focus meanwhile.
  const range = useRef({ from: 0, to: 0 });

  const onOpenChange = (next: boolean) => {
    if (next) {
      const { from, to } = editor.state.selection;
      range.current = { from, to };
      setAddress((editor.getAttributes('link') as { href?: string }).href ?? '');
      setError(undefined);
    }
    setOpen(next);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = editorLinkHref(address);
    if (!href) return setError(blogAdminTexts.linkInvalid);
    const chain = editor.chain().setTextSelection(range.current);
    if (range.current.from === range.current.to && !active) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setOpen(false);
  };

  return (
    <UrlDialog
      trigger={trigger}
      title={active ? 'Edit link' : 'Add link'}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={apply}
      editor={editor}
      actions={
        <>
          {active && (
            <button
              type="button"
              className={ui.secondaryButton}
              onClick={() => {
                editor.chain().setTextSelection(range.current).extendMarkRange('link').unsetLink().run();
                setOpen(false);
              }}
            >
              Remove link
            </button>
          )}
          <button type="submit" className={ui.primaryButton}>
            Apply link
          </button>
        </>
      }
    >
      <Field label="Link address" error={error} hint="https://…, mailto:… or a path on this site such as /products.">
        {(ids) => (
          <input
            id={ids.id}
            type="text"
            inputMode="url"
            autoComplete="off"
            className={ui.input}
            value={address}
            aria-describedby={ids.describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setAddress(event.target.value)}
          />
        )}
      </Field>
    </UrlDialog>
  );
}

export function ImageDialog({ editor, trigger }: { editor: Editor; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setAddress('');
      setAlt('');
      setError(undefined);
    }
    setOpen(next);
  };

  const insert = (event: FormEvent) => {
    event.preventDefault();
    const src = editorImageSrc(address);
    if (!src) return setError(blogAdminTexts.imageSrcInvalid);
    editor.chain().setImage({ src, alt: alt.trim() }).run();
    setOpen(false);
  };

  return (
    <UrlDialog
      trigger={trigger}
      title="Add image"
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={insert}
      editor={editor}
      actions={
        <button type="submit" className={ui.primaryButton}>
          Insert image
        </button>
      }
    >
      <Field label="Image address" error={error} hint="https://… or a path on this site such as /images/blog/sleep.svg.">
        {(ids) => (
          <input
            id={ids.id}
            type="text"
            inputMode="url"
            autoComplete="off"
            className={ui.input}
            value={address}
            aria-describedby={ids.describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setAddress(event.target.value)}
          />
        )}
      </Field>
      <Field label="Alt text" hint="What the image shows, for people who cannot see it. Leave empty for a decorative image.">
        {(ids) => <input id={ids.id} type="text" maxLength={300} className={ui.input} value={alt} aria-describedby={ids.describedBy} onChange={(event) => setAlt(event.target.value)} />}
      </Field>
    </UrlDialog>
  );
}
