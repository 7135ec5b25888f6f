import { GATEWAY_SIGNATURE } from '@tracehub/contract';

/*
 * The signed-request scheme in the OpenAPI document (/api/docs): four headers, all required together
 * (one security requirement naming the four schemes). The recipe is docs/gateway-api.md.
 */

const RECIPE =
  'X-Signature = base64url(HMAC-SHA256(APPSecret, METHOD + "\\n" + PATH + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + hex(SHA-256(body)))), PATH with /api and any query string. Errors: G4001 unknown key, G4002 disabled key, G4003 bad signature, G4004 timestamp outside ±5 minutes, G4005 nonce reused, G4006 header missing, G4007 body over 5MB, G4008 rate limit, G4009 member disabled.';

const headerScheme = (name: string, description: string) =>
  ({ type: 'apiKey', in: 'header', name, description }) as const;

export const GATEWAY_SECURITY_SCHEMES = {
  gatewayAppKey: headerScheme('X-App-Key', `The gateway key's APPKey. ${RECIPE}`),
  gatewayTimestamp: headerScheme('X-Timestamp', 'Epoch milliseconds; within ±5 minutes of the server clock'),
  gatewayNonce: headerScheme(
    'X-Nonce',
    `Random, ${GATEWAY_SIGNATURE.nonceMin}-${GATEWAY_SIGNATURE.nonceMax} characters of A-Z a-z 0-9 . _ ~ -, never reused by the key`,
  ),
  gatewaySignature: headerScheme('X-Signature', RECIPE),
};

/** The security requirement of every gateway endpoint: the four headers together. */
export const GATEWAY_SECURITY = [
  Object.fromEntries(Object.keys(GATEWAY_SECURITY_SCHEMES).map((k) => [k, [] as string[]])),
];
