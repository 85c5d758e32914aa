import { useId, useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { downloadFile } from '@/lib/api-files';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage, notify } from '@/lib/notify';

export type ExportKind = 'donations' | 'pickups' | 'users';

const LABELS: Record<ExportKind, string> = {
  donations: /*i18n*/ 'export.kind.donations',
  pickups: /*i18n*/ 'export.kind.pickups',
  users: /*i18n*/ 'export.kind.users',
};

/** GET /exports/{kind}.csv with the range that is set (dates, both ends included). */
export function exportPath(kind: ExportKind, from: string, to: string): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const text = query.toString();
  return `/exports/${kind}.csv${text ? `?${text}` : ''}`;
}

/**
 * 'Download as CSV' for the records a screen lists (issue 12): a restaurant's donations for its tax receipts, a
 * charity's pickups, an admin's everything. Folded until wanted; the date range is optional at either end.
 */
export function ExportPanel({ kinds }: { kinds: ExportKind[] }) {
  const i18n = useI18n();
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<ExportKind | null>(null);

  async function download(kind: ExportKind, e?: FormEvent) {
    e?.preventDefault();
    setBusy(kind);
    try {
      const name = await downloadFile(exportPath(kind, from, to), `${kind}.csv`);
      notify.success(i18n._('export.started'), name);
    } catch (err) {
      notify.error(i18n._('export.failed'), errorMessage(err, i18n._('common.tryAgainLater')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <details className="mb-6 rounded-[var(--radius-card)] border border-border bg-white p-4 [&_summary]:cursor-pointer">
      <summary className="font-semibold text-stone-900">{i18n._('export.title')}</summary>
      <form onSubmit={(e) => void download(kinds[0]!, e)} className="mt-4 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-from`}>{i18n._('export.from')}</Label>
          <Input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-to`}>{i18n._('export.to')}</Label>
          <Input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="flex flex-wrap gap-2">
          {kinds.map((kind, i) => (
            <Button
              key={kind}
              type={i === 0 ? 'submit' : 'button'}
              variant="outline"
              disabled={busy !== null}
              onClick={i === 0 ? undefined : () => void download(kind)}
            >
              <Download aria-hidden /> {busy === kind ? i18n._('export.preparing') : i18n._('export.button', { kind: i18n._(LABELS[kind]) })}
            </Button>
          ))}
        </div>
      </form>
      <p className="mt-3 text-sm text-muted-foreground">{i18n._('export.hint')}</p>
    </details>
  );
}
