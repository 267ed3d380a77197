import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContactForm from '../../src/islands/contact/ContactForm.tsx';
import { failureDescription } from '../../src/islands/contact/contact-api.ts';

const render = () => renderToStaticMarkup(createElement(ContactForm));

/** The opening tag of the element with this name attribute, attributes lower-cased (HTML ignores their case). */
function tagNamed(html: string, name: string): string {
  const tag = html.match(new RegExp(`<(input|textarea)\\b[^>]*\\bname="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no field named ${name}`);
  return tag.replace(/\s([a-zA-Z-]+)=/g, (_match, attribute: string) => ` ${attribute.toLowerCase()}=`);
}

afterEach(() => vi.unstubAllEnvs());

describe('contact form markup', () => {
  it('has the five required fields, an e-mail field and a 6-row message', () => {
    const html = render();
    for (const name of ['firstName', 'lastName', 'email', 'subject', 'message']) expect(tagNamed(html, name)).toContain(' required=""');
    expect(tagNamed(html, 'email')).toContain(' type="email"');
    expect(tagNamed(html, 'message')).toMatch(/^<textarea/);
    expect(tagNamed(html, 'message')).toContain(' rows="6"');
    expect(tagNamed(html, 'subject')).toContain(' maxlength="150"');
  });

  it('hides the honeypot from people, assistive technology, the tab order and autofill', () => {
    const html = render();
    expect(html).toMatch(/<div aria-hidden="true" class="absolute -left-\[10000px\][^"]*">/);
    const honeypot = tagNamed(html, 'website');
    expect(honeypot).toContain(' tabindex="-1"');
    expect(honeypot).toContain(' autocomplete="off"');
    // Inside the off-screen, aria-hidden wrapper: the wrapper opens before the field and closes after it.
    const wrapper = html.indexOf('<div aria-hidden="true" class="absolute -left-[10000px]');
    expect(wrapper).toBeGreaterThan(-1);
    expect(html.slice(wrapper, html.indexOf('</div>', wrapper))).toContain('name="website"');
  });

  it('keeps the submit button disabled until the island has hydrated', () => {
    expect(render()).toMatch(/<button type="submit" disabled="" [^>]*>Send Message<\/button>/);
  });

  it('renders the debug panel only in development builds', () => {
    vi.stubEnv('DEV', true);
    expect(render()).toContain('Debug panel');
    vi.stubEnv('DEV', false);
    expect(render()).not.toContain('Debug panel');
  });
});

describe('contact failure toast description', () => {
  it('shows the server message for refused input', () => {
    const result = { ok: false, status: 422, body: { error: { title: 'Failed to send message', description: 'Please enter a valid email address.' } } };
    expect(failureDescription(result)).toBe('Error: Please enter a valid email address.');
    expect(failureDescription({ ok: false, status: 429, body: { error: { title: 'Too many messages', description: 'Please wait.' } } })).toBe(
      'Error: Please wait.',
    );
  });

  it('falls back when there was no answer, a server fault or no message', () => {
    const fallback = 'Please try again later or contact us directly.';
    expect(failureDescription({ ok: false, status: 0, body: null })).toBe(fallback);
    expect(failureDescription({ ok: false, status: 500, body: { error: { title: 'Error', description: 'Something went wrong.' } } })).toBe(fallback);
    expect(failureDescription({ ok: false, status: 400, body: null })).toBe(fallback);
  });
});
