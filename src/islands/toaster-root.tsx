/** Renders the Toaster into a root of its own at the end of <body> (see src/lib/toaster-loader.ts). */
import { createRoot } from 'react-dom/client';
import Toaster from './Toaster.tsx';

export function mountToaster(): void {
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}
