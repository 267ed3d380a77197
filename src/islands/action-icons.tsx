/**
 * The Share and Heart icons of Share and Save, drawn like the site's other inline icons (the .icon class in
 * global.css gives the stroke) rather than by lucide-react, whose every icon writes its stroke attributes out again:
 * these buttons are in every product page's HTML, rendered at build time (ARCHITECTURE section 9, page weight).
 * The shapes are lucide's share-2 and heart.
 */
interface IconProps {
  size: number;
  /** Filled with the text colour (a saved item's heart). */
  filled?: boolean;
}

export function ShareIcon({ size }: IconProps) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.59 13.51 15.42 17.49M15.41 6.51 8.59 10.49" />
    </svg>
  );
}

export function HeartIcon({ size, filled = false }: IconProps) {
  return (
    <svg className={filled ? 'icon fill-current' : 'icon'} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5" />
    </svg>
  );
}
