/**
 * The handshake between server-rendered controls driven by a module script and the early-click
 * script (early-clicks.ts): such a control, or a container of controls, carries
 * `data-await-script` in the HTML, and its script calls markScriptReady once its listeners are in
 * place, so a click held until then is carried out.
 */
import type { EarlyClicksConfig } from './early-clicks.ts';

export const EARLY_CLICKS: EarlyClicksConfig = {
  awaitAttribute: 'data-await-script',
  readyEvent: 'repwell:script-ready',
  pendingAttribute: 'data-early-click',
};

export function markScriptReady(element: Element): void {
  element.removeAttribute(EARLY_CLICKS.awaitAttribute);
  element.dispatchEvent(new Event(EARLY_CLICKS.readyEvent));
}
