import type { ReactNode } from 'react';

/** A part of a page named by its h2 (the section is labelled by it, so it is a landmark with that name). */
export function HeadedSection({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
