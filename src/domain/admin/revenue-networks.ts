/**
 * The contract of /api/admin/revenue-networks* (issue 14, point 3): the networks that may send conversion postbacks,
 * their one-time secrets, and the postback URL each network is given. Shared by the functions and the Networks tab.
 *
 *   GET    /api/admin/revenue-networks                    → revenueNetworkListSchema (all six, configured or not)
 *   POST   /api/admin/revenue-networks/:network/token {}  → revenueNetworkTokenSchema (create or rotate; the token once)
 *   POST   /api/admin/revenue-networks/:network/secret {} → revenueNetworkSecretSchema (new HMAC secret, shown once)
 *   DELETE /api/admin/revenue-networks/:network/secret    → revenueNetworkSchema (signature no longer required)
 *   DELETE /api/admin/revenue-networks/:network           → revenueNetworkSchema (removed: its endpoint answers 404)
 */
import { z } from 'zod';
import { POSTBACK_MAPPINGS, postbackNetworks, type PostbackMapping, type PostbackNetwork } from '../revenue/postback.ts';

export const revenueNetworkLabels: Readonly<Record<PostbackNetwork, string>> = {
  impact: 'Impact',
  awin: 'Awin',
  rakuten: 'Rakuten Advertising',
  cj: 'CJ',
  partnerize: 'Partnerize',
  generic: 'Generic',
};

/**
 * How a network writes a macro in a callback URL. Impact's {Name} and Awin's !!!name!!! are their documented
 * syntaxes (sources in src/domain/revenue/postback.ts); for the others the syntax could not be read, so the template
 * shows {name} placeholders and the panel says to replace each with the network's own macro for that field.
 */
const MACRO_STYLES: Readonly<Record<PostbackNetwork, { documented: boolean; macro: (name: string) => string }>> = {
  impact: { documented: true, macro: (name) => `{${name}}` },
  awin: { documented: true, macro: (name) => `!!!${name}!!!` },
  rakuten: { documented: false, macro: (name) => `{${name}}` },
  cj: { documented: false, macro: (name) => `{${name}}` },
  partnerize: { documented: false, macro: (name) => `{${name}}` },
  generic: { documented: false, macro: (name) => `{${name}}` },
};

/** The fields a postback carries, in the order the template lists them. */
const TEMPLATE_FIELDS = ['clickId', 'transactionId', 'saleAmount', 'commission', 'currency', 'status'] as const satisfies readonly (keyof PostbackMapping)[];

/** Shown in place of the token where it is not known (it is stored only as a hash). */
export const TOKEN_PLACEHOLDER = '{token}';

/** The header, or else the parameter, that carries a signed network's HMAC-SHA256 (hex) of the other parameters. */
export const SIGNATURE_HEADER = 'X-Signature';
export const SIGNATURE_PARAMETER = 'signature';

export function postbackPath(network: PostbackNetwork, token: string): string {
  return `/api/conversions/${network}/${token}`;
}

/**
 * The URL to paste into a network's postback settings: the endpoint with the token, then each field under the first
 * name its mapping accepts (the network's own macro name) with the network's macro as the value. Built from
 * POSTBACK_MAPPINGS, so the URL and the parser cannot drift apart.
 */
export function postbackUrlTemplate(siteUrl: string, network: PostbackNetwork, token: string = TOKEN_PLACEHOLDER): string {
  const mapping = POSTBACK_MAPPINGS[network];
  const { macro } = MACRO_STYLES[network];
  const query = TEMPLATE_FIELDS.map((field) => {
    const name = mapping[field][0]!;
    return `${name}=${macro(name)}`;
  }).join('&');
  return `${siteUrl.replace(/\/+$/, '')}${postbackPath(network, token)}?${query}`;
}

export function macrosDocumented(network: PostbackNetwork): boolean {
  return MACRO_STYLES[network].documented;
}

export const revenueNetworkTexts = {
  listFailed: 'Could not load the networks',
  tokenFailed: 'Could not create the token',
  secretFailed: 'Could not change the signing secret',
  removeFailed: 'Could not remove the network',
  notFound: 'Network not found',
  notFoundDescription: `The network must be one of ${postbackNetworks.join(', ')}.`,
  notConfigured: 'Network not configured',
  notConfiguredDescription: 'Create a token for this network first.',
  bodyInvalid: 'The request takes no fields.',
} as const;

export const revenueNetworkParamSchema = z.enum(postbackNetworks, { error: revenueNetworkTexts.notFoundDescription });

/** The token and secret writes take no input: the server makes the secret. An empty object keeps the JSON guard. */
export const revenueNetworkWriteInputSchema = z.strictObject({}, { error: revenueNetworkTexts.bodyInvalid });

export const revenueNetworkSchema = z.object({
  network: z.enum(postbackNetworks),
  label: z.string(),
  configured: z.boolean(),
  signed: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
  rotatedAt: z.iso.datetime().nullable(),
  /** The postback URL with TOKEN_PLACEHOLDER for the token. */
  urlTemplate: z.string(),
  /** False when the template's {name} placeholders are to be replaced by the network's own macros. */
  macrosDocumented: z.boolean(),
});
export type RevenueNetwork = z.infer<typeof revenueNetworkSchema>;

export const revenueNetworkListSchema = z.object({ networks: z.array(revenueNetworkSchema) });
export type RevenueNetworkList = z.infer<typeof revenueNetworkListSchema>;

export const revenueNetworkTokenSchema = z.object({
  network: revenueNetworkSchema,
  /** The plain token: in this answer only, never stored or shown again. */
  token: z.string(),
  postbackUrl: z.string(),
});
export type RevenueNetworkToken = z.infer<typeof revenueNetworkTokenSchema>;

export const revenueNetworkSecretSchema = z.object({
  network: revenueNetworkSchema,
  /** The HMAC-SHA256 key, shown once. */
  secret: z.string(),
});
export type RevenueNetworkSecret = z.infer<typeof revenueNetworkSecretSchema>;
