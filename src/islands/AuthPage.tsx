/** /auth: sign in, or create an account (spec sections 2, 4, 5 and 8). */
import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type SubmitEvent } from 'react';
import { Tabs } from 'radix-ui';
import { ApiError, api } from '../lib/api.ts';
import { setUser } from '../lib/auth-state.ts';
import { flashToast, toast, type ToastMessage } from '../lib/toast.ts';
import type { AppUser } from '../domain/user.ts';
import { useAuth } from '../lib/use-auth.ts';
import { MIN_PASSWORD_LENGTH } from '../domain/auth-limits.ts';
import { ui } from './ui.ts';

const DASHBOARD = '/dashboard';

/**
 * Set once a form has signed the visitor in and sent them on: the page's own redirect of a signed-in visitor must not
 * start a second navigation, which would cancel the first one mid-flight.
 */
let leaving = false;

/**
 * Replaces /auth in the history: Back from the dashboard returns to the page the visitor came from, not to a sign-in
 * page that would only send them forward again.
 */
function goToDashboard(): void {
  window.location.replace(DASHBOARD);
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.description ? error.description : 'Please check your email and password.';
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
}

function Field({ id, label, value, onValue, hint, ...input }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        className={ui.input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

interface CredentialsSubmit {
  email: string;
  password: string;
  /** Calls the API; the user it answers with is signed in. */
  send: () => Promise<{ user: AppUser }>;
  welcome: (user: AppUser) => ToastMessage;
  failure: (error: unknown) => ToastMessage;
}

/**
 * The submit shared by both forms: the spec's message for missing fields, then the call,
 * then the welcome toast carried to /dashboard, or the failure toast here.
 */
function useCredentialsSubmit(options: CredentialsSubmit) {
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!options.email.trim() || !options.password) {
      toast({ title: 'Please enter email and password', variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const { user } = await options.send();
      leaving = true;
      setUser(user);
      flashToast(options.welcome(user));
      goToDashboard();
    } catch (error) {
      toast(options.failure(error));
      setBusy(false);
    }
  }
  return { busy, submit };
}

function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, submit } = useCredentialsSubmit({
    email,
    password,
    send: () => api.signIn(email.trim(), password),
    welcome: (user) => ({ title: 'Welcome back!', description: `You have been signed in as ${user.email}.`, variant: 'success' }),
    failure: (error) => ({ title: 'Authentication failed', description: failureMessage(error), variant: 'error' }),
  });

  return (
    // noValidate: the spec's own message answers empty fields, not the browser's bubble.
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in">
      <Field id="sign-in-email" label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} />
      <Field id="sign-in-password" label="Password" type="password" autoComplete="current-password" value={password} onValue={setPassword} />
      <button type="submit" className={`${ui.primaryButton} w-full`} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}

function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const { busy, submit } = useCredentialsSubmit({
    email,
    password,
    send: () => api.signUp({ email: email.trim(), password, displayName: displayName.trim() || undefined }),
    welcome: (user) => ({ title: 'Account created', description: `You are signed in as ${user.email}.`, variant: 'success' }),
    failure: (error) => ({ title: 'Sign up failed', description: error instanceof ApiError ? error.description : 'Please try again.', variant: 'error' }),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create account">
      <Field id="sign-up-email" label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} />
      <Field
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={password}
        onValue={setPassword}
      />
      <Field
        id="sign-up-name"
        label={
          <>
            Display name <span className="font-normal text-ink-muted">(optional)</span>
          </>
        }
        type="text"
        autoComplete="nickname"
        value={displayName}
        onValue={setDisplayName}
      />
      <button type="submit" className={`${ui.primaryButton} w-full`} disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}

export default function AuthPage() {
  const auth = useAuth();
  const signedIn = auth.status === 'ready' && auth.user !== null;

  useEffect(() => {
    if (signedIn && !leaving) goToDashboard();
  }, [signedIn]);

  const tab = 'rounded-full px-4 py-2 text-sm font-semibold text-ink-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow';
  return (
    <div className={`${ui.card} mx-auto w-full max-w-md p-6 sm:p-8`}>
      <Tabs.Root defaultValue="sign-in">
        <Tabs.List aria-label="Sign in or create an account" className="mb-6 grid grid-cols-2 gap-1 rounded-full bg-muted p-1">
          <Tabs.Trigger value="sign-in" className={tab}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="sign-up" className={tab}>
            Create Account
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sign-in">
          <SignInForm />
        </Tabs.Content>
        <Tabs.Content value="sign-up">
          <SignUpForm />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
