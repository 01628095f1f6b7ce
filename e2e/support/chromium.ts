/** Chromium's flags for a quiet headless run: no sandbox or GPU, no background traffic, no first-run screens. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
