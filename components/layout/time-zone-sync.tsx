'use client';

import { useRouter } from 'next/navigation';
import { useTimeZone } from 'next-intl';
import { useEffect } from 'react';
import { TIME_ZONE_COOKIE, validTimeZone } from '@/lib/i18n/time-zone';

/** Once per page load at most, so a browser that refuses the cookie is not refreshed in a loop. */
let refreshed = false;

/**
 * Tells the server the browser's time zone (a cookie), and re-renders once when the page was rendered in
 * another zone, so every date on every page reads in the person's own time.
 */
export function TimeZoneSync() {
  const rendered = useTimeZone();
  const router = useRouter();
  useEffect(() => {
    const own = validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (!own || own === rendered) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}; path=/; max-age=31536000; samesite=lax`;
    if (refreshed) return;
    refreshed = true;
    router.refresh();
  }, [rendered, router]);
  return null;
}
