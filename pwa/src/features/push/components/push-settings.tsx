import { useId } from 'react';
import { Switch } from 'radix-ui';
import { BellOff, BellRing, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-store';
import { KIND_LABELS, kindGroups, type SwitchableKind } from '../kind-groups';
import { useDevicePush } from '../use-device-push';

/** 'Notifications on this device' on every role's profile: web push on or off, which kinds, and a test. */
export function PushSettings() {
  const role = useSession((s) => s.role);
  const signedIn = useSession((s) => s.user !== null);
  const push = useDevicePush();
  if (!signedIn) return null;
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" aria-labelledby="push-settings-title" role="region">
      <CardHeader>
        <CardTitle id="push-settings-title">Notifications on this device</CardTitle>
        <CardDescription>
          Hear about what needs you on this phone or computer's lock screen, even when FoodBridge is closed. Each device is
          set on its own.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {push.error && (
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-stone-900">
            {push.error}
          </p>
        )}
        {push.notice && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-stone-900">
            {push.notice}
          </p>
        )}
        {push.status === 'checking' && <p className="text-sm text-muted-foreground">Checking this device…</p>}
        {push.status === 'off' && (
          <Button type="button" onClick={() => void push.turnOn()} disabled={push.busy}>
            <BellRing aria-hidden /> Notifications on this device
          </Button>
        )}
        {push.status === 'on' && push.device && (
          <>
            <p className="text-sm font-medium text-green-800">Notifications are on for this device.</p>
            {kindGroups(role).map((group) => (
              <fieldset key={group.title} className="space-y-2">
                <legend className="mb-1 text-sm font-semibold">{group.title}</legend>
                {group.kinds.map((kind) => (
                  <KindSwitch
                    key={kind}
                    kind={kind}
                    on={!push.device!.disabledKinds.includes(kind)}
                    onChange={(on) => void push.setKind(kind, on)}
                  />
                ))}
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => void push.sendTest()} disabled={push.busy}>
                <Send aria-hidden /> Send a test notification
              </Button>
              <Button type="button" variant="outline" onClick={() => void push.turnOff()} disabled={push.busy}>
                <BellOff aria-hidden /> Turn off on this device
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function KindSwitch({ kind, on, onChange }: { kind: SwitchableKind; on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm">
        {KIND_LABELS[kind]}
      </label>
      <Switch.Root
        id={id}
        checked={on}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-stone-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-green-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
