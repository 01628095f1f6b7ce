/** Measures the element now and whenever its size changes (the window, the column); returns the effect's cleanup. */
export function watchSize(element: Element, measure: () => void): () => void {
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  return () => observer.disconnect();
}
