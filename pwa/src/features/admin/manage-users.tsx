import { useId, useState } from 'react';
import { Search, Trash2 } from 'lucide-react';
import type { Role } from '@foodbridge/shared/constants';
import type { User } from '@foodbridge/shared/schemas/user';
import { RecordCard, RecordList, type Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Input, Label } from '@/components/ui/input';
import { EmailText } from '@/components/email-text';
import { useSession } from '@/lib/auth/session-store';
import { apiPath, imageUrl } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { roleLabel } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { deleteUser, setUserRole } from './api';

const PLACEHOLDER = '/avatar-placeholder.svg';
const ROLE_TONES = { admin: 'violet', restaurant: 'amber', charity: 'green', user: 'neutral' } as const;
// Each role change asks first: it changes what the account may do at once, and the account is told nothing.
// Message ids: the button, and the confirmation's title (with `who`), text (with the role held now, `current`) and button.
const GRANTS: { role: Role; label: string; title: string; description: string; confirm: string }[] = [
  {
    role: 'admin',
    label: /*i18n*/ 'admin.users.makeAdmin',
    title: /*i18n*/ 'admin.users.makeAdmin.title',
    description: /*i18n*/ 'admin.users.makeAdmin.description',
    confirm: /*i18n*/ 'admin.users.makeAdmin.confirm',
  },
  {
    role: 'restaurant',
    label: /*i18n*/ 'admin.users.makeRestaurant',
    title: /*i18n*/ 'admin.users.makeRestaurant.title',
    description: /*i18n*/ 'admin.users.makeRestaurant.description',
    confirm: /*i18n*/ 'admin.users.makeRestaurant.confirm',
  },
  {
    role: 'charity',
    label: /*i18n*/ 'admin.users.makeCharity',
    title: /*i18n*/ 'admin.users.makeCharity.title',
    description: /*i18n*/ 'admin.users.makeCharity.description',
    confirm: /*i18n*/ 'admin.users.makeCharity.confirm',
  },
];

/** Manage Users: role changes and deletion, never on the admin's own account. */
export function ManageUsers() {
  const i18n = useI18n();
  const me = useSession((s) => s.user?.email?.toLowerCase());
  const state = useApi(apiPath('GET /users'));
  const { busy, run } = useRowAction<string>();
  const [query, setQuery] = useState('');
  const searchId = useId();

  const grant = (u: User, role: Role) =>
    run(
      u._id,
      async () => {
        await setUserRole(u._id, role);
        state.setData((list) => list?.map((x) => (x._id === u._id ? { ...x, role } : x)));
        notify.success(i18n._('admin.users.roleUpdated', { role: roleLabel(i18n, role) }));
      },
      i18n._('admin.users.roleFailed'),
    );

  const remove = (u: User) =>
    run(
      u._id,
      async () => {
        const res = await deleteUser(u._id);
        if (!res?.deletedCount) throw new Error('not deleted');
        state.setData((list) => list?.filter((x) => x._id !== u._id));
        notify.success(i18n._('admin.users.deletedTitle'), i18n._('admin.users.deleted', { who: u.name || u.email }));
      },
      i18n._('admin.users.deleteFailed'),
    );

  const roleOf = (u: User): Role => u.role || 'user';
  const isMe = (u: User) => u.email.toLowerCase() === me;

  const actions = (u: User) =>
    isMe(u) ? (
      <span className="text-sm text-muted-foreground">{i18n._('admin.users.thisIsYou')}</span>
    ) : (
      <>
        {GRANTS.filter((g) => g.role !== roleOf(u)).map((g) => (
          <ConfirmButton
            key={g.role}
            title={i18n._(g.title, { who: u.name || u.email })}
            description={i18n._(g.description, { current: roleOf(u) })}
            confirmLabel={i18n._(g.confirm)}
            destructive={false}
            disabled={busy === u._id}
            onConfirm={() => void grant(u, g.role)}
          >
            {i18n._(g.label)}
          </ConfirmButton>
        ))}
        <ConfirmButton
          title={i18n._('admin.users.deleteTitle')}
          description={i18n._('admin.users.deleteDescription')}
          confirmLabel={i18n._('admin.users.deleteConfirm')}
          disabled={busy === u._id}
          triggerClassName="text-destructive hover:bg-red-50"
          onConfirm={() => void remove(u)}
        >
          <Trash2 /> {i18n._('admin.users.delete')}
        </ConfirmButton>
      </>
    );

  const needle = query.trim().toLowerCase();
  const rows = (state.data ?? []).filter((u) => !needle || u.name?.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));

  const columns: Column<User>[] = [
    {
      header: i18n._('admin.users.name'),
      cell: (u) => (
        <div className="flex items-center gap-3">
          <Avatar url={u.photoURL} />
          <span className="font-medium text-stone-900">{u.name || i18n._('admin.users.unknown')}</span>
        </div>
      ),
    },
    { header: i18n._('admin.users.email'), cell: (u) => u.email, className: 'whitespace-nowrap' },
    { header: i18n._('admin.users.role'), cell: (u) => <RoleBadge role={roleOf(u)} /> },
    { header: i18n._('admin.list.actions'), cell: (u) => <div className="flex flex-wrap gap-2">{actions(u)}</div> },
  ];

  return (
    <RecordList
      title={i18n._('admin.users.title')}
      description={i18n._('admin.users.description')}
      toolbar={
        <div className="relative w-full sm:w-72">
          <Label htmlFor={searchId} className="sr-only">
            {i18n._('admin.users.search')}
          </Label>
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-500" aria-hidden />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={i18n._('admin.users.searchPlaceholder')}
            className="ps-9"
          />
        </div>
      }
      state={state}
      rows={rows}
      columns={columns}
      errorMessage={i18n._('admin.users.loadFailed')}
      emptyMessage={i18n._('admin.users.empty')}
      card={(u) => (
        <RecordCard
          title={
            <span className="flex items-center gap-3">
              <Avatar url={u.photoURL} />
              {u.name || i18n._('admin.users.unknown')}
            </span>
          }
          badge={<RoleBadge role={roleOf(u)} />}
          fields={[{ label: i18n._('admin.users.email'), value: <EmailText email={u.email} /> }]}
          actions={actions(u)}
        />
      )}
    />
  );
}

function RoleBadge({ role }: { role: Role }) {
  const i18n = useI18n();
  return (
    <Badge tone={ROLE_TONES[role] ?? 'neutral'} className="capitalize">
      {roleLabel(i18n, role)}
    </Badge>
  );
}

function Avatar({ url }: { url: string | undefined }) {
  return (
    <img
      src={imageUrl(url, 96) || PLACEHOLDER}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(PLACEHOLDER)) e.currentTarget.src = PLACEHOLDER;
      }}
      alt=""
      width={36}
      height={36}
      loading="lazy"
      className="size-9 shrink-0 rounded-full bg-stone-100 object-cover"
    />
  );
}
