/** The document's prose: what a schema cannot say (signing, tenants, rate limits, sandbox mode). */

export const SIGNATURE_DESCRIPTION = `Every /v1 request carries four headers: \`X-Client-Id\` (compared exactly; the credential must be active), \`X-Timestamp\` (Unix seconds, 1 to 10 digits, within ±300 s of the server's clock), \`X-Nonce\` (1 to 128 printable ASCII characters, never reused: remembered for 600 s) and \`X-Signature\`: Base64 of HMAC-SHA256, keyed with the client secret's UTF-8 bytes, over the canonical string, five lines joined by a single line feed:

\`\`\`
METHOD
/path?query          (exactly as sent: no sorting, no re-encoding, %3A stays %3A)
x-timestamp:<X-Timestamp>
x-nonce:<X-Nonce>
body-sha256:<lower-case hex SHA-256 of the raw body bytes; of zero bytes when there is none>
\`\`\`

Sign the exact bytes you send: re-serialising the JSON after signing breaks the signature. Any failure is 401 \`{ "error": "unauthorized" }\` without saying which check failed; a valid signature on an operation the credential is not enabled for is 403 \`forbidden\`.

**Sandbox mode** (the demo, or \`SANDBOX_DEBUG=1\`; never in production): a 401 for a signature mismatch also carries \`signatureDoesNotMatch\` with the canonical string the service built and the body hash it computed, never the secret or the expected signature, so a client can compare it line by line with the string it signed.`;

export const INFO_DESCRIPTION = `The HTTP and JSON interface an ERP uses to push master data (companies, products, SKUs, bundles, prices, stock, point and credit quotas, back-office users) into the B2B ordering platform and read it back. Generated from the same schemas the reference service validates requests with.

**Tenants.** Every record belongs to the tenant of the credential that signs the request. Another tenant's id behaves exactly like an id that does not exist: 404, indistinguishable. Lists hold the tenant's records only.

**Writes.** Upserts by id, else by the ERP code \`outerSysCode\` (exact, case-sensitive), else create. Updates merge partially: omitted fields keep their value; an explicit \`null\` counts as omitted. Batch endpoints take a JSON array of 1 to 1000 items and answer 200 with one result per item: one failing item never fails the others.

**Lists.** \`page\` (from 1) and \`pageSize\` (1 to 100, default 100); ordered by id ascending; \`data\` is \`[]\` when nothing matches. Query parameter names match case-insensitively. \`updatedSince\` is inclusive and must name its zone.

**Rate limits.** Off by default. A credential with \`rateLimitPerSecond\` gets 429 \`rate_limited\` with \`Retry-After\` (seconds) over it; honour it. Never retry a write that got a 5xx or no answer: its outcome is unknown.

**Errors.** \`{ "error": <code> }\`, decided by the code (a few codes are exact English sentences). A few 404s are problem details (\`detail\` holds the code). 500 is \`{ "code", "message" }\`. Bodies over 5 MiB: 413 \`payload_too_large\`. An unknown path: 404 \`not_found\`; a known path with another method: 405 \`method_not_allowed\`.

This document is served unsigned at \`GET /v1/openapi.json\`.`;
