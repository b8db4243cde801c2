import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { ApiRequestError } from '../../client/api';
import { $authStatus } from '../../client/auth';
import { signIn } from '../../client/session';
import { useEarlyInput } from '../../client/use-early-input';
import type { Texts } from '../../i18n/interpolate';

interface Props {
  locale: string;
  texts: Texts;
  registerUrl: string;
  recoverUrl: string;
}

export default function AuthForm({ locale, texts, registerUrl, recoverUrl }: Props) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  // While the server's Retry-After runs the button waits too: a press before it ends is refused and
  // lengthens the wait (the sign-in limits count a client that does not wait).
  const [waitUntil, setWaitUntil] = useState(0);
  const status = useStore($authStatus);
  const loginField = useEarlyInput(setLogin);
  const passwordField = useEarlyInput(setPassword);

  useEffect(() => {
    if (!waitUntil) return;
    const timer = setTimeout(() => setWaitUntil(0), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  // Someone already signed in who opens the sign-in page goes home instead of being asked again (a
  // sign-in made here navigates itself: `pending` keeps this from going twice).
  useEffect(() => {
    if (status === 'authenticated' && !pending) void navigate(`/${locale}/`, { history: 'replace' });
  }, [status, pending, locale]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!login.trim() || !password) {
      setError(texts['auth.errors.required']!);
      return;
    }
    setPending(true);
    setError('');
    try {
      await signIn(login.trim(), password);
      await navigate(`/${locale}/`);
    } catch (e) {
      const failure = e as ApiRequestError;
      // 401: the spec's fixed text; 400/429/403: the server's own description; no answer: network.
      if (failure.status === 401) setError(texts['auth.errors.login-pass']!);
      else if (failure.status && failure.desc) setError(failure.desc);
      else setError(texts['auth.errors.network']!);
      if (failure.status === 429 && failure.retryAfter) setWaitUntil(Date.now() + failure.retryAfter * 1000);
      setPending(false);
    }
  }

  return (
    <form className="auth-form card" onSubmit={submit} noValidate aria-describedby={error ? 'auth-error' : undefined}>
      <div className="field">
        <label htmlFor="auth-login">{texts['auth.login']}</label>
        <input
          ref={loginField}
          id="auth-login"
          name="login"
          type="text"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          aria-invalid={!!error}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="auth-password">{texts['auth.password']}</label>
        <input
          ref={passwordField}
          id="auth-password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!error}
          required
        />
        <label className="checkbox">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          {texts['auth.showPassword']}
        </label>
      </div>
      {error && (
        <p id="auth-error" className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        className="btn btn--primary btn--block"
        type="submit"
        disabled={pending || waitUntil > 0}
        aria-busy={pending}
      >
        {pending ? texts['auth.submitting'] : texts['auth.submit']}
      </button>
      <p className="auth-form__links">
        <a href={recoverUrl} target="_blank" rel="noopener">
          {texts['auth.recover']}
        </a>
        <span>
          {texts['auth.noAccount']}{' '}
          <a href={registerUrl} target="_blank" rel="noopener">
            {texts['auth.register']}
          </a>
        </span>
      </p>
    </form>
  );
}
