/** The hero_image settings record, read and written for the admin panel (issue 10, point 7). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';
import { heroSettingValue, storedHero, type HeroSetting, type HeroSettingInput } from '../../domain/admin/hero.ts';
import { HERO_SETTING_ID } from '../../domain/hero.ts';
import { appendAudit, type AuditActor } from './audit.ts';

type Row = { value: unknown; updatedAt: Date } | undefined;

function answer(row: Row): HeroSetting {
  return { hero: storedHero(row?.value), updatedAt: row ? row.updatedAt.toISOString() : null };
}

export async function readHeroSetting(database: Database): Promise<HeroSetting> {
  const row = await database.run((db) =>
    db.select({ value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.id, HERO_SETTING_ID)).get(),
  );
  return answer(row);
}

const heroSummary: Record<HeroSettingInput['type'], string> = {
  image: 'Set the home hero to an image',
  color: 'Set the home hero to a colour',
  none: 'Removed the home hero background',
};

/**
 * Upserts the record, or deletes it for 'none' (the public hero then shows the muted background), with its
 * audit entry, in one transaction.
 */
export async function saveHeroSetting(database: Database, actor: AuditActor, input: HeroSettingInput): Promise<HeroSetting> {
  const value = heroSettingValue(input);
  const row = await database.run((db) =>
    db.transaction(async (tx) => {
      await appendAudit(tx, actor, { action: 'setting.hero', entityType: 'setting', entityId: HERO_SETTING_ID, summary: heroSummary[input.type] });
      if (value === null) {
        await tx.delete(settings).where(eq(settings.id, HERO_SETTING_ID));
        return undefined;
      }
      const now = new Date();
      return tx
        .insert(settings)
        .values({ id: HERO_SETTING_ID, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.id, set: { value, updatedAt: now } })
        .returning({ value: settings.value, updatedAt: settings.updatedAt })
        .get();
    }),
  );
  return answer(row);
}
