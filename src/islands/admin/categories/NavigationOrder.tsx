/**
 * The header navigation's order: the categories shown in navigation, first to last, reordered by dragging a handle
 * (pointer, or keyboard: Space to lift, arrows to move, Space to drop, Escape to cancel) or with Move up / Move down,
 * and saved with one PUT. Nothing is sent until Save, so a few moves make one write and one rebuild.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useState } from 'react';
import { categoryTexts, type AdminCategory } from '../../../domain/admin/categories.ts';
import { navigationCategories } from '../../../domain/navigation.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { categoriesApi, categoryKeys } from './categories-api.ts';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-md border border-line bg-surface text-ink hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

interface RowProps {
  category: AdminCategory;
  position: number;
  total: number;
  onMove: (id: number, by: -1 | 1) => void;
}

function SortableRow({ category, position, total, onMove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  const first = position === 1;
  const last = position === total;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <button type="button" ref={setActivatorNodeRef} className={`${iconButton} cursor-grab touch-none`} {...attributes} {...listeners} aria-label={`Drag ${category.name}`}>
        <GripVertical aria-hidden="true" size={16} />
      </button>
      <span className="w-6 text-right text-sm text-ink-muted tabular-nums" aria-hidden="true">
        {position}
      </span>
      <span className="min-w-0 flex-1 truncate font-medium">{category.name}</span>
      {/* aria-disabled rather than disabled, so focus stays on the button when an item reaches the end. */}
      <button type="button" className={iconButton} aria-label={`Move ${category.name} up`} aria-disabled={first || undefined} onClick={() => !first && onMove(category.id, -1)}>
        <ArrowUp aria-hidden="true" size={16} />
      </button>
      <button type="button" className={iconButton} aria-label={`Move ${category.name} down`} aria-disabled={last || undefined} onClick={() => !last && onMove(category.id, 1)}>
        <ArrowDown aria-hidden="true" size={16} />
      </button>
    </li>
  );
}

function OrderEditor({ shown }: { shown: AdminCategory[] }) {
  const queryClient = useQueryClient();
  const saved = shown.map((category) => category.id);
  const [order, setOrder] = useState(saved);
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(shown.map((category) => [category.id, category]));
  const nameOf = (id: unknown) => byId.get(Number(id))?.name ?? '';
  const placeOf = (id: unknown) => order.indexOf(Number(id)) + 1;
  const dirty = order.some((id, index) => id !== saved[index]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const save = useMutation({
    mutationFn: () => categoriesApi.reorder(order),
    onSuccess: (answer) => {
      queryClient.setQueryData(categoryKeys.all, answer);
      toast({ title: categoryTexts.reordered, description: `The header shows the new order once the site has been rebuilt.`, variant: 'success' });
    },
    onError: (error) => toastApiError(error, categoryTexts.reorderFailed),
  });

  const move = (id: number, by: -1 | 1) => {
    const from = order.indexOf(id);
    const to = from + by;
    if (to < 0 || to >= order.length) return;
    setOrder(arrayMove(order, from, to));
    setAnnouncement(`${nameOf(id)} moved to position ${to + 1} of ${order.length}.`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((current) => arrayMove(current, current.indexOf(Number(active.id)), current.indexOf(Number(over.id))));
  };

  // dnd-kit announces keyboard drags; by default it names ids, so name the categories instead.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at position ${placeOf(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${placeOf(over.id)} of ${order.length}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${placeOf(over.id)} of ${order.length}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It stays at position ${placeOf(active.id)}.`,
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'To move this category, press Space. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.' },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol aria-label="Navigation order" className="space-y-2">
            {order.map((id, index) => (
              <SortableRow key={id} category={byId.get(id)!} position={index + 1} total={order.length} onMove={move} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={ui.primaryButton} disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? 'Saving…' : 'Save navigation order'}
        </button>
        <button type="button" className={ui.secondaryButton} disabled={!dirty || save.isPending} onClick={() => setOrder(saved)}>
          Undo changes
        </button>
        {dirty && <span className="text-sm text-ink-muted">Unsaved changes</span>}
      </div>
    </>
  );
}

export function NavigationOrder({ categories }: { categories: readonly AdminCategory[] }) {
  // The header's own rule (src/domain/navigation.ts): shown in navigation, never uncategorized, by order then name.
  const shown = navigationCategories(categories);
  return (
    <section aria-labelledby="navigation-order-heading" className={`${ui.card} space-y-4 p-5`}>
      <div className="space-y-1">
        <h2 id="navigation-order-heading" className="text-lg font-bold">
          Navigation order
        </h2>
        <p className="text-sm text-ink-muted">
          The categories shown in the header, first to last. Drag a handle, or focus it and press Space, then the arrow keys; or use Move up and Move down. Then
          save.
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-ink-muted">No category is shown in navigation. Edit a category and tick Show in navigation to add it.</p>
      ) : (
        // A category joining or leaving the navigation starts the editor afresh; a saved order keeps it (and the focus).
        <OrderEditor key={shown.map((category) => category.id).sort((a, b) => a - b).join(',')} shown={shown} />
      )}
    </section>
  );
}
