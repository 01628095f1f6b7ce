// Lets server-only modules load under vitest; Next enforces the real boundary at build time.
export {};
