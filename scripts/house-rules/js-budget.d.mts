export type RouteStats = { route: string; firstLoadUncompressedJsBytes: number; firstLoadChunkPaths: string[] };
export function budgetProblems(stats: RouteStats[], ceilings: Record<string, number>): string[];
