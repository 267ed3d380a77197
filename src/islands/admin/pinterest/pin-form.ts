/**
 * The 'New pin' form's values and rules, apart from React so they can be unit-tested: the fields are checked with the
 * contract's own schemas (src/domain/admin/pinterest/api.ts), so a message under a field is the one the server would
 * answer; the publish time is typed in the admin's local time and sent as UTC.
 */
import { z } from 'zod';
import {
  pinAltTextSchema,
  pinDescriptionSchema,
  pinImageUrlSchema,
  pinLinkSchema,
  pinTitleSchema,
  type LinkType,
  type PinCreateRequest,
  type PinDefaults,
  type PinSourceRef,
  type PinUpdateRequest,
  type PinView,
  type PublishMode,
} from '../../../domain/admin/pinterest/api.ts';
import { BOARD_NAME_MAX, charactersLeft } from '../../../domain/admin/pinterest/limits.ts';
import { pinTexts } from '../../../domain/admin/pinterest/texts.ts';

export interface PinFormValues {
  title: string;
  description: string;
  link: string;
  linkType: LinkType;
  imageUrl: string;
  altText: string;
  /** '' while no board is chosen. */
  boardId: string;
  /** The board's name when the boards cannot be listed (no token): enough for the bulk-create CSV. */
  boardName: string;
  publish: PublishMode;
  /** The datetime-local input's value (YYYY-MM-DDTHH:MM[:SS], local time). */
  publishAtLocal: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a datetime-local input shows it, in the browser's time zone, to the second. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * A datetime-local value read as local time (ECMAScript reads a date-time without an offset as local), or null when it
 * is not one. The UTC instant is what the server stores.
 */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const pinFormSchema = z
  .object({
    title: pinTitleSchema,
    description: pinDescriptionSchema,
    link: pinLinkSchema,
    linkType: z.enum(['page', 'affiliate']),
    imageUrl: pinImageUrlSchema,
    altText: pinAltTextSchema,
    boardId: z.string(),
    boardName: z.string().trim().max(BOARD_NAME_MAX, pinTexts.boardNameTooLong),
    publish: z.enum(['draft', 'now', 'schedule']),
    publishAtLocal: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.publish === 'schedule' && !fromLocalInput(values.publishAtLocal)) {
      ctx.addIssue({ code: 'custom', path: ['publishAtLocal'], message: values.publishAtLocal ? pinTexts.publishAtInvalid : pinTexts.publishAtRequired });
    }
    // The form shows either the board list (token) or the board name field (no token): the message goes under both
    // paths so the one on screen shows it; a submit that stops here is never silent.
    if (values.publish !== 'draft' && !values.boardId && !values.boardName.trim()) {
      ctx.addIssue({ code: 'custom', path: ['boardId'], message: pinTexts.boardRequired });
      ctx.addIssue({ code: 'custom', path: ['boardName'], message: pinTexts.boardRequired });
    }
  });

/** What the form starts with for a new pin: the source's default texts, its first image, our page's link. */
export function valuesFromDefaults(defaults: PinDefaults, boardId = ''): PinFormValues {
  return {
    title: defaults.title,
    description: defaults.description,
    link: defaults.pageLink,
    linkType: 'page',
    imageUrl: defaults.imageUrl ?? defaults.images[0]?.url ?? '',
    altText: defaults.altText,
    boardId,
    boardName: '',
    publish: 'draft',
    publishAtLocal: '',
  };
}

/** An existing pin in the form (its editor). */
export function valuesFromPin(pin: PinView): PinFormValues {
  const publishAt = pin.publishAt ? new Date(pin.publishAt) : null;
  return {
    title: pin.title,
    description: pin.description,
    link: pin.link,
    linkType: pin.isAffiliate ? 'affiliate' : 'page',
    imageUrl: pin.imageUrl,
    altText: pin.altText,
    boardId: pin.boardId ?? '',
    boardName: pin.boardId ? '' : (pin.boardName ?? ''),
    publish: pin.status === 'scheduled' && publishAt ? 'schedule' : 'draft',
    publishAtLocal: publishAt ? toLocalInput(publishAt) : '',
  };
}

