import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '.';

const SSO = {
  DEMO_MODE: '1',
  SSO_PROVIDERS: 'google, entra',
  SSO_GOOGLE_NAME: 'Google',
  SSO_GOOGLE_ISSUER: 'https://accounts.google.com/',
  SSO_GOOGLE_CLIENT_ID: 'id-1',
  SSO_GOOGLE_CLIENT_SECRET: 'secret-1',
  SSO_GOOGLE_DOMAINS: 'Example.com, example.com.tw',
  SSO_GOOGLE_GOOGLE_HD: 'example.com',
  SSO_GOOGLE_CREATE_ROLE: 'viewer',
  SSO_GOOGLE_PASSWORD_SIGN_IN: 'off',
  SSO_ENTRA_ISSUER: 'https://login.microsoftonline.com/tenant-1/v2.0',
  SSO_ENTRA_CLIENT_ID: 'id-2',
  SSO_ENTRA_CLIENT_SECRET: 'secret-2',
  SSO_ENTRA_DOMAINS: 'example.net',
  SSO_ENTRA_ENTRA_TENANT: 'tenant-1',
};

function problemsOf(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems.map((p) => p.variable);
    throw error;
  }
  throw new Error('parseEnv accepted the environment');
}

describe('single sign-on variables', () => {
  it('reads each provider of SSO_PROVIDERS from its own SSO_<ID>_* variables', () => {
    const { sso } = parseEnv(SSO).auth;
    expect(sso).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'id-1',
        clientSecret: 'secret-1',
        domains: ['example.com', 'example.com.tw'],
        googleHostedDomain: 'example.com',
        entraTenant: null,
        createRole: 'viewer',
        passwordSignIn: false,
      },
      expect.objectContaining({
        id: 'entra',
        name: 'entra',
        entraTenant: 'tenant-1',
        createRole: null,
        passwordSignIn: true,
      }),
    ]);
    expect(parseEnv({ DEMO_MODE: '1' }).auth.sso).toEqual([]);
  });

  it('names every missing or bad variable of a provider', () => {
    expect(
      problemsOf({
        ...SSO,
        SSO_GOOGLE_ISSUER: 'http://accounts.google.com',
        SSO_GOOGLE_DOMAINS: '',
        SSO_GOOGLE_CREATE_ROLE: 'owner',
        SSO_ENTRA_CLIENT_SECRET: ' secret ',
      }),
    ).toEqual(['SSO_GOOGLE_ISSUER', 'SSO_GOOGLE_DOMAINS', 'SSO_GOOGLE_CREATE_ROLE', 'SSO_ENTRA_CLIENT_SECRET']);
    expect(problemsOf({ DEMO_MODE: '1', SSO_PROVIDERS: 'Google!' })).toEqual(['SSO_PROVIDERS']);
  });
});
