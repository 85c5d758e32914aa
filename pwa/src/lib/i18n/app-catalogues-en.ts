// The catalogues of every page but home in English (the app's areas, and shared/'s errors and texts), merged: one
// chunk (vite.config.ts's catalogue groups), which i18n.ts imports directly, so a first visit fetches it at once.
import type { Messages } from '@lingui/core';

const parts = import.meta.glob<{ messages: Messages }>(['../../locales/en/*.ts', '!../../locales/en/messages.ts', '../../../../shared/src/locales/en/*.ts'], {
  eager: true,
});

export const messages: Messages = Object.assign({}, ...Object.values(parts).map((part) => part.messages));
