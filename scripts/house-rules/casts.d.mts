export type Cast = { file: string; line: number; why: boolean };
export function findCasts(root: string): Cast[];
export function castProblems(casts: Cast[], budget: number): string[];
