import { describe, expect, it } from 'vitest';
import { describeBuildState, formatElapsed, type BuildStatus, type SiteBuildSummary } from '../../src/domain/admin/overview.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
const time = (date: Date) => `${date.getUTCHours()}:${String(date.getUTCMinutes()).padStart(2, '0')}`;

function build(id: number, status: SiteBuildSummary['status'], fields: Partial<SiteBuildSummary> = {}): SiteBuildSummary {
  return { id, status, reason: null, target: 'local', requestedAt: at(id), startedAt: null, finishedAt: null, error: null, logTail: null, ...fields };
}

function state(builds: SiteBuildSummary[]): BuildStatus {
  return {
    builds: [...builds].sort((a, b) => b.id - a.id),
    active: builds.some((row) => row.status === 'queued' || row.status === 'building'),
    live: [...builds].sort((a, b) => b.id - a.id).find((row) => row.status === 'succeeded') ?? null,
  };
}

describe('formatElapsed', () => {
  it.each([
    [0, '0 s'],
    [999, '0 s'],
    [45_000, '45 s'],
    [60_000, '1 min'],
    [185_000, '3 min 5 s'],
    [3_600_000, '1 h'],
    [7_440_000, '2 h 4 min'],
    [-5_000, '0 s'],
  ])('%i ms reads %s', (ms, words) => expect(formatElapsed(ms)).toBe(words));
});

describe('describeBuildState', () => {
  it('says live since the last successful build', () => {
    const view = describeBuildState(state([build(1, 'succeeded', { finishedAt: at(3) })]), time);
    expect(view).toEqual({ tone: 'live', headline: 'Live since 12:03' });
  });

  it('says publishing while a request waits, from when it was requested, with what it is for', () => {
    const view = describeBuildState(state([build(1, 'succeeded', { finishedAt: at(3) }), build(5, 'queued', { reason: 'product updated' })]), time);
    expect(view).toMatchObject({ tone: 'busy', headline: 'Publishing your changes…', detail: 'Waiting to start (product updated).', since: at(5) });
  });

  it('counts a running build from its start and names every change it covers', () => {
    const view = describeBuildState(
      state([
        build(6, 'building', { reason: 'product updated', startedAt: at(7) }),
        build(5, 'building', { reason: 'category created', startedAt: at(7) }),
        build(4, 'building', { reason: 'product updated', startedAt: at(7) }),
      ]),
      time,
    );
    expect(view).toMatchObject({ tone: 'busy', detail: 'Building the site (product updated, category created).', since: at(7) });
  });

  it('shows the last failure with its error and log, and says the site stays as it was', () => {
    const view = describeBuildState(
      state([
        build(1, 'succeeded', { finishedAt: at(3) }),
        build(2, 'failed', { finishedAt: at(9), error: 'The build failed (exit code 1): [content] no such table', logTail: 'line 1\nline 2' }),
      ]),
      time,
    );
    expect(view).toEqual({
      tone: 'failed',
      headline: 'The last build failed at 12:09',
      detail: 'The build failed (exit code 1): [content] no such table The site stays as it was at 12:03.',
      log: 'line 1\nline 2',
    });
  });

  it('forgets a failure once a later build succeeded', () => {
    const view = describeBuildState(state([build(1, 'failed', { finishedAt: at(2) }), build(2, 'succeeded', { finishedAt: at(4) })]), time);
    expect(view.tone).toBe('live');
  });

  it('says publishing, not failed, while a new build runs after a failure', () => {
    const view = describeBuildState(state([build(1, 'failed', { finishedAt: at(2) }), build(2, 'building', { startedAt: at(4) })]), time);
    expect(view.tone).toBe('busy');
  });

  it('says a Netlify build was sent, not that it is live, for the build hook', () => {
    const view = describeBuildState(state([build(1, 'succeeded', { target: 'netlify', finishedAt: at(3) })]), time);
    expect(view.headline).toBe('Build sent to Netlify at 12:03');
  });

  it('says so when no build was ever recorded', () => {
    expect(describeBuildState(state([]), time)).toEqual({ tone: 'none', headline: 'No build recorded yet' });
  });
});
