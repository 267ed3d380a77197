/** The project explains itself from its own files: every relative link in the README and docs/ resolves inside the repository. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];

describe('documentation links', () => {
  it.each(documents)('%s links only to files inside the repository that exist', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
    const broken = targets.filter((target) => {
      const path = resolve(dirname(join(root, document)), target);
      return relative(root, path).startsWith('..') || !existsSync(path);
    });
    expect(broken).toEqual([]);
    expect(text).not.toMatch(/\.\.\/shared\//);
  });

  it('the README links to each page of docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const page of ['architecture', 'decisions', 'operations']) expect(readme).toContain(`(docs/${page}.md)`);
  });
});
