import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  CONTACT_RATE_LIMIT,
  SUGGEST_PRODUCT_HREF,
  composeContactEmail,
  contactFailureDescription,
  contactMessageSchema,
  contactRateDecision,
  contactTexts,
  isHoneypotFilled,
  subjectForTopic,
  withoutHoneypot,
} from '../../src/domain/contact.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Foam rollers', message: 'Please review\nthis roller.' };
const firstIssue = (input: unknown) => {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('contact form: all five fields required', () => {
  it('accepts a complete message and trims every field', () => {
    const parsed = contactMessageSchema.parse({ ...valid, firstName: '  Ada ', message: '  Hello  ' });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.message).toBe('Hello');
  });

  it.each([
    ['firstName', 'First name is required.'],
    ['lastName', 'Last name is required.'],
    ['email', 'Email is required.'],
    ['subject', 'Subject is required.'],
    ['message', 'Message is required.'],
  ])('refuses a missing or blank %s', (field, message) => {
    expect(firstIssue({ ...valid, [field]: '   ' })).toBe(message);
    const { [field as keyof typeof valid]: _omitted, ...rest } = valid;
    expect(firstIssue(rest)).toBe(message);
  });
});

describe('contact form: e-mail must be an e-mail address', () => {
  it('refuses text that is not an address', () => {
    expect(firstIssue({ ...valid, email: 'ada-at-example' })).toBe('Please enter a valid email address.');
    expect(firstIssue({ ...valid, email: 'ada@localhost' })).toBe('Please enter a valid email address.');
  });
});

describe('contact form: lengths', () => {
  it('limits names to 80, subject to 150 and message to 5000 characters', () => {
    expect(firstIssue({ ...valid, firstName: 'a'.repeat(CONTACT_LIMITS.name) })).toBeUndefined();
    expect(firstIssue({ ...valid, firstName: 'a'.repeat(81) })).toBe('First name must be at most 80 characters.');
    expect(firstIssue({ ...valid, lastName: 'a'.repeat(81) })).toBe('Last name must be at most 80 characters.');
    expect(firstIssue({ ...valid, subject: 's'.repeat(151) })).toBe('Subject must be at most 150 characters.');
    expect(firstIssue({ ...valid, message: 'm'.repeat(5000) })).toBeUndefined();
    expect(firstIssue({ ...valid, message: 'm'.repeat(5001) })).toBe('Message must be at most 5000 characters.');
  });
});

describe('contact form: header injection', () => {
  it.each(['firstName', 'lastName', 'subject'])('refuses a line break inside %s', (field) => {
    expect(firstIssue({ ...valid, [field]: 'Hi\r\nBcc: victim@example.org' })).toMatch(/must be on a single line\.$/);
    expect(firstIssue({ ...valid, [field]: 'Hi\nthere' })).toMatch(/must be on a single line\.$/);
  });

  it('names a line break in the e-mail field as such', () => {
    expect(firstIssue({ ...valid, email: 'ada@example.com\r\nBcc: victim@example.org' })).toBe('Email must be on a single line.');
  });

  it('allows line breaks in the message body', () => {
    expect(firstIssue({ ...valid, message: 'line one\r\nline two' })).toBeUndefined();
  });
});

describe('contact form: the honeypot', () => {
  it('is empty from a person', () => {
    expect(isHoneypotFilled(contactMessageSchema.parse(valid))).toBe(false);
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: '' }))).toBe(false);
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: '  ' }))).toBe(false);
  });

  it('is filled when it carries any text or any other value', () => {
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: 'https://spam.example' }))).toBe(true);
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: 1 }))).toBe(true);
  });

  it('is dropped from the message that is kept', () => {
    expect(withoutHoneypot(contactMessageSchema.parse({ ...valid, website: '' }))).toEqual(valid);
  });
});

describe('contact flood limit: at most 5 messages per 10 minutes per client', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  it('allows the fifth message and refuses the sixth', () => {
    expect(contactRateDecision([1, 2, 3, 4].map(minutesAgo), now).allowed).toBe(true);
    expect(contactRateDecision([1, 2, 3, 4, 5].map(minutesAgo), now)).toEqual({ allowed: false, retryAfterSeconds: 5 * 60 });
  });

  it('forgets messages older than the window', () => {
    expect(contactRateDecision([1, 2, 3, 4, 10, 11].map(minutesAgo), now).allowed).toBe(true);
  });

  it('asks to wait until enough messages have aged out', () => {
    const decision = contactRateDecision([9, 8, 7, 2, 1, 0.5].map(minutesAgo), now);
    // Six in the window: two must age out, the second oldest (8 min ago) leaves in 2 minutes.
    expect(decision).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });

  it('uses the published limit', () => {
    expect(CONTACT_RATE_LIMIT).toEqual({ max: 5, windowMs: 600_000 });
  });
});

describe('contact messages (spec section 8)', () => {
  it('describes a failure with the server message, or the fallback', () => {
    expect(contactFailureDescription('Please enter a valid email address.')).toBe('Error: Please enter a valid email address.');
    expect(contactFailureDescription(undefined)).toBe('Please try again later or contact us directly.');
    expect(contactFailureDescription('  ')).toBe('Please try again later or contact us directly.');
  });

  it('has the exact success and sending texts', () => {
    expect(contactTexts.success).toEqual({ title: 'Message sent successfully!', description: "We'll get back to you as soon as possible." });
    expect(contactTexts.sending).toBe('Sending...');
    expect(contactTexts.failureTitle).toBe('Failed to send message');
  });

  it('asks a flooding client to wait whole minutes', () => {
    expect(contactTexts.tooMany(30)).toBe('You have sent several messages in a short time. Please wait 1 minute and try again.');
    expect(contactTexts.tooMany(299)).toBe('You have sent several messages in a short time. Please wait 5 minutes and try again.');
  });
});

describe('the e-mail a message becomes', () => {
  const email = composeContactEmail(valid, { to: 'team@repwell.example', from: 'site@repwell.example' }, new Date('2025-06-15T12:00:00Z'));

  it('comes from the site, goes to the team and replies to the visitor', () => {
    expect(email.from).toEqual({ name: 'Repwell contact form', address: 'site@repwell.example' });
    expect(email.to).toBe('team@repwell.example');
    expect(email.replyTo).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
  });

  it('prefixes the subject and carries the message as plain text', () => {
    expect(email.subject).toBe('[Repwell contact] Foam rollers');
    expect(email.text).toContain('Please review\nthis roller.');
    expect(email.text).toContain('Received: 2025-06-15T12:00:00.000Z');
  });
});

describe('Suggest a Product for Review', () => {
  it('leads to /contact and pre-fills the subject for product suggestions only', () => {
    expect(new URL(SUGGEST_PRODUCT_HREF, 'https://x.example').pathname).toBe('/contact');
    expect(subjectForTopic('product-suggestion')).toBe('Product suggestion: ');
    expect(subjectForTopic('toString')).toBe('');
    expect(subjectForTopic(null)).toBe('');
  });
});
