export const DEFAULT_DEMO_HOST: string;
export function demoStartArgs(env: Record<string, string | undefined>): string[];
export const DEMO_ACCOUNTS: ReadonlyArray<readonly [email: string, role: string]>;
export const DEMO_PASSWORD: string;
export function demoReadyMessage(url: string): string;
