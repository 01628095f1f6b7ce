export const DEFAULT_DEMO_HOST: string;
export function demoStartArgs(env: Record<string, string | undefined>): string[];
