/**
 * A link to another catalogue view: a real /products?… href (it works without JavaScript, in a new
 * tab and for crawlers), followed in place with pushState on a plain click.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { catalogueHref, type CatalogueQuery } from '../../domain/catalogue/query.ts';
import { useCatalogueActions } from './catalogue-context.ts';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: CatalogueQuery;
  /** Called after navigating in place (a drawer closes itself). */
  onNavigated?: () => void;
  /** Where to scroll back to when it lies above the viewport; the top of the catalogue unless told. */
  scrollTarget?: () => HTMLElement | null;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function CatalogueLink({ to, onNavigated, scrollTarget, onClick, children, ...rest }: Props) {
  const { navigate, top } = useCatalogueActions();
  return (
    <a
      {...rest}
      href={catalogueHref(to)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, { scrollTo: scrollTarget ? scrollTarget() : top() });
        onNavigated?.();
      }}
    >
      {children}
    </a>
  );
}
