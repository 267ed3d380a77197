/**
 * The Browse Categories side drawer (spec section 2, Header): every navigation category except
 * uncategorized (filtered in src/domain/navigation.ts), each to its catalogue page. It opens over
 * the mobile menu; choosing a category closes both. Rendered inside the menu's dialog so Radix
 * stacks them: Escape closes this one first and focus returns to Browse Categories.
 */
import { ChevronRight } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { DrawerHeader, drawerContentClass, DrawerOverlay, drawerLinkClass } from './drawer-parts.tsx';
import type { DrawerCategory } from '../../domain/navigation.ts';

interface Props {
  categories: DrawerCategory[];
  /** Called when a link is chosen, so the menu underneath closes too. */
  onNavigate: () => void;
}

export default function CategoryDrawer({ categories, onNavigate }: Props) {
  const [open, setOpen] = useState(false);
  const choose = () => {
    setOpen(false);
    onNavigate();
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${drawerLinkClass} flex w-full items-center justify-between bg-brand-50 font-semibold text-brand-800`}>
        Browse Categories
        <ChevronRight aria-hidden="true" className="size-4" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <DrawerOverlay />
        <Dialog.Content aria-describedby={undefined} className={`${drawerContentClass} drawer-left left-0`}>
          <DrawerHeader title="Browse Categories" closeLabel="Close categories" />
          <ul className="space-y-0.5 px-3 pb-8">
            <li>
              <a href="/products" onClick={choose} className={`${drawerLinkClass} flex justify-between font-semibold`}>
                All Products
              </a>
            </li>
            {categories.map((category) => (
              <li key={category.href}>
                <a href={category.href} onClick={choose} className={`${drawerLinkClass} flex items-center justify-between gap-3`}>
                  <span>{category.name}</span>
                  <span className="text-xs text-ink-muted">
                    {category.productCount}
                    <span className="sr-only"> products</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
