'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once this box comes into the viewport (or within `margin` of it), so a heavy part below the fold
 * (a chart's drawing library) is neither loaded nor run while the page is still starting: on a phone, the figures
 * above it are what the first screen shows. The box fills its parent, which keeps the height the part will take, so
 * nothing moves when it appears.
 */
export function WhenNear({ children, margin = '0px' }: { children: ReactNode; margin?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return (
    <div ref={box} className="h-full">
      {near ? children : null}
    </div>
  );
}
