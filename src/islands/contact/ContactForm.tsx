/**
 * The contact form (spec sections 2, 4, 5 and 8): five required fields, the message in 6 rows,
 * states idle → sending ('Sending...') → success (form reset) or error, each with its toast.
 * Fields are uncontrolled so text typed before hydration survives it; the submit button stays
 * disabled until then, so the form cannot fall back to a native GET that would put the message
 * in the address bar. The honeypot is invisible to people and to assistive technology.
 * A refused submission brings its first invalid field into view below the sticky header; a
 * successful one dismisses the error toast of an earlier attempt.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { CONTACT_LIMITS, HONEYPOT_FIELD, contactTexts, subjectForTopic } from '../../domain/contact.ts';
import { dismissToast, toast } from '../../lib/toast.ts';
import ContactDebugPanel from './ContactDebugPanel.tsx';
import { failureDescription, postContactMessage, type ContactResult } from './contact-api.ts';
import { ui } from '../ui.ts';

type Status = 'idle' | 'sending' | 'success' | 'error';

/** One id for the failure toast, so a later success can dismiss it and repeated failures replace it. */
const ERROR_TOAST_ID = 'contact-error';

/** The sticky site header's height: a field scrolled into view must clear it, at every breakpoint. */
function stickyHeaderHeight(): number {
  const header = document.querySelector('header');
  return header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
}

/**
 * The browser reports a refused submission by focusing the first invalid field, scrolled only as
 * far as the viewport's edge, where the sticky header covers it. So the first invalid field of
 * each attempt gets a scroll margin of the header's height (plus a little air), is scrolled to
 * the top of what is visible, and is focused; the browser's own message bubble still shows.
 */
function revealInvalidField(field: HTMLElement): void {
  field.style.scrollMarginTop = `${Math.ceil(stickyHeaderHeight()) + 16}px`;
  field.scrollIntoView({ block: 'start', behavior: 'instant' });
  field.focus({ preventScroll: true });
}

const field = 'space-y-1.5';
const required = (
  <span aria-hidden="true" className="text-sale">
    {' '}
    *
  </span>
);

export default function ContactForm() {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [notice, setNotice] = useState('');
  const [lastResult, setLastResult] = useState<ContactResult | null>(null);
  const subject = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // 'invalid' fires on every invalid field of one attempt, in document order, within one task: the first is revealed.
    // It does not bubble, so the form listens in the capture phase.
    let revealing = false;
    const onInvalid = (event: Event) => {
      if (revealing || !(event.target instanceof HTMLElement)) return;
      revealing = true;
      revealInvalidField(event.target);
      setTimeout(() => (revealing = false));
    };
    form.addEventListener('invalid', onInvalid, true);
    return () => form.removeEventListener('invalid', onInvalid, true);
  }, []);

  useEffect(() => {
    setReady(true);
    // 'Suggest a Product for Review' links carry ?topic=product-suggestion: start the subject for them.
    const prefill = subjectForTopic(new URLSearchParams(window.location.search).get('topic'));
    if (prefill && subject.current && subject.current.value === '') subject.current.value = prefill;
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));
    setStatus('sending');
    setNotice('');
    const result = await postContactMessage(fields);
    setLastResult(result);
    if (result.ok) {
      form.reset();
      dismissToast(ERROR_TOAST_ID);
      setStatus('success');
      setNotice(`${contactTexts.success.title} ${contactTexts.success.description}`);
      toast({ ...contactTexts.success, variant: 'success' });
    } else {
      const description = failureDescription(result);
      setStatus('error');
      setNotice(`${contactTexts.failureTitle}. ${description}`);
      toast({ title: contactTexts.failureTitle, description, variant: 'error', id: ERROR_TOAST_ID });
    }
  }

  const sending = status === 'sending';

  return (
    <>
      <form id="contact-form" className="space-y-5" ref={formRef} onSubmit={onSubmit} aria-busy={sending} aria-describedby="contact-required-note">
        <p id="contact-required-note" className="text-sm text-ink-muted">
          All fields are required.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className={field}>
            <label htmlFor="contact-first-name" className={ui.label}>
              First Name{required}
            </label>
            <input id="contact-first-name" name="firstName" required maxLength={CONTACT_LIMITS.name} autoComplete="given-name" className={ui.input} />
          </div>
          <div className={field}>
            <label htmlFor="contact-last-name" className={ui.label}>
              Last Name{required}
            </label>
            <input id="contact-last-name" name="lastName" required maxLength={CONTACT_LIMITS.name} autoComplete="family-name" className={ui.input} />
          </div>
        </div>
        <div className={field}>
          <label htmlFor="contact-email" className={ui.label}>
            Email{required}
          </label>
          <input id="contact-email" name="email" type="email" required maxLength={CONTACT_LIMITS.email} autoComplete="email" className={ui.input} />
        </div>
        <div className={field}>
          <label htmlFor="contact-subject" className={ui.label}>
            Subject{required}
          </label>
          <input ref={subject} id="contact-subject" name="subject" required maxLength={CONTACT_LIMITS.subject} className={ui.input} />
        </div>
        <div className={field}>
          <label htmlFor="contact-message" className={ui.label}>
            Message{required}
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            required
            maxLength={CONTACT_LIMITS.message}
            className={`${ui.input.replace('h-11 ', '')} py-2 leading-relaxed`}
          />
        </div>

        {/* The honeypot: off-screen, hidden from assistive technology, out of the tab order, never autofilled. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={!ready || sending} className={ui.primaryButton}>
            {sending ? contactTexts.sending : contactTexts.submit}
          </button>
          {/* Toasts vanish after a few seconds; this line keeps the outcome on the page for everyone. */}
          <p role="status" className={`text-sm ${status === 'error' ? 'text-sale' : 'text-success'}`}>
            {notice}
          </p>
        </div>
      </form>
      {import.meta.env.DEV && <ContactDebugPanel result={lastResult} />}
    </>
  );
}
