/** Every product type in the demo catalogue. */
import { cardioTypes } from './cardio.ts';
import { homeTypes } from './home.ts';
import { mobilityTypes } from './mobility.ts';
import { nutritionTypes } from './nutrition.ts';
import { officeTypes } from './office.ts';
import { protectionTypes } from './protection.ts';
import { recoveryTypes } from './recovery.ts';
import { strengthTypes } from './strength.ts';
import type { ProductType } from './types.ts';

export type { ProductType, TypeReview } from './types.ts';

export const productTypes: readonly ProductType[] = [
  ...strengthTypes,
  ...cardioTypes,
  ...mobilityTypes,
  ...recoveryTypes,
  ...nutritionTypes,
  ...protectionTypes,
  ...officeTypes,
  ...homeTypes,
];
