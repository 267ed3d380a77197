/**
 * The catalogue's drawers (Drawer.tsx: Filters, More categories) load when someone reaches for the control that opens
 * one; a tap that comes first is held until they have (load-on-intent.ts).
 */
import { onDemand } from '../load-on-intent.ts';

export const drawerCode = onDemand(() => import('./Drawer.tsx'));
