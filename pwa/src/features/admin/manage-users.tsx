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
import { imageUrl } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { deleteUser, paths, setUserRole } from './api';

const PLACEHOLDER = '/avatar-placeholder.svg';
const ROLE_TONES = { admin: 'violet', restaurant: 'amber', charity: 'green', user: 'neutral' } as const;
// Each role change asks first: it changes what the account may do at once, and the account is told nothing.
const GRANTS: { role: Role; label: string; article: string; gives: string }[] = [
  { role: 'admin', label: 'Make Admin', article: 'an', gives: 'manage every user, donation and request' },
  { role: 'restaurant', label: 'Make Restaurant', article: 'a', gives: 'add donations for charities to request' },
  { role: 'charity', label: 'Make Charity', article: 'a', gives: 'request donations and confirm pickups' },
];

/** Manage Users: role changes and deletion, never on the admin's own account. */
export function ManageUsers() {
  const me = useSession((s) => s.user?.email?.toLowerCase());
  const state = useApi<User[]>(paths.users);
  const { busy, run } = useRowAction<string>();
  const [query, setQuery] = useState('');
  const searchId = useId();

  const grant = (u: User, role: Role) =>
    run(
      u._id,
      async () => {
        await setUserRole(u._id, role);
        state.setData((list) => list?.map((x) => (x._id === u._id ? { ...x, role } : x)));
        notify.success(`User role updated to ${role}`);
      },
      'Failed to update role',
    );

  const remove = (u: User) =>
    run(
      u._id,
      async () => {
        const res = await deleteUser(u._id);
        if (!res?.deletedCount) throw new Error('not deleted');
        state.setData((list) => list?.filter((x) => x._id !== u._id));
        notify.success('Deleted!', `${u.name || u.email} has been deleted.`);
      },
      'Failed to delete user',
    );

  const roleOf = (u: User): Role => u.role || 'user';
  const isMe = (u: User) => u.email.toLowerCase() === me;

  const actions = (u: User) =>
    isMe(u) ? (
      <span className="text-sm text-muted-foreground">This is you</span>
    ) : (
      <>
        {GRANTS.filter((g) => g.role !== roleOf(u)).map((g) => (
          <ConfirmButton
            key={g.role}
            title={`Make ${u.name || u.email} ${g.article} ${g.role}?`}
            description={`They will be able to ${g.gives}${roleOf(u) === 'user' ? '' : `, and will no longer be ${roleOf(u) === 'admin' ? 'an' : 'a'} ${roleOf(u)}`}.`}
            confirmLabel={`Yes, make ${g.role}`}
            destructive={false}
            disabled={busy === u._id}
            onConfirm={() => void grant(u, g.role)}
          >
            {g.label}
          </ConfirmButton>
        ))}
        <ConfirmButton
          title="Are you sure?"
          description="This will delete the user permanently!"
          confirmLabel="Yes, delete it!"
          disabled={busy === u._id}
          triggerClassName="text-destructive hover:bg-red-50"
          onConfirm={() => void remove(u)}
        >
          <Trash2 /> Delete
        </ConfirmButton>
      </>
    );

  const needle = query.trim().toLowerCase();
  const rows = (state.data ?? []).filter((u) => !needle || u.name?.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));

  const columns: Column<User>[] = [
    {
      header: 'Name',
      cell: (u) => (
        <div className="flex items-center gap-3">
          <Avatar url={u.photoURL} />
          <span className="font-medium text-stone-900">{u.name || 'Unknown User'}</span>
        </div>
      ),
    },
    { header: 'E-mail', cell: (u) => u.email, className: 'whitespace-nowrap' },
    { header: 'Role', cell: (u) => <RoleBadge role={roleOf(u)} /> },
    { header: 'Actions', cell: (u) => <div className="flex flex-wrap gap-2">{actions(u)}</div> },
  ];

  return (
    <RecordList
      title="Manage Users"
      description="Give accounts their role, or remove them."
      toolbar={
        <div className="relative w-full sm:w-72">
          <Label htmlFor={searchId} className="sr-only">
            Search users
          </Label>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500" aria-hidden />
          <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search by name or e-mail" className="pl-9" />
        </div>
      }
      state={state}
      rows={rows}
      columns={columns}
      errorMessage="Failed to load users."
      emptyMessage="No users found."
      card={(u) => (
        <RecordCard
          title={
            <span className="flex items-center gap-3">
              <Avatar url={u.photoURL} />
              {u.name || 'Unknown User'}
            </span>
          }
          badge={<RoleBadge role={roleOf(u)} />}
          fields={[{ label: 'E-mail', value: <EmailText email={u.email} /> }]}
          actions={actions(u)}
        />
      )}
    />
  );
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge tone={ROLE_TONES[role] ?? 'neutral'} className="capitalize">
      {role}
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
