/**
 * Password strength for the back-office user form, by zxcvbn-ts with its common and English dictionaries.
 * The dictionaries are large (about 850 kB compressed), so they are imported on demand: only a page that
 * shows the meter loads them, and only once. They ship inside the packages, so nothing is fetched at run time.
 */
export interface PasswordStrength {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** zxcvbn-ts feedback keys (e.g. `commonPasswords`); the words live in the message catalogue. */
  warning: string | null;
  suggestions: string[];
}

export type PasswordStrengthCheck = (password: string, userInputs?: string[]) => PasswordStrength;

let loading: Promise<PasswordStrengthCheck> | undefined;

async function load(): Promise<PasswordStrengthCheck> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  // No `translations`: feedback stays as keys, which the console's catalogue words.
  const zxcvbn = new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    useLevenshteinDistance: true,
  });
  return (password, userInputs = []) => {
    const result = zxcvbn.check(
      password,
      userInputs.filter((s) => s.trim() !== ''),
    );
    return { score: result.score, warning: result.feedback.warning || null, suggestions: result.feedback.suggestions };
  };
}

/** Loads the estimator (once; a failed load is tried again next time). */
export function loadPasswordStrength(): Promise<PasswordStrengthCheck> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
