import { useId } from 'react';
import { Switch } from 'radix-ui';
import { BellOff, BellRing, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { KIND_LABELS, kindGroups, type SwitchableKind } from '../kind-groups';
import { useDevicePush, type Said } from '../use-device-push';

/** 'Notifications on this device' on every role's profile: web push on or off, which kinds, and a test. */
export function PushSettings() {
  const i18n = useI18n();
  const say = (said: Said) => ('id' in said ? i18n._(said.id) : said.text);
  const role = useSession((s) => s.role);
  const signedIn = useSession((s) => s.user !== null);
  const push = useDevicePush();
  if (!signedIn) return null;
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" aria-labelledby="push-settings-title" role="region">
      <CardHeader>
        <CardTitle id="push-settings-title">{i18n._('push.title')}</CardTitle>
        <CardDescription>{i18n._('push.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {push.error && (
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-stone-900">
            {say(push.error)}
          </p>
        )}
        {push.notice && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-stone-900">
            {say(push.notice)}
          </p>
        )}
        {push.status === 'checking' && <p className="text-sm text-muted-foreground">{i18n._('push.checking')}</p>}
        {push.status === 'off' && (
          <Button type="button" onClick={() => void push.turnOn()} disabled={push.busy}>
            <BellRing aria-hidden /> {i18n._('push.turnOn')}
          </Button>
        )}
        {push.status === 'on' && push.device && (
          <>
            <p className="text-sm font-medium text-green-800">{i18n._('push.on')}</p>
            {kindGroups(role).map((group) => (
              <fieldset key={group.title} className="space-y-2">
                <legend className="mb-1 text-sm font-semibold">{i18n._(group.title)}</legend>
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
                <Send aria-hidden /> {i18n._('push.sendTest')}
              </Button>
              <Button type="button" variant="outline" onClick={() => void push.turnOff()} disabled={push.busy}>
                <BellOff aria-hidden /> {i18n._('push.turnOff')}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function KindSwitch({ kind, on, onChange }: { kind: SwitchableKind; on: boolean; onChange: (on: boolean) => void }) {
  const i18n = useI18n();
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm">
        {i18n._(KIND_LABELS[kind])}
      </label>
      <Switch.Root
        id={id}
        checked={on}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-stone-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-green-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
