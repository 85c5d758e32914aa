import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ImagePlus, Send, X } from 'lucide-react';
import { MESSAGE_MAX_CHARS } from '@foodbridge/shared/schemas/message';
import { ImageUpload } from '@/components/image-upload';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { sendMessage } from '@/lib/db/conversations';
import { useI18n } from '@/lib/i18n/i18n';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { COUNT_FROM } from './message-rules';

/**
 * Writes a message: a text of up to MESSAGE_MAX_CHARS, and optionally one picture uploaded as a donation's is. Ctrl+Enter
 * (Cmd+Enter) or the button sends; Enter starts a new line on every device, so a phone's Enter key never sends half a
 * thought. Focus stays in the box after sending. It stays in the page's flow at the end of its panel and brings itself
 * into view when focused, so an on-screen keyboard does not cover it.
 */
// Textarea takes no ref: the box is found in its form by name.
const boxOf = (form: HTMLFormElement | null) => form?.elements.namedItem('body') as HTMLTextAreaElement | null | undefined;

export function MessageComposer({ requestId, donationId }: { requestId: string; donationId: string }) {
  const i18n = useI18n();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [body, setBody] = useState('');
  const [picturing, setPicturing] = useState(false);
  const [image, setImage] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const text = body.trim();
  // The server counts the trimmed text (requiredText), so the box does too.
  const tooLong = text.length > MESSAGE_MAX_CHARS;
  const canSend = text.length > 0 && !tooLong && !uploading && !sending;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    setSending(true);
    setFailure(undefined);
    try {
      // Kept on the device first: it resolves once the message is safely queued, online or not.
      await sendMessage(requestId, donationId, text, image);
      setBody('');
      setImage(undefined);
      setPicturing(false);
    } catch (err) {
      setFailure(i18n._('conversation.sendFailed', { reason: errorMessage(err, i18n._('common.tryAgainLater')) }));
    } finally {
      setSending(false);
      // Sent or not, the writer carries on in the box (the Send button they may have pressed was disabled meanwhile).
      boxOf(form.current)?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send(e);
  }

  function keepInView() {
    form.current?.scrollIntoView?.({ block: 'nearest' });
    // The on-screen keyboard opens after the focus: bring the box back above it once the viewport has shrunk.
    window.visualViewport?.addEventListener('resize', () => form.current?.scrollIntoView?.({ block: 'nearest' }), { once: true });
  }

  return (
    <form ref={form} noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-2 border-t border-border pt-3">
      <Label htmlFor={`${id}-body`}>{i18n._('conversation.message')}</Label>
      <Textarea
        id={`${id}-body`}
        name="body"
        rows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={keepInView}
        aria-invalid={tooLong || undefined}
        aria-describedby={text.length >= COUNT_FROM ? `${hintId} ${countId}` : hintId}
        className="min-h-20 resize-y"
      />
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-xs">
        <p id={hintId} className="text-muted-foreground">
          {i18n._('conversation.hint')}
        </p>
        {text.length >= COUNT_FROM && (
          <p id={countId} className={cn('tabular-nums', tooLong ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
            {i18n._('conversation.count', { count: i18n.number(text.length), max: i18n.number(MESSAGE_MAX_CHARS) })}
          </p>
        )}
      </div>
      {/* Said once as it appears; the count beside the box is read with it. */}
      {tooLong && (
        <p role="status" className="text-sm font-medium text-destructive">
          {i18n._('conversation.tooLong', { max: i18n.number(MESSAGE_MAX_CHARS) })}
        </p>
      )}
      {picturing && (
        <ImageUpload id={`${id}-picture`} label={i18n._('conversation.pictureLabel')} value={image} onChange={setImage} onUploadingChange={setUploading} />
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={uploading || sending}
          onClick={() => {
            if (picturing) setImage(undefined);
            setPicturing(!picturing);
          }}
        >
          {picturing ? <X aria-hidden /> : <ImagePlus aria-hidden />}
          {picturing ? i18n._('conversation.removePicture') : i18n._('conversation.addPicture')}
        </Button>
        <Button type="submit" disabled={!canSend}>
          <Send aria-hidden className="rtl:-scale-x-100" />
          {sending ? i18n._('conversation.sending') : i18n._('conversation.send')}
        </Button>
      </div>
    </form>
  );
}
