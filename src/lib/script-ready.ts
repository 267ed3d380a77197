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
  replayAttribute: 'data-early-click-replay',
};

/** Whether a click event is a click held before its control worked and replayed now (early-clicks.ts). */
export function isReplayedEarlyClick(event: { currentTarget: EventTarget | null }): boolean {
  return event.currentTarget instanceof Element && event.currentTarget.hasAttribute(EARLY_CLICKS.replayAttribute);
}

export function markScriptReady(element: Element): void {
  element.removeAttribute(EARLY_CLICKS.awaitAttribute);
  element.dispatchEvent(new Event(EARLY_CLICKS.readyEvent));
}
