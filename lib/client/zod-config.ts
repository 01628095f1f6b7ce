import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` when eval is allowed, and probes for that once; under the
// console's CSP (no 'unsafe-eval') the probe is reported as a violation although Zod copes. Jitless skips it.
z.config({ jitless: true });
