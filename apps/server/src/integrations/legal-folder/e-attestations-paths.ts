/** Paths of the e-Attestations (Aprovall EDGE) API that ISF uses, shared by the adapter and the simulator. */
export const E_ATTESTATIONS_TOKEN_PATH = '/auth/realms/eat_realm/protocol/openid-connect/token';
export const E_ATTESTATIONS_API_PATH = '/api/v1/account';
/** The client id of the platform's API (fixed by the platform). */
export const E_ATTESTATIONS_CLIENT_ID = 'ea-api-edge';
