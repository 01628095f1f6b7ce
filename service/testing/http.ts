import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Service } from '../index';

/** The reference service over real HTTP, for tests whose other processes send to it and may be killed. */
export interface ServiceOverHttp {
  baseUrl: string;
  /** Every company batch item the service applied, counted by its row marker (ERP code, else name). */
  received: Map<string, number>;
  /** Company batch requests the service applied so far. */
  batches: () => number;
  close(): Promise<void>;
}

/**
 * Serves `service` on 127.0.0.1. Each applied company batch is counted and its answer held `holdMs` after the
 * write, so that a process killed in between loses an answer to a write that was applied.
 */
export async function serveOverHttp(
  service: Service,
  options: { holdMs: number; onBatch?: (batches: number) => void },
): Promise<ServiceOverHttp> {
  const received = new Map<string, number>();
  let batches = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await service.fetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      }),
    );
    const text = await response.text();
    if (req.url === '/v1/companies/batch' && response.status === 200) {
      for (const item of JSON.parse(body.toString('utf8')) as { outerSysCode?: string; name: string }[]) {
        const marker = item.outerSysCode ?? item.name;
        received.set(marker, (received.get(marker) ?? 0) + 1);
      }
      options.onBatch?.(++batches);
      await new Promise((r) => setTimeout(r, options.holdMs));
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    batches: () => batches,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
