import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { LoginSchema } from '@foodbridge/shared/schemas/user';
import { signIn } from '@/lib/auth/sign-in';
import { useSession } from '@/lib/auth/session-store';
import { useAuthConfig } from '@/lib/auth/use-auth-config';
import { notify } from '@/lib/notify';
import { signedOutReason } from '@/lib/signed-out-reason';
import { useGoBack } from './after-sign-in';
import { safeRedirect } from './safe-redirect';
import { authErrorMessage } from './auth-errors';
import { AuthCard, FormAlert, SubmitButton } from './auth-card';
import { EmailField, PasswordField, useFieldErrors } from './auth-fields';
import { firstErrors } from '@/lib/form-errors';
import { GoogleButton } from './google-button';
import { LanguageSelect } from '@/components/language-select';
import { useI18n } from '@/lib/i18n/i18n';
import { preloadEngine } from '@/lib/db/preload-engine';

export function LoginPage({ redirect: requested }: { redirect?: unknown }) {
  const i18n = useI18n();
  const redirect = safeRedirect(requested);
  const user = useSession((s) => s.user);
  const ready = useSession((s) => s.ready);
  // Google sign-in needs Firebase: on the built-in provider there is no button at all rather than one that fails.
  const googleOffered = useAuthConfig()?.provider === 'firebase';
  const { errors, setErrors, clearOnChange } = useFieldErrors();
  // Signed out by the server (the account was removed): said here too, as its toast may have gone by unseen.
  const [formError, setFormError] = useState<string | null>(signedOutReason.read);
  useEffect(() => signedOutReason.clear(), []);
  // The local store opens right after sign-in: its engine downloads while the form is filled in, not after the click.
  useEffect(() => preloadEngine(), []);
  const [submitting, setSubmitting] = useState(false);
  // Set while this page signs someone in, so the "already signed in" redirect does not race the success path.
  const signingIn = useRef(false);
  const goBack = useGoBack(redirect);

  const succeed = async () => {
    notify.authSuccess(i18n._('login.success'));
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
      setFormError(authErrorMessage(err, i18n._('login.failed')));
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
    <div className="flex w-full max-w-md flex-col gap-3">
      {/* Here as well as in the navbar: someone who cannot read the page must find their language where they sign in. */}
      <LanguageSelect className="flex self-end" />
      <AuthCard
        title={i18n._('login.title')}
        subtitle={i18n._('login.subtitle')}
        google={googleOffered && <GoogleButton disabled={submitting} signingIn={signingIn} onSignedIn={succeed} />}
        footer={
          <>
            {i18n._('login.newHere')}{' '}
            <Link to="/registration" search={redirect ? { redirect } : {}} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
              {i18n._('login.createAccount')}
            </Link>
          </>
        }
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearOnChange} className="flex flex-col gap-4">
          <EmailField id="login-email" error={errors.email} />
          <PasswordField id="login-password" autoComplete="current-password" error={errors.password} />
          <Link to="/forgot-password" className="-mt-2 self-end py-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
            {i18n._('login.forgotPassword')}
          </Link>
          <FormAlert message={formError} />
          <SubmitButton busy={submitting} busyLabel={i18n._('login.busy')}>
            {i18n._('login.submit')}
          </SubmitButton>
        </form>
      </AuthCard>
    </div>
  );
}
