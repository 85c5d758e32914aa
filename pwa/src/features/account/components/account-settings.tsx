import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { EmailText } from '@/components/email-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-store';
import { useAuthConfig } from '@/lib/auth/use-auth-config';
import { useI18n } from '@/lib/i18n/i18n';
import { myOrganisationPath } from '@/lib/my-organisation';
import { errorMessage } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { downloadMyData } from '../api';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NamePhotoDialog } from './name-photo-dialog';

type Said = { tone: 'done' | 'failed'; text: string };

/**
 * 'Account' on every role's profile: name and picture, e-mail, password, the download of the account's data and its
 * deletion. A founding account's name and picture are its organisation's (ADR 018), changed with the profile above
 * by its leads, so they are not offered here. With Firebase the e-mail and password belong to the sign-in provider,
 * and are changed there.
 */
export function AccountSettings() {
  const i18n = useI18n();
  const user = useSession((s) => s.user);
  const inOrganisation = useSession((s) => s.role === 'restaurant' || s.role === 'charity');
  const organisation = useApi(inOrganisation ? myOrganisationPath : null);
  const config = useAuthConfig();
  const [said, setSaid] = useState<Said | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (!user) return null;
  // Unknown until the organisation is read (offered then, to a member); offered anyway if it cannot be.
  const nameAndPhoto = !inOrganisation || (organisation.data ? organisation.data._id !== user.id : organisation.error !== undefined);
  const firebase = config?.provider === 'firebase';
  const done = (text: string) => setSaid({ tone: 'done', text });

  async function download() {
    setDownloading(true);
    setSaid(null);
    try {
      done(i18n._('account.data.saved', { file: await downloadMyData() }));
    } catch (err) {
      setSaid({ tone: 'failed', text: errorMessage(err, i18n._('account.data.failed')) });
    } finally {
      setDownloading(false);
    }
  }

  // Until the server's mode (config) is known, nothing is offered that the mode decides.
  const managed = <p className="text-sm text-muted-foreground">{i18n._('account.managedByProvider')}</p>;
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" role="region" aria-labelledby="account-settings-title">
      <CardHeader>
        <CardTitle id="account-settings-title">{i18n._('account.settings.title')}</CardTitle>
        <CardDescription>{i18n._('account.settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {/* Always in the page, so that a screen reader hears each new result as it is written in. */}
        <div aria-live="polite" aria-atomic="true">
          {said && (
            <p
              className={`rounded-lg border px-3 py-2 text-sm text-stone-900 ${said.tone === 'done' ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
            >
              {said.text}
            </p>
          )}
        </div>
        <ul className="divide-y divide-border">
          {nameAndPhoto && (
            <Setting title={i18n._('account.namePhoto.label')} value={user.name}>
              <NamePhotoDialog onDone={done} />
            </Setting>
          )}
          <Setting title={i18n._('account.email.label')} value={<EmailText email={user.email} />}>
            {config && (firebase ? managed : <ChangeEmailDialog onDone={done} />)}
          </Setting>
          <Setting title={i18n._('account.password.label')} value={i18n._('account.password.value')}>
            {config && (firebase ? managed : <ChangePasswordDialog onDone={done} />)}
          </Setting>
          <Setting title={i18n._('account.data.label')} value={i18n._('account.data.description')}>
            <Button variant="outline" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
              <Download aria-hidden /> {downloading ? i18n._('account.data.preparing') : i18n._('account.data.download')}
            </Button>
          </Setting>
        </ul>
        <section aria-labelledby="account-delete-title" className="rounded-lg border border-red-200 bg-red-50/50 p-4">
          <h4 id="account-delete-title" className="font-semibold text-red-800">
            {i18n._('account.delete.label')}
          </h4>
          <p className="mb-3 mt-1 text-sm text-stone-700">{i18n._('account.delete.description')}</p>
          {config && <DeleteAccountDialog firebase={firebase} />}
        </section>
      </CardContent>
    </Card>
  );
}

/** One row: what it is and its value now, with its action beside (below, on a phone). */
function Setting({ title, value, children }: { title: string; value: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h4 className="text-sm font-semibold text-stone-900">{title}</h4>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{value}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </li>
  );
}
