import 'server-only';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from '../../i18n/time-zone';

/** The person's time zone, as the pages read it (./intl-request.ts): the browser's cookie, else the default. */
export function requestTimeZoneOf(request: Request): string {
  const cookie = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(request.headers.get('cookie') ?? '')?.[1];
  return validTimeZone(cookie ? decodeURIComponent(cookie) : null) ?? DEFAULT_TIME_ZONE;
}
