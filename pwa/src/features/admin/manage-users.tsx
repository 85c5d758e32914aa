import { useId, useState, type ReactNode } from 'react';
import { Search, Trash2 } from 'lucide-react';
import type { Role } from '@foodbridge/shared/constants';
import type { User } from '@foodbridge/shared/schemas/user';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useSession } from '@/features/auth/session-store';
import { imageUrl } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { deleteUser, paths, setUserRole } from './api';
import { RecordCard, ResponsiveRecords } from './record-card';

const PLACEHOLDER = '/avatar-placeholder.svg';
const ROLE_TONES = { admin: 'violet', restaurant: 'amber', charity: 'green', user: 'neutral' } as const;
const GRANTS: { role: Role; label: string }[] = [
  { role: 'admin', label: 'Make Admin' },
  { role: 'restaurant', label: 'Make Restaurant' },
  { role: 'charity', label: 'Make Charity' },
];

/** Manage Users: role changes and deletion, never on the admin's own account. */
export function ManageUsers() {
  const me = useSession((s) => s.user?.email?.toLowerCase());
  const { data, error, loading, reload, setData } = useApi<User[]>(paths.users);
  const [busy, setBusy] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const searchId = useId();

  async function grant(u: User, role: Role) {
    setBusy(u._id);
    try {
      await setUserRole(u._id, role);
      setData((list) => list?.map((x) => (x._id === u._id ? { ...x, role } : x)));
      notify.success(`User role updated to ${role}`);
    } catch {
      notify.error('Error', 'Failed to update role');
    } finally {
      setBusy(null);
    }
  }

  async function remove(u: User) {
    setBusy(u._id);
    try {
      const res = await deleteUser(u._id);
      if (!res?.deletedCount) throw new Error('not deleted');
      setData((list) => list?.filter((x) => x._id !== u._id));
      notify.success('Deleted!', `${u.name || u.email} has been deleted.`);
    } catch {
      notify.error('Error', 'Failed to delete user');
    } finally {
      setBusy(null);
    }
  }

  const roleOf = (u: User): Role => u.role || 'user';
  const isMe = (u: User) => u.email.toLowerCase() === me;

  const actions = (u: User) =>
    isMe(u) ? (
      <span className="text-sm text-muted-foreground">This is you</span>
    ) : (
      <>
        {GRANTS.filter((g) => g.role !== roleOf(u)).map((g) =>
          // Admin is the one grant that hands over the whole platform: it asks first.
          g.role === 'admin' ? (
            <ConfirmButton
              key={g.role}
              title="Make this user an admin?"
              description={`${u.name || u.email} will be able to manage every user, donation and request.`}
              confirmLabel="Yes, make admin"
              destructive={false}
              disabled={busy === u._id}
              onConfirm={() => void grant(u, g.role)}
            >
              {g.label}
            </ConfirmButton>
          ) : (
            <Button key={g.role} size="sm" variant="outline" disabled={busy === u._id} onClick={() => void grant(u, g.role)}>
              {g.label}
            </Button>
          ),
        )}
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
  const rows = (data ?? []).filter((u) => !needle || u.name?.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));

  let body: ReactNode;
  if (loading && !data) body = <TableSkeleton />;
  else if (error) body = <ErrorState message="Failed to load users." onRetry={reload} />;
  else if (rows.length === 0) body = <EmptyState message="No users found." />;
  else
    body = (
      <ResponsiveRecords
        table={
          <Table>
            <THead>
              <TR>
                <TH>Name</TH>
                <TH>E-mail</TH>
                <TH>Role</TH>
                <TH>Actions</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((u) => (
                <TR key={u._id}>
                  <TD>
                    <div className="flex items-center gap-3">
                      <Avatar url={u.photoURL} />
                      <span className="font-medium text-stone-900">{u.name || 'Unknown User'}</span>
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap">{u.email}</TD>
                  <TD>
                    <RoleBadge role={roleOf(u)} />
                  </TD>
                  <TD>
                    <div className="flex flex-wrap gap-2">{actions(u)}</div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        }
        cards={rows.map((u) => (
          <li key={u._id}>
            <RecordCard
              title={
                <span className="flex items-center gap-3">
                  <Avatar url={u.photoURL} />
                  {u.name || 'Unknown User'}
                </span>
              }
              badge={<RoleBadge role={roleOf(u)} />}
              fields={[{ label: 'E-mail', value: <span className="break-all">{u.email}</span> }]}
              actions={actions(u)}
            />
          </li>
        ))}
      />
    );

  return (
    <section>
      <PageHeader title="Manage Users" description="Give accounts their role, or remove them.">
        {data && data.length > 0 && (
          <div className="relative w-full sm:w-72">
            <Label htmlFor={searchId} className="sr-only">
              Search users
            </Label>
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500" aria-hidden />
            <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search by name or e-mail" className="pl-9" />
          </div>
        )}
      </PageHeader>
      {body}
    </section>
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
