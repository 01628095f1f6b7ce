/**
 * Saves a file the browser already holds (a CSV it wrote, a file it fetched) under a name: a temporary
 * object URL behind a clicked link, the one way that works in every browser without a dialog library.
 */
export function saveFile(content: Blob | string, name: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: 'text/csv;charset=utf-8' }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
