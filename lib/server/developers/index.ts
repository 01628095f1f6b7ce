import 'server-only';

// The public face of lib/server/developers: the integrators' page (/developers) reads the signing examples the tests
// run, and its signature debugger builds a pasted request's canonical string with the service's own code.
export { readSigningExamples, type SigningExample } from './examples';
export { checkSignature } from './signature-check';
