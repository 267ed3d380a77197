/**
 * 'New pin' and the editor of a pin, in a side sheet: a new pin first picks its product or post, then the form opens
 * with that source's default texts, images and links (GET /api/admin/pins/defaults); an existing pin opens with its
 * own values and its source's images.
 */
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { Board, PinSourceRef, PinView, PublishReport } from '../../../domain/admin/pinterest/api.ts';
import { pinTexts } from '../../../domain/admin/pinterest/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import PinForm from './PinForm.tsx';
import { createRequest, updateRequest, valuesFromDefaults, valuesFromPin, type PinFormValues } from './pin-form.ts';
import { pinterestApi, pinterestKeys, refreshPins } from './pinterest-api.ts';
import SourcePicker from './SourcePicker.tsx';
import { CloseButton, overlayClass, sheetFrame } from '../ui/dialog-frame.tsx';

export type EditorTarget = { mode: 'new' } | { mode: 'edit'; pin: PinView };

interface EditorProps {
  target: EditorTarget | undefined;
  boards: Board[];
  boardsMessage: string | null;
  onClose: () => void;
}

function publishSentence(report: PublishReport | undefined): string | undefined {
  return report ? report.message : undefined;
}

function SourceForm({ source, pin, boards, boardsMessage, onClose, onChangeSource }: { source: PinSourceRef; pin?: PinView; boards: Board[]; boardsMessage: string | null; onClose: () => void; onChangeSource?: () => void }) {
  const queryClient = useQueryClient();
  const defaults = useQuery({ queryKey: pinterestKeys.defaults(source), queryFn: () => pinterestApi.defaults(source) });
  const boardNames = new Map(boards.map((board) => [board.id, board.name]));
  const save = useMutation({
    mutationFn: (values: PinFormValues) =>
      pin ? pinterestApi.update(pin.id, updateRequest(values, boardNames)) : pinterestApi.create(createRequest(source, values, defaults.data!, boardNames)),
    onSuccess: ({ pin: saved, publish }) => {
      toast({ title: pin ? pinTexts.updated : pinTexts.created, description: publishSentence(publish) ?? `"${saved.title}"`, variant: 'success' });
      onClose();
    },
    onError: (error) => toastApiError(error, pinTexts.saveFailed),
    onSettled: () => refreshPins(queryClient),
  });

  if (defaults.isPending) return <p role="status">Loading…</p>;
  if (defaults.isError) {
    return (
      <p role="alert" className="text-sale">
        {pinTexts.sourceNotFound}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Pinning the {defaults.data.source.type === 'product' ? 'product' : 'post'} <strong>{defaults.data.source.name}</strong>
        {defaults.data.existingPins > 0 && !pin && <span className="text-ink-muted"> (it already has {defaults.data.existingPins === 1 ? 'a pin' : `${defaults.data.existingPins} pins`})</span>}
        {onChangeSource && (
          <>
            {' '}
            <button type="button" className={ui.link} onClick={onChangeSource}>
              Choose another
            </button>
          </>
        )}
      </p>
      <PinForm
        defaults={defaults.data}
        initialValues={pin ? valuesFromPin(pin) : valuesFromDefaults(defaults.data)}
        boards={boards}
        boardsMessage={boardsMessage}
        submitLabel={pin ? 'Save pin' : 'Create pin'}
        pending={save.isPending}
        onSubmit={async (values) => {
          await save.mutateAsync(values).catch(() => undefined);
        }}
        onCancel={onClose}
      />
    </div>
  );
}

function NewPin({ boards, boardsMessage, onClose }: Omit<EditorProps, 'target'>) {
  const [source, setSource] = useState<PinSourceRef>();
  if (!source) return <SourcePicker onPick={(picked) => setSource(picked)} />;
  return <SourceForm key={`${source.type}-${source.id}`} source={source} boards={boards} boardsMessage={boardsMessage} onClose={onClose} onChangeSource={() => setSource(undefined)} />;
}

export default function PinEditor({ target, boards, boardsMessage, onClose }: EditorProps) {
  const editing = target?.mode === 'edit' ? target.pin : undefined;
  const source: PinSourceRef | undefined = editing?.source.id ? { type: editing.source.type, id: editing.source.id } : undefined;
  return (
    <Dialog.Root open={target !== undefined} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content aria-describedby={undefined} className={sheetFrame('lg')}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">{editing ? `Edit pin “${editing.title}”` : 'New pin'}</Dialog.Title>
            <CloseButton />
          </div>
          {target?.mode === 'new' && <NewPin boards={boards} boardsMessage={boardsMessage} onClose={onClose} />}
          {editing &&
            (source ? (
              <SourceForm source={source} pin={editing} boards={boards} boardsMessage={boardsMessage} onClose={onClose} />
            ) : (
              <p role="alert" className="text-sale">
                {pinTexts.sourceNotFound}
              </p>
            ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
