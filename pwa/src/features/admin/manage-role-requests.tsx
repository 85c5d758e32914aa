import { useCallback, useMemo } from 'react';
import { Check, X } from 'lucide-react';
import type { CharityRequest, CharityRequestPublic } from '@foodbridge/shared/schemas/charity-request';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmailText } from '@/components/email-text';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { apiPath } from '@/lib/api-client';
import { useApi, type ApiState } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { approveCharityRequest, rejectCharityRequest } from './api';
import { MissionText } from './mission-text';
import { StatusRecordList, withStatus, type CardContent } from './status-record-list';

type Decision = 'approved' | 'rejected';

/** An admin is answered every request in full; the route's declaration also allows the public view of one. */
const isFull = (r: CharityRequest | CharityRequestPublic): r is CharityRequest => 'email' in r;

/** GET /charity-requests as an admin reads it: every request in full (the list's updates keep only those). */
function useAllRequests(): ApiState<CharityRequest[]> {
  const state = useApi(apiPath('GET /charity-requests'));
  const { data: all, setData: setAll } = state;
  const data = useMemo(() => all?.filter(isFull), [all]);
  const setData = useCallback<ApiState<CharityRequest[]>['setData']>(
    (action) => setAll((list) => (typeof action === 'function' ? action(list?.filter(isFull)) : action)),
    [setAll],
  );
  return { ...state, data, setData };
}

/** US dollars in the reader's language: '$25' ('narrowSymbol': en-GB would say 'US$25'). */
const DOLLARS: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 2, minimumFractionDigits: 0 };

/** The fee paid with the request, and the payment's reference for looking it up with the card provider. */
function Payment({ r }: { r: CharityRequest }) {
  const i18n = useI18n();
  return (
    <>
      <div className="font-medium text-stone-900">{i18n._('admin.roles.paid', { amount: i18n.number(r.paymentAmount, DOLLARS) })}</div>
      <div className="break-all font-mono text-xs text-muted-foreground">{r.paymentId}</div>
    </>
  );
}

/**
 * Manage Charity Role Requests: approve (grants the charity role) or reject, only while pending, each after a
 * confirmation, with the whole mission and the payment in view.
 */
export function ManageRoleRequests() {
  const i18n = useI18n();
  const state = useAllRequests();
  const { busy, run } = useRowAction<{ id: string; decision: Decision }>();

  const decide = (r: CharityRequest, decision: Decision) =>
    run(
      { id: r._id, decision },
      async () => {
        await (decision === 'approved' ? approveCharityRequest(r._id) : rejectCharityRequest(r._id));
        state.setData((list) => withStatus(list, r._id, decision));
        notify.success(decision === 'approved' ? i18n._('admin.roles.approved') : i18n._('admin.roles.rejected'));
      },
      i18n._('admin.roles.updateFailed'),
    );

  const actions = (r: CharityRequest) => {
    const open = r.status === 'pending';
    const inFlight = busy?.id === r._id;
    const who = r.name || r.email;
    return (
      <>
        <ConfirmButton
          title={i18n._('admin.roles.approveTitle', { who })}
          description={i18n._('admin.roles.approveDescription', { who, organization: r.organization })}
          confirmLabel={i18n._('admin.roles.approveConfirm')}
          destructive={false}
          variant="default"
          disabled={!open || inFlight}
          onConfirm={() => void decide(r, 'approved')}
        >
          <Check /> {inFlight && busy.decision === 'approved' ? i18n._('admin.roles.approving') : i18n._('admin.roles.approve')}
        </ConfirmButton>
        <ConfirmButton
          title={i18n._('admin.roles.rejectTitle', { who })}
          description={i18n._('admin.roles.rejectDescription', { who })}
          confirmLabel={i18n._('admin.roles.rejectConfirm')}
          disabled={!open || inFlight}
          triggerClassName="text-destructive hover:bg-red-50"
          onConfirm={() => void decide(r, 'rejected')}
        >
          <X /> {inFlight && busy.decision === 'rejected' ? i18n._('admin.roles.rejecting') : i18n._('admin.roles.reject')}
        </ConfirmButton>
      </>
    );
  };

  const card = (r: CharityRequest): CardContent => ({
    title: r.name,
    fields: [
      { label: i18n._('admin.roles.email'), value: <EmailText email={r.email} /> },
      { label: i18n._('admin.roles.organization'), value: r.organization },
      { label: i18n._('admin.roles.payment'), value: <Payment r={r} /> },
      { label: i18n._('admin.roles.requested'), value: formatDate(r.requestedAt, i18n) },
    ],
    note: (
      <>
        <span className="mb-1 block font-medium text-stone-900">{i18n._('admin.roles.mission')}</span>
        <MissionText text={r.mission} />
      </>
    ),
  });

  const columns: Column<CharityRequest>[] = [
    {
      header: i18n._('admin.roles.nameEmail'),
      cell: (r) => (
        <>
          <div className="font-medium text-stone-900">{r.name}</div>
          <div className="text-xs text-muted-foreground">
            <EmailText email={r.email} />
          </div>
          <div className="text-xs text-muted-foreground">{i18n._('admin.roles.requestedOn', { date: formatDate(r.requestedAt, i18n) })}</div>
        </>
      ),
      className: 'min-w-44 max-w-56',
    },
    { header: i18n._('admin.roles.organization'), cell: (r) => r.organization, className: 'max-w-40' },
    { header: i18n._('admin.roles.mission'), cell: (r) => <MissionText text={r.mission} />, className: 'min-w-56 max-w-80' },
    { header: i18n._('admin.roles.payment'), cell: (r) => <Payment r={r} />, className: 'max-w-36' },
  ];

  return (
    <StatusRecordList
      title={i18n._('admin.roles.title')}
      description={i18n._('admin.roles.description')}
      state={state}
      columns={columns}
      actions={actions}
      stackActions
      errorMessage={i18n._('admin.roles.loadFailed')}
      emptyMessage={i18n._('admin.roles.empty')}
      card={card}
    />
  );
}
