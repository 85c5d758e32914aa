// The Team page's calendar feed (issue 47.5): what each member's feed lists, in words, and the address as calendar
// apps open it.
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';

/** What the member's feed lists, as the server decides it (auth/permissions.ts calendarFeedScope): its message id. */
export function feedContentsId(role: MemberRole): string {
  switch (role) {
    case 'manager':
    case 'staff':
      return /*i18n*/ 'team.calendar.restaurant';
    case 'coordinator':
      return /*i18n*/ 'team.calendar.charity';
    case 'driver':
      return /*i18n*/ 'team.calendar.driver';
  }
}

/**
 * The address with the `webcal:` scheme, which Apple's and Outlook's apps (and the phones' own calendars) open as a
 * subscription rather than as a file to download once.
 */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//i, 'webcal://');
