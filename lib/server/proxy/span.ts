import 'server-only';
import { failSpanWith, type Span } from '../telemetry';

/** What the proxy knows once it answered (ProxyFacts): the operation, its own refusal, the upstream's status. */
interface Answered {
  operation?: string;
  code?: string;
  upstreamStatus?: number | null;
}

/** The proxy's span once it answered: named by its operation, with the status and the refusal or upstream status. */
export function describeSpan(span: Span, facts: Answered, status: number): void {
  if (facts.operation) span.updateName(`proxy ${facts.operation}`);
  span.setAttributes({
    'http.response.status_code': status,
    ...(facts.operation ? { 'console.operation': facts.operation } : {}),
    ...(facts.code ? { 'console.refusal': facts.code } : {}),
    ...(facts.upstreamStatus != null ? { 'console.upstream_status': facts.upstreamStatus } : {}),
  });
  if (status >= 500) failSpanWith(span, String(status));
}
