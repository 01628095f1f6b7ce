import 'server-only';

// The public face of lib/server/developers: the integrators' page (/developers) draws the API reference from the
// OpenAPI document, shows the signing examples the tests run, and its signature debugger builds a pasted request's
// canonical string with the service's own code.
export { DOCUMENT_URL, readReference } from './document';
export { readSigningExamples, type SigningExample } from './examples';
export { checkSignature } from './signature-check';
