import { useState, type FormEvent } from 'react';
import { CharityRequestCreateSchema } from '@foodbridge/shared/schemas/charity-request';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/input';
import { issueMessage } from '@/lib/form-errors';
import { useI18n } from '@/lib/i18n/i18n';
import { feeText } from '../fee';

export interface CharityRequestDraft {
  organization: string;
  mission: string;
}

const DraftSchema = CharityRequestCreateSchema.pick({ organization: true, mission: true });
type Errors = Partial<Record<keyof CharityRequestDraft, string>>;

export function CharityRequestForm({
  name,
  email,
  initial,
  preparing,
  onProceed,
}: {
  name: string;
  email: string;
  initial: CharityRequestDraft;
  preparing: boolean;
  onProceed: (draft: CharityRequestDraft) => void;
}) {
  const i18n = useI18n();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = DraftSchema.safeParse(draft);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof CharityRequestDraft;
        next[key] ??= issueMessage(issue);
      }
      setErrors(next);
      document.getElementById(`charity-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    onProceed(parsed.data);
  }

  const update = (key: keyof CharityRequestDraft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [key]: e.target.value }));
    if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
  };

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle>{i18n._('charityRole.form.title')}</CardTitle>
        <CardDescription>{i18n._('charityRole.form.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field id="charity-name" label={i18n._('charityRole.form.name')}>
              <Input id="charity-name" value={name} readOnly aria-readonly className="bg-muted" />
            </Field>
            <Field id="charity-email" label={i18n._('charityRole.form.email')}>
              <Input id="charity-email" type="email" value={email} readOnly aria-readonly className="bg-muted" />
            </Field>
          </div>
          <Field id="charity-organization" label={i18n._('charityRole.form.organization')} error={errors.organization}>
            <Input
              id="charity-organization"
              value={draft.organization}
              onChange={update('organization')}
              maxLength={200}
              autoComplete="organization"
              aria-invalid={!!errors.organization}
              aria-describedby={errors.organization ? 'charity-organization-error' : undefined}
            />
          </Field>
          <Field id="charity-mission" label={i18n._('charityRole.form.mission')} error={errors.mission}>
            <Textarea
              id="charity-mission"
              value={draft.mission}
              onChange={update('mission')}
              maxLength={2000}
              rows={5}
              aria-invalid={!!errors.mission}
              aria-describedby={errors.mission ? 'charity-mission-error' : undefined}
            />
          </Field>
          <p className="rounded-lg bg-accent-100 px-4 py-3 text-sm font-medium text-amber-950">
            {i18n._('charityRole.form.feeNotice', { fee: feeText(i18n) })}
          </p>
          <Button type="submit" size="lg" disabled={preparing}>
            {preparing ? i18n._('charityRole.form.preparing') : i18n._('charityRole.form.proceed')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
