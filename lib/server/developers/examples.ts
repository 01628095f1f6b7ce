import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One copy-paste signing example: the file the tests run (service/signing-examples.test.ts), shown as it is. */
export interface SigningExample {
  id: string;
  language: string;
  file: string;
  run: string;
  source: string;
}

/** The examples in docs/signing, in the order the page shows them. */
const EXAMPLES: Omit<SigningExample, 'source'>[] = [
  { id: 'curl', language: 'curl + openssl', file: 'sign.sh', run: 'BASE=<console address> sh sign.sh' },
  { id: 'node', language: 'Node.js', file: 'sign.mjs', run: 'BASE=<console address> node sign.mjs' },
  { id: 'python', language: 'Python', file: 'sign.py', run: 'BASE=<console address> python3 sign.py' },
  { id: 'java', language: 'Java 17', file: 'Sign.java', run: 'BASE=<console address> java Sign.java' },
  {
    id: 'csharp',
    language: 'C# (.NET)',
    file: 'Sign.cs',
    run: 'mcs -r:System.Net.Http Sign.cs && BASE=<console address> mono Sign.exe',
  },
];

const FOLDER = join(process.cwd(), 'docs', 'signing');

/** Read at request time from the checkout, so the page can never show code other than what the tests ran. */
export async function readSigningExamples(): Promise<SigningExample[]> {
  return Promise.all(
    EXAMPLES.map(async (example) => ({ ...example, source: await readFile(join(FOLDER, example.file), 'utf8') })),
  );
}
