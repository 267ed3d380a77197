import { describe, expect, it } from 'vitest';
import { copyPathOf, isAdminModule, mustStayShared, originalPathOf } from '../../src/integrations/admin-isolation.ts';

describe('the admin app gets copies of what it shares with public islands', () => {
  it.each([
    ['/repo/src/islands/AdminPage.tsx', true],
    ['/repo/src/islands/admin/frame/AdminFrame.tsx', true],
    ['/repo/src/islands/admin/products/ProductTable.tsx?v=1', true],
    ['C:\\repo\\src\\islands\\admin\\api.ts', true],
    ['/repo/src/islands/SaveButton.tsx', false],
    ['/repo/src/islands/AdminPageHelper.tsx', false],
    ['/repo/src/lib/admin-like.ts', false],
  ])('%s is admin code: %s', (id, admin) => expect(isAdminModule(id)).toBe(admin));

  it.each([
    ['/repo/node_modules/react/index.js', true],
    ['/repo/node_modules/react/cjs/react-jsx-runtime.production.js', true],
    ['/repo/node_modules/react-dom/client.js', true],
    ['/repo/node_modules/scheduler/index.js', true],
    ['\0vite/preload-helper.js', true],
    ['/repo/node_modules/@tanstack/react-query/build/modern/useMutation.js', false],
    ['/repo/node_modules/react-hook-form/dist/index.esm.mjs', false],
    ['/repo/src/lib/toast.ts', false],
  ])('%s stays shared: %s', (id, shared) => expect(mustStayShared(id)).toBe(shared));

  it('puts a copy beside the original, under a folder that keeps the file name and extension', () => {
    const copy = copyPathOf('/repo/src/lib/toast.ts');
    expect(copy).toBe('/repo/src/lib/_admin-copy/toast.ts');
    expect(originalPathOf(copy)).toBe('/repo/src/lib/toast.ts');
    expect(originalPathOf('/repo/src/lib/toast.ts')).toBeUndefined();
  });
});
