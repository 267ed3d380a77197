/** Build-time read of site settings (such as the hero image), for the `settings` collection. */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';
import { RENDERED_SETTING_IDS } from '../build-inputs.ts';
import { getDatabase } from '../db.ts';

export type SettingRecord = {
  id: string;
  /** Free-form JSON; each setting is interpreted by its own domain rule (e.g. src/domain/hero.ts). */
  value: unknown;
};

/** Only the rows pages render: the jobs' state in the same table (pinterest.last_run, …) is no input of a build. */
export async function listSettingsForBuild(database: Database = getDatabase()): Promise<SettingRecord[]> {
  return database.run((db) => db.select({ id: settings.id, value: settings.value }).from(settings).where(inArray(settings.id, [...RENDERED_SETTING_IDS])));
}
