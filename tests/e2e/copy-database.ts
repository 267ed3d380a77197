import { Database } from '../../db/client.ts';

/** A consistent copy of a database while others write to it: SQLite's VACUUM INTO reads one snapshot. */
export async function copyDatabase(fromUrl: string, toFile: string): Promise<void> {
  const from = new Database({ url: fromUrl });
  try {
    await (await from.client()).execute({ sql: 'VACUUM INTO ?', args: [toFile] });
  } finally {
    from.close();
  }
}
