/**
 * Who the page thinks is signed in (src/lib/auth-state.ts): the session check's answer is the server's word, unless the
 * page signed someone in or out after the check was asked. Then the answer was given for the old cookie and is dropped.
 * Runs against stubbed browser globals, with fetch answering when the test says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppUser } from '../../src/domain/user.ts';

const reader: AppUser = { id: 'u1', email: 'reader@example.com', displayName: 'Reader', role: 'user' };

/** A fetch that answers the session check only when `answer` is called, with the user given. */
function heldSessionCheck() {
  let answer!: (user: AppUser | null) => void;
  const asked = new Promise<AppUser | null>((resolve) => (answer = resolve));
  const fetch = vi.fn(async () => new Response(JSON.stringify({ user: await asked }), { status: 200 }));
  return { fetch, answer };
}

describe('the auth state', () => {
  const storage = new Map<string, string>();
  const dataset: Record<string, string> = {};

  beforeEach(() => {
    vi.resetModules();
    storage.clear();
    for (const key of Object.keys(dataset)) delete dataset[key];
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { documentElement: { dataset } });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the session check’s answer when nothing happened meanwhile', async () => {
    const check = heldSessionCheck();
    vi.stubGlobal('fetch', check.fetch);
    const { loadSession, getAuthState } = await import('../../src/lib/auth-state.ts');
    const loaded = loadSession();
    check.answer(reader);
    expect(await loaded).toEqual(reader);
    expect(getAuthState()).toEqual({ status: 'ready', user: reader });
    expect(dataset.auth).toBe('signed-in');
    expect(JSON.parse(storage.get('repwell-user')!)).toEqual(reader);
  });

  it('keeps a sign-in made while the check was on its way, when the check answers “nobody” afterwards', async () => {
    const check = heldSessionCheck();
    vi.stubGlobal('fetch', check.fetch);
    const { loadSession, getAuthState, setUser } = await import('../../src/lib/auth-state.ts');
    const loaded = loadSession();
    setUser(reader);
    check.answer(null);
    expect(await loaded).toEqual(reader);
    expect(getAuthState()).toEqual({ status: 'ready', user: reader });
    expect(dataset.auth).toBe('signed-in');
    expect(storage.has('repwell-user')).toBe(true);
  });

  it('keeps a sign-out made while the check was on its way, when the check still names the user', async () => {
    storage.set('repwell-user', JSON.stringify(reader));
    const check = heldSessionCheck();
    vi.stubGlobal('fetch', check.fetch);
    const { loadSession, getAuthState, setUser } = await import('../../src/lib/auth-state.ts');
    expect(getAuthState().user).toEqual(reader);
    const loaded = loadSession();
    setUser(null);
    check.answer(reader);
    expect(await loaded).toBeNull();
    expect(getAuthState()).toEqual({ status: 'ready', user: null });
    expect(dataset.auth).toBe('signed-out');
    expect(storage.has('repwell-user')).toBe(false);
  });

  it('asks the server once per page, however many parts of it ask', async () => {
    const check = heldSessionCheck();
    vi.stubGlobal('fetch', check.fetch);
    const { loadSession } = await import('../../src/lib/auth-state.ts');
    const both = Promise.all([loadSession(), loadSession()]);
    check.answer(reader);
    expect(await both).toEqual([reader, reader]);
    expect(check.fetch).toHaveBeenCalledTimes(1);
  });
});
