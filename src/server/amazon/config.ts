/**
 * The Creators API's configuration, read from the environment once (src/server/env.ts) and checked here, so a missing
 * or unknown credential is a plain sentence for the admin, never a crash.
 *
 * A credential's version names its region and how its token is fetched (Associates Central shows it beside the id):
 *   2.x: Amazon Cognito, form-encoded client credentials with scope `creatorsapi/default`; API calls then send
 *        `Authorization: Bearer {token}, Version {version}`.
 *   3.x: Login with Amazon, a JSON body with scope `creatorsapi::default`; API calls send `Bearer {token}`.
 * Sources: https://affiliate-program.amazon.com/creatorsapi/docs/en-us/get-started/using-curl (the token request),
 * and the endpoint table of a published client, github.com/bayashi/Amazon-CreatorsAPI lib/Amazon/CreatorsAPI/Auth.pm.
 */
import { env, type Env } from '../env.ts';

export const CREATORS_API_BASE = 'https://creatorsapi.amazon';

const TOKEN_ENDPOINTS: Readonly<Record<string, string>> = {
  '2.1': 'https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token',
  '2.2': 'https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token',
  '2.3': 'https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token',
  '3.1': 'https://api.amazon.com/auth/o2/token',
  '3.2': 'https://api.amazon.co.uk/auth/o2/token',
  '3.3': 'https://api.amazon.co.jp/auth/o2/token',
};

export interface CreatorsConfig {
  credentialId: string;
  credentialSecret: string;
  credentialVersion: string;
  /** 'cognito' for 2.x credentials, 'lwa' (Login with Amazon) for 3.x. */
  tokenStyle: 'cognito' | 'lwa';
  tokenUrl: string;
  apiBase: string;
  marketplace: string;
  partnerTag: string;
  requestsPerSecond: number;
}

export type CreatorsSetup = { configured: true; config: CreatorsConfig } | { configured: false; reason: string };

export function creatorsSetup(source: Env = env()): CreatorsSetup {
  const id = source.AMAZON_CREATORS_CREDENTIAL_ID;
  const secret = source.AMAZON_CREATORS_CREDENTIAL_SECRET;
  const version = source.AMAZON_CREATORS_CREDENTIAL_VERSION;
  const missing = [
    id ? null : 'AMAZON_CREATORS_CREDENTIAL_ID',
    secret ? null : 'AMAZON_CREATORS_CREDENTIAL_SECRET',
    version ? null : 'AMAZON_CREATORS_CREDENTIAL_VERSION',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) return { configured: false, reason: `Amazon's Creators API is not configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.` };
  const tokenUrl = source.AMAZON_CREATORS_TOKEN_URL ?? TOKEN_ENDPOINTS[version!];
  if (!tokenUrl) {
    return {
      configured: false,
      reason: `Amazon's Creators API is not configured: AMAZON_CREATORS_CREDENTIAL_VERSION ${version} is not a version this site knows (${Object.keys(TOKEN_ENDPOINTS).join(', ')}).`,
    };
  }
  return {
    configured: true,
    config: {
      credentialId: id!,
      credentialSecret: secret!,
      credentialVersion: version!,
      tokenStyle: version!.startsWith('3.') ? 'lwa' : 'cognito',
      tokenUrl,
      apiBase: (source.AMAZON_CREATORS_API_BASE ?? CREATORS_API_BASE).replace(/\/+$/, ''),
      marketplace: source.AMAZON_CREATORS_MARKETPLACE,
      partnerTag: source.AMAZON_CREATORS_PARTNER_TAG ?? source.AMAZON_ASSOCIATE_TAG,
      requestsPerSecond: source.AMAZON_CREATORS_REQUESTS_PER_SECOND,
    },
  };
}
