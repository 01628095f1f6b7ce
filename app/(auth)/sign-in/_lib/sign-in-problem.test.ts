import { describe, expect, it } from 'vitest';
import { checkSignInInput, signInProblemOf } from './sign-in-problem';

// The form's script and the server action that answers a form posted before it say the same thing.
const origins = { expected: 'https://console.example', actual: 'http://10.0.0.5:3000' };

describe('why a sign-in did not happen', () => {
  it('names the field a missing or malformed value is about', () => {
    expect(checkSignInInput('not-an-email', 'x')).toEqual({ message: 'invalidEmail', field: 'email' });
    expect(checkSignInInput('a@example.com', '')).toEqual({ message: 'missingPassword', field: 'password' });
    expect(checkSignInInput('a@example.com', 'x')).toBeNull();
  });

  it('tells a wrong password, a disabled account, a wrong address and a limit apart', () => {
    expect(signInProblemOf({ status: 401, retryAfter: null }, origins)).toEqual({ message: 'wrongCredentials' });
    expect(signInProblemOf({ status: 403, retryAfter: null }, origins)).toEqual({ message: 'disabled' });
    expect(signInProblemOf({ status: 403, code: 'INVALID_ORIGIN', retryAfter: null }, origins)).toEqual({
      message: 'wrongOrigin',
      values: origins,
    });
    expect(signInProblemOf({ status: 429, retryAfter: '42' }, origins)).toEqual({
      message: 'rateLimited',
      values: { seconds: 42 },
    });
    expect(signInProblemOf({ status: 429, retryAfter: null }, origins)).toEqual({
      message: 'rateLimited',
      values: { seconds: 60 },
    });
    expect(signInProblemOf({ status: 400, retryAfter: null }, origins)).toEqual({
      message: 'invalidEmail',
      field: 'email',
    });
    expect(signInProblemOf({ status: 503, retryAfter: null }, origins)).toEqual({
      message: 'failed',
      values: { status: 503 },
    });
  });
});
