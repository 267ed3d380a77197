/**
 * The Pinterest screen's words, shared by the functions (error answers) and the island (labels, notices), so a message
 * under a field is the one the server would answer.
 */
import { CSV_PUBLISH_WINDOW_DAYS, CSV_ROWS_PER_FILE, PIN_ALT_TEXT_MAX, PIN_DESCRIPTION_MAX, PIN_LINK_MAX, PIN_TITLE_MAX } from './limits.ts';

export const pinStatuses = ['draft', 'scheduled', 'publishing', 'published', 'failed'] as const;
export type PinStatus = (typeof pinStatuses)[number];

export const pinStatusLabels: Readonly<Record<PinStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
};

export const pinSourceTypes = ['product', 'post'] as const;
export type PinSourceType = (typeof pinSourceTypes)[number];

export const pinTexts = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${PIN_TITLE_MAX} characters.`,
  descriptionTooLong: `Description must be at most ${PIN_DESCRIPTION_MAX} characters.`,
  linkRequired: 'Destination link is required.',
  linkInvalid: 'Destination link must be a web address starting with https:// or http://.',
  linkTooLong: `Destination link must be at most ${PIN_LINK_MAX} characters.`,
  imageRequired: 'Image is required.',
  imageInvalid: 'Image must be a web address starting with https:// or http://, or an image of this site (/…).',
  altTextTooLong: `Alt text must be at most ${PIN_ALT_TEXT_MAX} characters.`,
  boardRequired: 'Board is required to schedule or publish a pin.',
  boardInvalid: 'Board must be one of your Pinterest boards.',
  boardNameTooLong: 'Board name must be at most 180 characters.',
  boardNameHint: 'For the CSV file: Pinterest puts the pin on your board of this name. Publishing through the API needs a board chosen from the list.',
  publishAtInvalid: 'Publish time must be a date and time.',
  publishAtRequired: 'Choose a publish time, or publish now.',
  sourceInvalid: 'Choose a product or a post to pin.',
  sourceNotFound: 'The product or post to pin no longer exists.',
  idsInvalid: 'Select at least one pin (at most 500).',
  pinsPerHourInvalid: 'Pins per hour must be a whole number from 1 to 100.',

  notFound: 'Pin not found',
  notFoundDescription: 'The pin does not exist or was deleted.',
  saveFailed: 'Error saving pin',
  deleteFailed: 'Error deleting pin',
  bulkFailed: 'Error changing pins',
  loadFailed: 'Error loading pins',
  publishFailed: 'Error publishing pins',
  exportFailed: 'Error exporting pins',
  invalidQuery: 'Invalid pin list request',
  notEditable: 'A pin that is publishing or published cannot be changed here.',
  publishedNotDeletable: 'A published pin stays on Pinterest: delete it there; here it is only removed from the list.',

  created: 'Pin saved',
  updated: 'Pin updated',
  deleted: 'Pin deleted',

  notConfiguredTitle: 'Pinterest is not connected',
  notConfigured:
    'No Pinterest access token is set (PINTEREST_ACCESS_TOKEN), so pins cannot be published from here. Export them as a CSV file and upload it in Pinterest’s bulk create instead.',
  tokenNeedsRenewalTitle: 'Pinterest access token must be renewed',
  tokenNeedsRenewal:
    'Pinterest refused the access token (401 or 403). Publishing has stopped: create a new token with the scopes boards:read, boards:write, pins:read and pins:write, set it as PINTEREST_ACCESS_TOKEN and redeploy.',
  trialAccess:
    'With Trial access, pins made through the API are visible only to you, their creator, until Pinterest grants your app Standard access.',
  scopes: 'The token needs the scopes boards:read, boards:write, pins:read and pins:write.',
  csvRoute: `Pinterest’s bulk create takes CSV files of at most ${CSV_ROWS_PER_FILE} pins, scheduled at most ${CSV_PUBLISH_WINDOW_DAYS} days ahead; larger selections download as several files.`,
  rateLimited: 'Pinterest asked us to slow down; the rest is published on the next runs.',

  disclosure: '#ad',
  affiliateNote: 'Affiliate link: the pin’s description ends with #ad.',
} as const;