/**
 * The link and description a switch of link type gives: the defaults of the new type, unless the admin wrote their
 * own (then only the link changes and the description is left to them; the server adds '#ad' to an affiliate pin).
 */
export function switchLinkType(values: Pick<PinFormValues, 'link' | 'description'>, defaults: PinDefaults, to: LinkType): { link: string; description: string } {
  const link = to === 'affiliate' ? (defaults.affiliateLink ?? values.link) : defaults.pageLink;
  const untouched = values.description === defaults.description || values.description === defaults.descriptionForAffiliate;
  const description = untouched ? (to === 'affiliate' ? defaults.descriptionForAffiliate : defaults.description) : values.description;
  return { link, description };
}

/**
 * The board by its Pinterest id, with its name for the list and the CSV (the server knows it when not listed here);
 * without a listed board, the name typed for the CSV route.
 */
function boardOf(values: PinFormValues, boardNames: ReadonlyMap<string, string>): { boardId: string | null; boardName: string | null } {
  if (values.boardId) return { boardId: values.boardId, boardName: boardNames.get(values.boardId) ?? null };
  return { boardId: null, boardName: values.boardName.trim() || null };
}

function publishOf(values: PinFormValues): { publish: PublishMode; publishAt: string | null } {
  const at = values.publish === 'schedule' ? fromLocalInput(values.publishAtLocal) : null;
  return { publish: values.publish, publishAt: at ? at.toISOString() : null };
}

/**
 * POST /api/admin/pins. The link is sent only when the admin changed it: left as the default, the server builds it
 * (our page gets the pin's key in utm_content, which a link made here cannot know yet).
 */
export function createRequest(source: PinSourceRef, values: PinFormValues, defaults: PinDefaults, boardNames: ReadonlyMap<string, string>): PinCreateRequest {
  const defaultLink = values.linkType === 'affiliate' ? defaults.affiliateLink : defaults.pageLink;
  return {
    source,
    title: values.title,
    description: values.description,
    ...(values.link.trim() === defaultLink ? {} : { link: values.link }),
    linkType: values.linkType,
    imageUrl: values.imageUrl,
    altText: values.altText,
    ...boardOf(values, boardNames),
    ...publishOf(values),
  };
}

/** PUT /api/admin/pins/:id: every field, as the form shows them. */
export function updateRequest(values: PinFormValues, boardNames: ReadonlyMap<string, string>): PinUpdateRequest {
  return {
    title: values.title,
    description: values.description,
    link: values.link,
    linkType: values.linkType,
    imageUrl: values.imageUrl,
    altText: values.altText,
    ...boardOf(values, boardNames),
    ...publishOf(values),
  };
}

/** The counter under a limited field: exact and visible, but not announced on every keystroke. */
export function counterText(text: string, limit: number): string {
  const left = charactersLeft(text, limit);
  if (left < 0) return `${-left} ${-left === 1 ? 'character' : 'characters'} over the limit of ${limit}`;
  return `${left} ${left === 1 ? 'character' : 'characters'} left`;
}

/**
 * What a screen reader hears: only when the text crosses a threshold (50 left, 10 left, over the limit), so typing is
 * not interrupted by a number per keystroke.
 */
export function counterAnnouncement(label: string, text: string, limit: number): string {
  const left = charactersLeft(text, limit);
  if (left < 0) return `${label} is over the limit of ${limit} characters.`;
  if (left <= 10) return `${label}: 10 or fewer characters left.`;
  if (left <= 50) return `${label}: 50 or fewer characters left.`;
  return '';
}

/** The domain Pinterest prints under a pin: the link's host without 'www.'. */
export function linkDomain(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
