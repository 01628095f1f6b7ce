export const SCANNED: string[];
export function findClones(extra?: string[]): { first: string; second: string }[];
