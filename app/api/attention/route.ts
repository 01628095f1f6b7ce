import { attentionApi } from '@/lib/contract/console/attention';
import { attentionReads } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';

// The signed-in person's home: a card per rule their role sees that has open findings.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.summary, attentionReads.summary);
