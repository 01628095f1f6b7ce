export type Transport = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Where a fetcher sends its requests. In a browser: fetch, on the page's own origin. Tests and benches run the
 * same fetchers outside a browser and point them at a console (an absolute base URL) or an in-process handler.
 */
export class Destination {
  transport: Transport = (input, init) => fetch(input, init);
  baseUrl = '';

  configure(options: { transport?: Transport; baseUrl?: string }): void {
    if (options.transport) this.transport = options.transport;
    if (options.baseUrl !== undefined) this.baseUrl = options.baseUrl;
  }
}
