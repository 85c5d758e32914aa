import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { ImagePlus } from 'lucide-react';
import { IMAGE_TYPES } from '@foodbridge/shared/constants';
import { RegisterSchema } from '@foodbridge/shared/schemas/user';
import { errorAria } from '@/components/field-aria';
import { Field, Input } from '@/components/ui/input';
import { signUp } from '@/lib/auth/sign-in';
import { preloadEngine } from '@/lib/db/preload-engine';
import { useSession } from '@/lib/auth/session-store';
import { useAuthConfig } from '@/lib/auth/use-auth-config';
import { notify } from '@/lib/notify';
import { useGoBack } from './after-sign-in';
import { safeRedirect } from './safe-redirect';
import { saveProfilePhoto } from './api';
import { authErrorMessage } from './auth-errors';
import { AuthCard, FormAlert, SubmitButton } from './auth-card';
import { EmailField, PasswordField, useFieldErrors } from './auth-fields';
import { firstErrors } from '@/lib/form-errors';
import { GoogleButton } from './google-button';
import { LanguageSelect } from '@/components/language-select';
import { IMAGE_MAX_MB, useProfilePhoto, type ProfilePhoto } from './use-profile-photo';
import { useI18n } from '@/lib/i18n/i18n';

function PhotoStatus({ photo, error }: { photo: ProfilePhoto; error: string | null }) {
  const i18n = useI18n();
  if (error) {
    return (
      <p id="reg-photo-error" role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  }
  switch (photo.state) {
    case 'uploading': {
      const percent = Math.round(photo.progress * 100);
      return (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={i18n._('register.photo.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">{i18n._('register.photo.uploadingPercent', { percent })}</p>
        </div>
      );
    }
    case 'done':
      return <p className="text-xs font-medium text-brand-800">{i18n._('register.photo.done')}</p>;
    case 'deferred':
      return <p className="text-xs text-muted-foreground">{i18n._('register.photo.deferred')}</p>;
    case 'failed':
      return (
        <p id="reg-photo-error" role="alert" className="text-sm text-destructive">
          {i18n._('register.photo.failed', { message: photo.message })}
        </p>
      );
    default:
      return <p className="text-xs text-muted-foreground">{i18n._('register.photo.hint', { size: IMAGE_MAX_MB })}</p>;
  }
}

export function RegistrationPage({ redirect: requested }: { redirect?: unknown }) {
  const i18n = useI18n();
  // As on the login page: a new account's local store opens right after sign-up, with its engine and storage ready.
  useEffect(() => preloadEngine(), []);
  const redirect = safeRedirect(requested);
  const user = useSession((s) => s.user);
  const ready = useSession((s) => s.ready);
  // Google sign-in needs Firebase: on the built-in provider there is no button at all rather than one that fails.
  const googleOffered = useAuthConfig()?.provider === 'firebase';
  const navigate = useNavigate();
  const goBack = useGoBack(redirect);
  const { photo, choiceError, choose, uploadNow } = useProfilePhoto();
  const { errors, setErrors, clearOnChange } = useFieldErrors();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [step, setStep] = useState<'idle' | 'creating' | 'uploading'>('idle');
  // Set while this page creates the account, so the "already signed in" redirect does not race the success path.
  const registering = useRef(false);

  const welcome = async () => {
    notify.successWithAction(i18n._('register.welcome.title'), i18n._('register.welcome.text'), {
      label: i18n._('register.welcome.goHome'),
      onClick: () => void navigate({ to: '/' }),
    });
    await goBack();
  };

  const attachDeferredPhoto = async () => {
    setStep('uploading');
    try {
      const url = await uploadNow();
      await saveProfilePhoto(url);
      const session = useSession.getState();
      if (session.user) session.setSession({ ...session.user, photoURL: url }, session.role);
    } catch (err) {
      // The account exists; a missing picture must not undo the registration.
      console.error(err);
      notify.warning(i18n._('register.photoNotSaved.title'), i18n._('register.photoNotSaved.text'));
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = RegisterSchema.safeParse({ name: form.get('name'), email: form.get('email'), password: form.get('password') });
    setFormError(null);
    setErrors(parsed.success ? {} : firstErrors(parsed.error.issues));
    if (photo.state === 'none' || photo.state === 'failed') {
      const missing = i18n._('register.photo.missing');
      setPhotoError(missing);
      notify.error(i18n._('register.photo.missingTitle'), missing);
      return;
    }
    setPhotoError(null);
    if (photo.state === 'uploading') {
      notify.warning(i18n._('register.photo.waitTitle'), i18n._('register.photo.wait'));
      return;
    }
    if (!parsed.success) return;

    setStep('creating');
    registering.current = true;
    try {
      await signUp({ ...parsed.data, photoURL: photo.state === 'done' ? photo.url : undefined });
    } catch (err) {
      registering.current = false;
      setStep('idle');
      const message = authErrorMessage(err, i18n._('register.failed'));
      setFormError(message);
      notify.error(i18n._('register.failedTitle'), message);
      return;
    }
    if (photo.state === 'deferred') await attachDeferredPhoto();
    await welcome();
    setStep('idle');
  };

  if (ready && user && !registering.current) return <Navigate to="/" replace />;

  const busy = step !== 'idle';
  return (
    <div className="flex w-full max-w-md flex-col gap-3">
      {/* As on the login page: the language is found where the account is made, and the new account keeps it. */}
      <LanguageSelect className="flex self-end" />
      <AuthCard
        title={i18n._('register.title')}
        subtitle={i18n._('register.subtitle')}
        google={googleOffered && <GoogleButton disabled={busy} signingIn={registering} onSignedIn={welcome} />}
        footer={
          <>
            {i18n._('register.haveAccount')}{' '}
            {/* The spec spells this link /logIn; the router matches paths case-insensitively, so it opens /login. */}
            <Link
              to={'/logIn' as '/login'}
              search={redirect ? { redirect } : {}}
              className="font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {i18n._('register.login')}
            </Link>
          </>
        }
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearOnChange} className="flex flex-col gap-4">
          <Field id="reg-name" label={i18n._('register.name')} error={errors.name}>
            <Input id="reg-name" name="name" autoComplete="name" {...errorAria('reg-name', errors.name)} />
          </Field>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="reg-photo" className="text-sm font-medium text-foreground">
              {i18n._('register.photo.label')}
            </label>
            <div className="flex items-center gap-4">
              <span className="inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border border-border bg-stone-100 text-stone-400">
                {photo.state === 'none' ? (
                  <ImagePlus className="size-6" aria-hidden />
                ) : (
                  <img src={photo.preview} alt={i18n._('register.photo.alt')} width={64} height={64} className="size-full object-cover" />
                )}
              </span>
              <input
                id="reg-photo"
                name="photo"
                type="file"
                accept={IMAGE_TYPES.join(',')}
                disabled={busy}
                aria-invalid={!!(photoError || choiceError || photo.state === 'failed')}
                aria-describedby="reg-photo-error"
                onChange={(e) => {
                  setPhotoError(null);
                  choose(e.currentTarget.files?.[0]);
                }}
                className="w-full min-w-0 text-sm text-stone-700 file:me-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-border file:bg-white file:px-4 file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-muted"
              />
            </div>
            <PhotoStatus photo={photo} error={photoError ?? choiceError} />
          </div>
          <EmailField id="reg-email" error={errors.email} />
          <PasswordField id="reg-password" autoComplete="new-password" error={errors.password} hint={i18n._('auth.passwordHint')} />
          <FormAlert message={formError} />
          <SubmitButton busy={busy} busyLabel={step === 'uploading' ? i18n._('register.busy.uploading') : i18n._('register.busy.creating')}>
            {i18n._('register.submit')}
          </SubmitButton>
        </form>
      </AuthCard>
    </div>
  );
}
