import 'server-only';

// The public face of lib/server/http: other folders import from here, not from its files.
export { CLIENT_ADDRESS_HEADER, PROOF_HEADER, installClientAddress, withProvenClientAddress } from './client-address';
export { REQUEST_ID_HEADER, requestIdOf } from './request-id';
