/**
 * A build's record (src/server/local/build-record.ts): what a build was made from, why it is out of date, and that only
 * a folder with its record is a complete build, the one `npm start` serves.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_RECORD_FILE, isCompleteBuild, readBuildRecord, removeBuildRecord, staleReason, writeBuildRecord, type BuildStamp } from '../../src/server/local/build-record.ts';
import { SiteFolders } from '../../src/server/local/site-folders.ts';

const stamp: BuildStamp = { databaseUrl: 'file:data/app.db', content: 'c1', source: 's1', environment: 'e1' };

describe('why a build is out of date', () => {
  it('is up to date when made from the same inputs', () => {
    expect(staleReason(stamp, { ...stamp })).toBeUndefined();
  });

  it('names each input that changed', () => {
    expect(staleReason(stamp, { ...stamp, content: 'c2' })).toBe('content changed since the last build');
    expect(staleReason(stamp, { ...stamp, source: 's2' })).toBe('source files changed since the last build');
    expect(staleReason(stamp, { ...stamp, environment: 'e2' })).toBe('SITE_URL or AMAZON_ASSOCIATE_TAG changed since the last build');
    expect(staleReason(stamp, { ...stamp, content: 'c2', source: 's2' })).toBe('content and source files changed since the last build');
  });

  it('says so when the build was made from another database, or does not say what it was made from', () => {
    expect(staleReason(stamp, { ...stamp, databaseUrl: 'file:/tmp/other.db' })).toBe('the last build was made from another database');
    expect(staleReason(undefined, stamp)).toBe('the last build does not record what it was made from');
  });
});

describe('a complete build', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'repwell-record-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  function pages(name: string): string {
    const folder = join(work, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.html'), '<!doctype html><title>home</title>');
    return folder;
  }

  it('is a folder with its record; pages alone are a build that was stopped half-way', () => {
    const folder = pages('site');
    expect(isCompleteBuild(folder)).toBe(false);
    writeBuildRecord(folder, stamp, new Date('2026-11-27T10:00:00Z'));
    expect(isCompleteBuild(folder)).toBe(true);
    expect(readBuildRecord(folder)).toEqual({ builtAt: '2026-11-27T10:00:00.000Z', stamp });
    removeBuildRecord(folder);
    expect(isCompleteBuild(folder)).toBe(false);
  });

  it('includes one an earlier version recorded with a single fingerprint, which is then rebuilt', () => {
    const folder = pages('site');
    writeFileSync(join(folder, BUILD_RECORD_FILE), JSON.stringify({ fingerprint: 'abc', builtAt: '2026-11-20T10:00:00.000Z' }));
    expect(readBuildRecord(folder)).toEqual({ builtAt: '2026-11-20T10:00:00.000Z', stamp: undefined });
    writeFileSync(join(folder, BUILD_RECORD_FILE), '{"fingerprint":');
    expect(isCompleteBuild(folder)).toBe(false);
  });

  it('is the only kind SiteFolders serves or publishes', () => {
    const half = pages('half');
    symlinkSync(half, join(work, 'dist'));
    const folders = new SiteFolders({ link: join(work, 'dist'), buildsDir: join(work, 'builds') });
    expect(folders.current()).toBeUndefined();
    expect(() => folders.publish(half)).toThrow(/no build record/);

    const complete = pages('builds/site-complete');
    writeBuildRecord(complete, stamp);
    folders.publish(complete);
    expect(folders.current()).toBe(folders.buildsDir + '/site-complete');
    expect(new SiteFolders({ link: join(work, 'dist'), buildsDir: join(work, 'builds') }).current()).toBe(folders.current());
    folders.close();
  });
});
