// The API's error codes (issue 13): every refusal answers `{ message, code }`, where `message` is the English sentence
// the spec's clients read and `code` a stable key the app translates (`error.<code>` in shared/src/locales/*/errors.po).
// The table is the one place that pairs each code with its English text. Code first (issue 44): the server raises a
// refusal by its code (and values), and the shared schemas give their codes as zod's messages (`code()`, in
// ./error-code.ts); the English comes from here (`errorText`), so rewording a sentence keeps its code and translations.
//
// `message` is the English of the code. `{name}` marks a part that varies (a number, a status, a list of allowed
// values): the server sends those parts as `values`, and the translations place them (ICU MessageFormat, so a
// translation may use `{status, select, ...}` or `{count, plural, ...}` on them).
import { MSG } from './messages.ts';

interface ErrorEntry {
  /** The catalogue's message id: always `error.<code>` (a test checks it), spelled out for Lingui's extractor. */
  readonly id: string;
  /** The English sentence, with `{name}` for the parts that vary. */
  readonly message: string;
}

export const ERRORS = {
  // ---- Form rules (shared/src/schemas): the same sentence whether the form or the server finds the mistake.
  'validation/password-required': { id: /*i18n*/ 'error.validation/password-required', message: MSG.passwordRequired },
  'validation/password-too-short': { id: /*i18n*/ 'error.validation/password-too-short', message: MSG.passwordTooShort },
  'validation/password-too-long': { id: /*i18n*/ 'error.validation/password-too-long', message: 'Password is too long' },
  'validation/name-required': { id: /*i18n*/ 'error.validation/name-required', message: MSG.nameRequired },
  'validation/email-required': { id: /*i18n*/ 'error.validation/email-required', message: MSG.emailRequired },
  'validation/email-invalid': { id: /*i18n*/ 'error.validation/email-invalid', message: MSG.emailInvalid },
  'validation/title-required': { id: /*i18n*/ 'error.validation/title-required', message: MSG.titleRequired },
  'validation/food-type-required': { id: /*i18n*/ 'error.validation/food-type-required', message: MSG.foodTypeRequired },
  'validation/allergen-unknown': { id: /*i18n*/ 'error.validation/allergen-unknown', message: 'Choose allergens from the list of 14' },
  'validation/dietary-unknown': { id: /*i18n*/ 'error.validation/dietary-unknown', message: 'Choose dietary tags from the list' },
  'validation/storage-unknown': { id: /*i18n*/ 'error.validation/storage-unknown', message: 'Storage must be room temperature, chilled or frozen' },
  'validation/vegan-with-animal-allergen': {
    id: /*i18n*/ 'error.validation/vegan-with-animal-allergen',
    message: 'Vegan food cannot contain milk, eggs, fish, crustaceans or molluscs',
  },
  'validation/gluten-free-with-gluten': { id: /*i18n*/ 'error.validation/gluten-free-with-gluten', message: 'Gluten-free food cannot contain cereals with gluten' },
  'validation/quantity-required': { id: /*i18n*/ 'error.validation/quantity-required', message: MSG.quantityRequired },
  'validation/quantity-positive': { id: /*i18n*/ 'error.validation/quantity-positive', message: MSG.quantityPositive },
  'validation/quantity-too-large': { id: /*i18n*/ 'error.validation/quantity-too-large', message: 'Quantity is too large' },
  'validation/pickup-time-required': { id: /*i18n*/ 'error.validation/pickup-time-required', message: MSG.pickupTimeRequired },
  'validation/location-required': { id: /*i18n*/ 'error.validation/location-required', message: MSG.locationRequired },
  'validation/image-required': { id: /*i18n*/ 'error.validation/image-required', message: MSG.imageRequired },
  'validation/image-foreign': { id: /*i18n*/ 'error.validation/image-foreign', message: MSG.imageForeign },
  'validation/organization-required': { id: /*i18n*/ 'error.validation/organization-required', message: MSG.organizationRequired },
  'validation/mission-required': { id: /*i18n*/ 'error.validation/mission-required', message: MSG.missionRequired },
  'validation/request-description-required': {
    id: /*i18n*/ 'error.validation/request-description-required',
    message: MSG.requestDescriptionRequired,
  },
  'validation/review-required': { id: /*i18n*/ 'error.validation/review-required', message: MSG.reviewDescriptionRequired },
  'validation/rating-required': { id: /*i18n*/ 'error.validation/rating-required', message: MSG.ratingRequired },
  'validation/rating-range': { id: /*i18n*/ 'error.validation/rating-range', message: 'Rating must be from 1 to 5' },
  'validation/text-too-long': { id: /*i18n*/ 'error.validation/text-too-long', message: 'At most {max} characters' },
  'validation/invalid-id': { id: /*i18n*/ 'error.validation/invalid-id', message: MSG.invalidId },
  'validation/payment-required': { id: /*i18n*/ 'error.validation/payment-required', message: 'Payment is required' },
  'validation/best-before-required': { id: /*i18n*/ 'error.validation/best-before-required', message: 'Best before is required' },
  'validation/best-before-invalid': { id: /*i18n*/ 'error.validation/best-before-invalid', message: 'Best before must be a date and time' },
  'validation/best-before-past': { id: /*i18n*/ 'error.validation/best-before-past', message: 'Best before must be in the future' },
  'validation/best-before-too-far': {
    id: /*i18n*/ 'error.validation/best-before-too-far',
    message: 'Best before can be at most {days} days ahead',
  },
  // Pickup windows (issue 47).
  'validation/pickup-window-invalid': { id: /*i18n*/ 'error.validation/pickup-window-invalid', message: 'Pickup window times must be ISO 8601 with an offset, for example 2026-12-08T18:00:00+01:00' },
  'validation/pickup-window-pair': { id: /*i18n*/ 'error.validation/pickup-window-pair', message: 'Give both the start and the end of the pickup window, or neither' },
  'validation/pickup-window-order': { id: /*i18n*/ 'error.validation/pickup-window-order', message: 'The pickup window must end after it starts' },
  'validation/pickup-window-too-long': { id: /*i18n*/ 'error.validation/pickup-window-too-long', message: 'A pickup window can be at most {hours} hours long' },
  'validation/pickup-window-ended': { id: /*i18n*/ 'error.validation/pickup-window-ended', message: 'This pickup window has already ended. Choose times still to come' },
  'validation/pickup-window-after-best-before': { id: /*i18n*/ 'error.validation/pickup-window-after-best-before', message: 'The pickup window must end by the food’s best-before time' },
  'donation-requests/pickup-outside-window': { id: /*i18n*/ 'error.donation-requests/pickup-outside-window', message: 'Choose a pickup time within the restaurant’s pickup window' },
  'donation-requests/pickup-after-best-before': { id: /*i18n*/ 'error.donation-requests/pickup-after-best-before', message: 'Choose a pickup time before the food’s best-before time' },
  'validation/latitude-number': { id: /*i18n*/ 'error.validation/latitude-number', message: 'Latitude must be a number' },
  'validation/latitude-range': { id: /*i18n*/ 'error.validation/latitude-range', message: 'Latitude must be between -90 and 90' },
  'validation/longitude-number': { id: /*i18n*/ 'error.validation/longitude-number', message: 'Longitude must be a number' },
  'validation/longitude-range': { id: /*i18n*/ 'error.validation/longitude-range', message: 'Longitude must be between -180 and 180' },
  'validation/coordinates-pair': { id: /*i18n*/ 'error.validation/coordinates-pair', message: 'Give both latitude and longitude, or neither' },
  'validation/nothing-to-update': { id: /*i18n*/ 'error.validation/nothing-to-update', message: 'Nothing to update' },
  'validation/pickup-at-invalid': { id: /*i18n*/ 'error.validation/pickup-at-invalid', message: 'Choose a pickup date and time' },
  'validation/pickup-at-past': { id: /*i18n*/ 'error.validation/pickup-at-past', message: 'Choose a pickup time from now on' },
  'validation/pickup-at-too-far': { id: /*i18n*/ 'error.validation/pickup-at-too-far', message: 'Choose a pickup within {days} days' },
  'validation/address-too-long': {
    id: /*i18n*/ 'error.validation/address-too-long',
    message: 'Address must be at most {max} characters long',
  },
  'validation/distance-number': { id: /*i18n*/ 'error.validation/distance-number', message: 'Distance must be a number of kilometres' },
  'validation/distance-positive': { id: /*i18n*/ 'error.validation/distance-positive', message: 'Distance must be more than 0 km' },
  'validation/distance-too-far': { id: /*i18n*/ 'error.validation/distance-too-far', message: 'Distance must be at most {max} km' },
  'validation/food-types-unknown': { id: /*i18n*/ 'error.validation/food-types-unknown', message: 'Food types must be among: {allowed}' },
  'validation/home-base-needed': {
    id: /*i18n*/ 'error.validation/home-base-needed',
    message: 'Set your home base to be told of donations within a distance',
  },
  'validation/address-query-required': { id: /*i18n*/ 'error.validation/address-query-required', message: 'Type an address to search for' },
  'validation/address-query-too-short': {
    id: /*i18n*/ 'error.validation/address-query-too-short',
    message: 'Type at least {min} characters of the address',
  },
  'validation/address-query-too-long': {
    id: /*i18n*/ 'error.validation/address-query-too-long',
    message: 'An address search must be at most {max} characters long',
  },
  'validation/weight-number': { id: /*i18n*/ 'error.validation/weight-number', message: 'Weight must be a number of kilograms' },
  'validation/weight-negative': { id: /*i18n*/ 'error.validation/weight-negative', message: 'Weight cannot be negative' },
  'validation/weight-too-large': { id: /*i18n*/ 'error.validation/weight-too-large', message: 'Weight is too large' },
  'validation/weight-required': { id: /*i18n*/ 'error.validation/weight-required', message: 'Enter the weight picked up' },
  'validation/weight-not-zero': { id: /*i18n*/ 'error.validation/weight-not-zero', message: 'Nothing picked up weighs 0 kg' },
  'validation/outcome-invalid': { id: /*i18n*/ 'error.validation/outcome-invalid', message: 'Outcome must be all, part or none' },
  'validation/reason-invalid': { id: /*i18n*/ 'error.validation/reason-invalid', message: 'Reason must be one of: {allowed}' },
  'validation/reason-required': { id: /*i18n*/ 'error.validation/reason-required', message: 'Say why nothing was picked up' },
  'validation/push-endpoint': {
    id: /*i18n*/ 'error.validation/push-endpoint',
    message: 'endpoint must be the push service address the browser gave',
  },
  'validation/push-key-format': { id: /*i18n*/ 'error.validation/push-key-format', message: '{field} must be base64url text' },
  'validation/push-key-length': { id: /*i18n*/ 'error.validation/push-key-length', message: '{field} must be {bytes} bytes' },
  'validation/sync-push-rows': { id: /*i18n*/ 'error.validation/sync-push-rows', message: 'The push body must be an array of rows' },
  'validation/sync-push-too-many': { id: /*i18n*/ 'error.validation/sync-push-too-many', message: 'At most {max} rows per push' },
  /** Any other mistake zod finds (its own English words): the field is named in `values`. */
  'validation/invalid': { id: /*i18n*/ 'error.validation/invalid', message: 'Invalid value' },

  // ---- The request itself
  'request/invalid': { id: /*i18n*/ 'error.request/invalid', message: 'Invalid request' },
  'request/failed': { id: /*i18n*/ 'error.request/failed', message: 'Request failed ({status})' },
  'request/invalid-json': { id: /*i18n*/ 'error.request/invalid-json', message: 'Request body must be valid JSON' },
  'request/not-an-object': { id: /*i18n*/ 'error.request/not-an-object', message: 'Request body must be a JSON object' },
  'request/too-large': { id: /*i18n*/ 'error.request/too-large', message: 'Request body is too large' },
  'request/nul-in-text': { id: /*i18n*/ 'error.request/nul-in-text', message: 'Text must not contain the NUL character (U+0000)' },
  'request/invalid-value': { id: /*i18n*/ 'error.request/invalid-value', message: 'Invalid value in request' },
  'request/already-exists': { id: /*i18n*/ 'error.request/already-exists', message: 'This already exists' },
  'request/missing-reference': { id: /*i18n*/ 'error.request/missing-reference', message: 'A referenced record does not exist' },
  'request/invalid-limit': { id: /*i18n*/ 'error.request/invalid-limit', message: 'limit must be a whole number from 1 to {max}' },
  'request/invalid-cursor': {
    id: /*i18n*/ 'error.request/invalid-cursor',
    message: 'Invalid cursor. Follow the address in the Link header of the previous page.',
  },
  'request/email-required': { id: /*i18n*/ 'error.request/email-required', message: 'email is required' },
  'request/idempotency-key-too-long': {
    id: /*i18n*/ 'error.request/idempotency-key-too-long',
    message: 'Idempotency-Key must be at most {max} characters',
  },
  'request/idempotency-key-reused': {
    id: /*i18n*/ 'error.request/idempotency-key-reused',
    message: 'This Idempotency-Key was already used for a different request.',
  },
  'request/foreign-origin': {
    id: /*i18n*/ 'error.request/foreign-origin',
    message: 'This site may not call the FoodBridge API from another origin.',
  },
  'not-found': { id: /*i18n*/ 'error.not-found', message: MSG.notFound },
  'not-found/resource': { id: /*i18n*/ 'error.not-found/resource', message: 'Resource not found' },
  'not-found/donation': { id: /*i18n*/ 'error.not-found/donation', message: 'Donation not found' },
  'not-found/donation-request': { id: /*i18n*/ 'error.not-found/donation-request', message: 'Donation request not found' },
  'not-found/charity-request': { id: /*i18n*/ 'error.not-found/charity-request', message: 'Charity request not found' },
  'not-found/user': { id: /*i18n*/ 'error.not-found/user', message: 'User not found' },
  'not-found/payment': { id: /*i18n*/ 'error.not-found/payment', message: 'Payment not found' },
  'not-found/review': { id: /*i18n*/ 'error.not-found/review', message: 'Review not found' },
  'not-found/favorite': { id: /*i18n*/ 'error.not-found/favorite', message: 'Favorite not found' },
  'not-found/notification': { id: /*i18n*/ 'error.not-found/notification', message: 'Notification not found' },
  'not-found/image': { id: /*i18n*/ 'error.not-found/image', message: 'Image not found' },
  'not-found/pickup-photo': { id: /*i18n*/ 'error.not-found/pickup-photo', message: 'Pickup photo not found' },
  'not-found/collection': { id: /*i18n*/ 'error.not-found/collection', message: 'Collection not found' },
  'not-found/push-subscription': { id: /*i18n*/ 'error.not-found/push-subscription', message: 'Push subscription not found' },
  'server/error': { id: /*i18n*/ 'error.server/error', message: 'Something went wrong on the server. Please try again.' },
  'server/unavailable': { id: /*i18n*/ 'error.server/unavailable', message: 'FoodBridge is briefly unavailable. Please try again in a moment.' },
  /** The database kept refusing a change for losing a race with others (a deadlock, a serialization failure). */
  'server/busy': { id: /*i18n*/ 'error.server/busy', message: 'FoodBridge is busy. Please try again in a moment.' },
  'server/metrics-token': { id: /*i18n*/ 'error.server/metrics-token', message: 'The metrics token is missing or wrong.' },
  /**
   * Rate limits (429 with Retry-After). One code for every limit, so the sentence names what was limited but the
   * translation need not: `values` carry `what` and `wait` in English words, and `count` and `unit` (second, minute,
   * hour) for other languages.
   */
  'too-many-requests': { id: /*i18n*/ 'error.too-many-requests', message: 'Too many {what}. Please try again in {wait}.' },

  // ---- Signing in (the built-in identity service answers Firebase's codes, so one client handles both)
  'auth/sign-in-required': { id: /*i18n*/ 'error.auth/sign-in-required', message: MSG.signInRequired },
  'auth/invalid-id-token': { id: /*i18n*/ 'error.auth/invalid-id-token', message: 'Invalid sign-in token. Please sign in again.' },
  'auth/id-token-expired': { id: /*i18n*/ 'error.auth/id-token-expired', message: 'Your session has expired. Please sign in again.' },
  /** Every session of the account was ended (a password reset, a log-out everywhere, a role taken away). */
  'auth/session-ended': { id: /*i18n*/ 'error.auth/session-ended', message: 'You were signed out. Please sign in again.' },
  'auth/invalid-refresh-token': { id: /*i18n*/ 'error.auth/invalid-refresh-token', message: 'Your session has ended. Please sign in again.' },
  'auth/user-not-found': { id: /*i18n*/ 'error.auth/user-not-found', message: 'This account no longer exists.' },
  'auth/account-removed': { id: /*i18n*/ 'error.auth/account-removed', message: 'This account has been removed.' },
  'auth/email-not-verified': {
    id: /*i18n*/ 'error.auth/email-not-verified',
    message:
      'This e-mail belongs to an existing account. Please verify your e-mail address with the link we sent you, then sign in again.',
  },
  'auth/invalid-credential': { id: /*i18n*/ 'error.auth/invalid-credential', message: 'Wrong e-mail or password.' },
  'auth/email-already-in-use': { id: /*i18n*/ 'error.auth/email-already-in-use', message: 'This e-mail is already registered. Please log in.' },
  'auth/email-already-verified': { id: /*i18n*/ 'error.auth/email-already-verified', message: 'Your e-mail is already verified.' },
  'auth/invalid-action-code': { id: /*i18n*/ 'error.auth/invalid-action-code', message: 'This link is invalid or has expired.' },
  'auth/mail-unavailable': {
    id: /*i18n*/ 'error.auth/mail-unavailable',
    message: 'The e-mail could not be sent just now. Please try again in a few minutes.',
  },
  'auth/operation-not-allowed': {
    id: /*i18n*/ 'error.auth/operation-not-allowed',
    message: 'This server signs in through Firebase; use the Firebase client.',
  },
  /**
   * Firebase's code for a locked sign-in, which this server also gives its sign-in rate limits and its "a link was
   * sent a moment ago" limit: their waits come as `count` and `unit`, the lock's is "a few minutes".
   */
  'auth/too-many-requests': {
    id: /*i18n*/ 'error.auth/too-many-requests',
    message: 'Too many failed attempts. Please wait a few minutes and try again.',
  },
  /**
   * Firebase's code for an action that needs a fresh sign-in: deleting the account on a server that signs in through
   * Firebase, where no password can be asked for.
   */
  'auth/requires-recent-login': {
    id: /*i18n*/ 'error.auth/requires-recent-login',
    message: 'For your safety, please sign in again, then try once more within {minutes} minutes.',
  },
  /** Said by the app itself when no answer came at all. */
  'auth/network-request-failed': {
    id: /*i18n*/ 'error.auth/network-request-failed',
    message: 'Cannot reach FoodBridge. Check your connection and try again.',
  },
  // The app's words for Firebase's own codes, which Firebase's client reports in its own terms.
  'firebase/network-request-failed': {
    id: /*i18n*/ 'error.firebase/network-request-failed',
    message: 'Cannot reach the sign-in service. Check your connection and try again.',
  },
  'firebase/popup-blocked': {
    id: /*i18n*/ 'error.firebase/popup-blocked',
    message: 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  },
  'firebase/operation-not-allowed': {
    id: /*i18n*/ 'error.firebase/operation-not-allowed',
    message: 'This sign-in method is not enabled on this server.',
  },
  'firebase/user-disabled': { id: /*i18n*/ 'error.firebase/user-disabled', message: 'This account has been disabled.' },
  /** Said by the app when the server ends the session of a removed account. */
  'session/signed-out': { id: /*i18n*/ 'error.session/signed-out', message: 'You have been signed out' },
  'access/denied': { id: /*i18n*/ 'error.access/denied', message: MSG.accessDenied },

  // ---- Accounts, roles and the charity role
  'users/own-admin-role': { id: /*i18n*/ 'error.users/own-admin-role', message: 'You cannot remove your own admin role.' },
  'users/own-account': { id: /*i18n*/ 'error.users/own-account', message: 'You cannot delete your own account.' },
  // An account's own changes (issue 45.8). The counts come as `count`, for a translation's plural.
  'account/same-email': { id: /*i18n*/ 'error.account/same-email', message: 'This is already your e-mail address.' },
  'account/has-open-donations': {
    id: /*i18n*/ 'error.account/has-open-donations',
    message:
      'You have donations not yet picked up ({count}). Deleting your account withdraws those no charity has been given yet; those already given stay for their charity to collect, under the name “Deleted account”. Delete anyway?',
  },
  'account/has-accepted-pickups': {
    id: /*i18n*/ 'error.account/has-accepted-pickups',
    message:
      'You have pickups accepted for you and not yet collected ({count}). Deleting your account gives them back to their restaurants to offer to other charities. Delete anyway?',
  },
  'account/last-admin': {
    id: /*i18n*/ 'error.account/last-admin',
    message: 'You are the only admin. Make another account admin before deleting yours.',
  },
  // Organisations and their members (issue 46).
  'validation/member-role': {
    id: /*i18n*/ 'error.validation/member-role',
    message: 'Role must be manager or staff (restaurants), coordinator or driver (charities)',
  },
  'not-found/organisation': { id: /*i18n*/ 'error.not-found/organisation', message: 'You are not a member of any restaurant or charity.' },
  'not-found/member': { id: /*i18n*/ 'error.not-found/member', message: 'This person is not a member of your organisation.' },
  'not-found/invitation': { id: /*i18n*/ 'error.not-found/invitation', message: 'Invitation not found' },
  'organisations/managers-only': {
    id: /*i18n*/ 'error.organisations/managers-only',
    message: 'Only managers and coordinators can manage the team.',
  },
  'organisations/leads-only': {
    id: /*i18n*/ 'error.organisations/leads-only',
    message: 'Only your organisation’s managers (restaurants) or coordinators (charities) can do this.',
  },
  'organisations/owner-only': { id: /*i18n*/ 'error.organisations/owner-only', message: 'Only the owner can hand the organisation over.' },
  'organisations/role-for-kind': {
    id: /*i18n*/ 'error.organisations/role-for-kind',
    message: 'Your organisation has no {role} role. Use one of: {allowed}.',
  },
  'organisations/owner-role': {
    id: /*i18n*/ 'error.organisations/owner-role',
    message: 'The owner stays a manager or coordinator. Hand the organisation over first.',
  },
  'organisations/owner-cannot-leave': {
    id: /*i18n*/ 'error.organisations/owner-cannot-leave',
    message: 'The owner cannot leave or be removed. Hand the organisation over to another member first.',
  },
  'organisations/founder-stays': {
    id: /*i18n*/ 'error.organisations/founder-stays',
    message: 'The organisation’s profile is its founding account’s, so that account stays a member, as a manager or coordinator, for now.',
  },
  'organisations/founder-elsewhere': {
    id: /*i18n*/ 'error.organisations/founder-elsewhere',
    message: 'This account founded an organisation of the other kind, which goes on without it. It cannot take this role.',
  },
  'pickups/has-driver': { id: /*i18n*/ 'error.pickups/has-driver', message: '{name} has this pickup. Ask a coordinator to give it to you.' },
  'invitations/self': { id: /*i18n*/ 'error.invitations/self', message: 'You cannot invite yourself.' },
  'invitations/already-member': {
    id: /*i18n*/ 'error.invitations/already-member',
    message: 'This person is already a member of your organisation.',
  },
  'invitations/member-elsewhere': {
    id: /*i18n*/ 'error.invitations/member-elsewhere',
    message: 'This person already belongs to another restaurant or charity (or is an admin). One person can belong to one organisation only.',
  },
  'invitations/invalid': {
    id: /*i18n*/ 'error.invitations/invalid',
    message: 'This invitation is invalid, has expired or was already used. Ask for a new one.',
  },
  'invitations/other-email': {
    id: /*i18n*/ 'error.invitations/other-email',
    message: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  },
  'invitations/in-organisation': {
    id: /*i18n*/ 'error.invitations/in-organisation',
    message: 'You already belong to {name}. Leave it first: one person can belong to one organisation only.',
  },
  'invitations/admin': { id: /*i18n*/ 'error.invitations/admin', message: 'Admins cannot join a restaurant or charity.' },
  // Calendar feeds (issue 47.5).
  'calendar/members-only': {
    id: /*i18n*/ 'error.calendar/members-only',
    message: 'Calendar feeds are for the members of a restaurant or charity.',
  },
  'not-found/calendar': {
    id: /*i18n*/ 'error.not-found/calendar',
    message: 'There is no calendar at this address. It may have been replaced by a newer one: get the current address in FoodBridge.',
  },
  'charity-request/exists': { id: /*i18n*/ 'error.charity-request/exists', message: MSG.charityRequestExists },
  'charity-request/already-charity': { id: /*i18n*/ 'error.charity-request/already-charity', message: 'You already have the charity role.' },
  'charity-request/users-only': {
    id: /*i18n*/ 'error.charity-request/users-only',
    message: 'Only user accounts can request the charity role.',
  },
  'charity-request/admin': {
    id: /*i18n*/ 'error.charity-request/admin',
    message: 'Admins already have every permission; no charity role request is needed.',
  },
  'charity-request/decided': { id: /*i18n*/ 'error.charity-request/decided', message: 'This request was already {status}.' },
  'charity-request/requester-gone': {
    id: /*i18n*/ 'error.charity-request/requester-gone',
    message: 'The account that sent this request no longer exists. Reject the request instead.',
  },
  'payments/not-found': { id: /*i18n*/ 'error.payments/not-found', message: 'Payment not found.' },
  'payments/other-account': { id: /*i18n*/ 'error.payments/other-account', message: 'This payment belongs to another account.' },
  'payments/wrong-amount': { id: /*i18n*/ 'error.payments/wrong-amount', message: 'This payment is not the $25 charity role fee.' },
  'payments/not-succeeded': { id: /*i18n*/ 'error.payments/not-succeeded', message: 'The payment has not succeeded yet.' },
  'payments/already-used': { id: /*i18n*/ 'error.payments/already-used', message: 'This payment was already used.' },
  'payments/unavailable': {
    id: /*i18n*/ 'error.payments/unavailable',
    message: 'The payment service could not be reached. Please try again in a moment.',
  },

  // ---- Donations, requests, pickups
  'donations/unknown-status': { id: /*i18n*/ 'error.donations/unknown-status', message: 'Unknown status{shown}. Use one of: {allowed}.' },
  'donations/search-too-long': { id: /*i18n*/ 'error.donations/search-too-long', message: 'Search text must be at most {max} characters.' },
  'donations/unknown-dietary': { id: /*i18n*/ 'error.donations/unknown-dietary', message: 'Unknown dietary tag. Allowed: {allowed}' },
  'donations/unknown-allergen': { id: /*i18n*/ 'error.donations/unknown-allergen', message: 'Unknown allergen. Allowed: {allowed}' },
  'donations/unknown-food-type': { id: /*i18n*/ 'error.donations/unknown-food-type', message: 'Unknown food type. Use one of: {allowed}.' },
  'donations/unknown-pickup-day': { id: /*i18n*/ 'error.donations/unknown-pickup-day', message: 'Unknown pickup day. Use one of: {allowed}.' },
  'donations/unknown-time-zone': { id: /*i18n*/ 'error.donations/unknown-time-zone', message: 'Unknown time zone. Use an IANA name such as Europe/Berlin.' },
  'donations/unknown-sort': { id: /*i18n*/ 'error.donations/unknown-sort', message: 'Unknown sort. Use one of: {allowed}.' },
  'donations/near-without-distance': { id: /*i18n*/ 'error.donations/near-without-distance', message: 'near is used with sort=distance.' },
  'donations/distance-without-near': {
    id: /*i18n*/ 'error.donations/distance-without-near',
    message: 'sort=distance needs near=LATITUDE,LONGITUDE (for example near=52.52,13.405).',
  },
  'donations/update-not-owner': {
    id: /*i18n*/ 'error.donations/update-not-owner',
    message: 'Only the restaurant that posted this donation can update it.',
  },
  'donations/update-rejected': { id: /*i18n*/ 'error.donations/update-rejected', message: 'Rejected donations cannot be updated.' },
  'donations/update-accepted': {
    id: /*i18n*/ 'error.donations/update-accepted',
    message: 'This donation has been accepted by a charity and can no longer be updated.',
  },
  'donations/delete-not-owner': {
    id: /*i18n*/ 'error.donations/delete-not-owner',
    message: 'Only the restaurant that posted this donation or an admin can delete it.',
  },
  'donations/delete-accepted': {
    id: /*i18n*/ 'error.donations/delete-accepted',
    message: 'This donation has been accepted by a charity and cannot be deleted.',
  },
  'donations/delete-picked': {
    id: /*i18n*/ 'error.donations/delete-picked',
    message: 'This donation has been collected. It stays in the record with its review and counts in the figures.',
  },
  'donations/not-pending': {
    id: /*i18n*/ 'error.donations/not-pending',
    message: 'Only Pending donations can be {verb} (this one is {status}).',
  },
  'donations/expired': { id: /*i18n*/ 'error.donations/expired', message: 'This donation has expired.' },
  'donations/not-requestable': { id: /*i18n*/ 'error.donations/not-requestable', message: 'This donation is not available for requests.' },
  'donation-requests/already-requested': { id: /*i18n*/ 'error.donation-requests/already-requested', message: MSG.alreadyRequested },
  'donation-requests/accept-not-owner': {
    id: /*i18n*/ 'error.donation-requests/accept-not-owner',
    message: 'Only the restaurant that posted this donation can accept requests for it.',
  },
  'donation-requests/reject-not-owner': {
    id: /*i18n*/ 'error.donation-requests/reject-not-owner',
    message: 'Only the restaurant that posted this donation can reject requests for it.',
  },
  'donation-requests/accept-not-pending': {
    id: /*i18n*/ 'error.donation-requests/accept-not-pending',
    message: 'Only Pending requests can be accepted (this one is {status}).',
  },
  'donation-requests/reject-not-pending': {
    id: /*i18n*/ 'error.donation-requests/reject-not-pending',
    message: 'Only Pending requests can be rejected (this one is {status}).',
  },
  'donation-requests/donation-taken': {
    id: /*i18n*/ 'error.donation-requests/donation-taken',
    message: 'This donation is no longer available: it has already been accepted or withdrawn.',
  },
  'donation-requests/delete-not-owner': {
    id: /*i18n*/ 'error.donation-requests/delete-not-owner',
    message: 'Only the charity that made this request or an admin can delete it.',
  },
  'donation-requests/cancel-not-pending': {
    id: /*i18n*/ 'error.donation-requests/cancel-not-pending',
    message: 'A request can be cancelled only while it is Pending.',
  },
  'donation-requests/already-picked': {
    id: /*i18n*/ 'error.donation-requests/already-picked',
    message: 'This donation has already been picked up.',
  },
  'pickups/reassigned': {
    id: /*i18n*/ 'error.pickups/reassigned',
    message: 'This donation was reassigned and is no longer yours to pick up.',
  },
  'pickups/not-your-pickup': {
    id: /*i18n*/ 'error.pickups/not-your-pickup',
    message: 'Only the charity that was given this donation can confirm its pickup.',
  },
  'pickups/not-picked': { id: /*i18n*/ 'error.pickups/not-picked', message: 'This pickup has not been confirmed, so there is nothing to undo.' },
  'pickups/undo-too-late': { id: /*i18n*/ 'error.pickups/undo-too-late', message: 'A pickup confirmation can be undone only within {minutes} minutes.' },
  'pickups/window-not-over': { id: /*i18n*/ 'error.pickups/window-not-over', message: 'The pickup window is not over yet. Say it was not collected once it has passed.' },
  'pickups/not-collected-not-owner': { id: /*i18n*/ 'error.pickups/not-collected-not-owner', message: 'Only the restaurant that gave this donation can say it was not collected.' },
  'pickups/already-confirmed': { id: /*i18n*/ 'error.pickups/already-confirmed', message: 'Pickup already confirmed.' },
  'pickups/not-accepted': {
    id: /*i18n*/ 'error.pickups/not-accepted',
    message: 'Pickup can be confirmed only for an accepted donation (this one is {status}).',
  },
  // Proof-of-pickup photos (issue 49.3): the resumable upload and the private, signed addresses.
  'pickups/photo-offset-mismatch': { id: /*i18n*/ 'error.pickups/photo-offset-mismatch', message: "This photo's upload continues at byte {offset}." },
  'pickups/photo-length-changed': {
    id: /*i18n*/ 'error.pickups/photo-length-changed',
    message: 'This upload was started with an Upload-Length of {length} bytes; send the same length.',
  },
  'pickups/photo-upload-invalid': {
    id: /*i18n*/ 'error.pickups/photo-upload-invalid',
    message: 'Send the photo as application/offset+octet-stream, with whole numbers in Upload-Offset and Upload-Length, and no more bytes than Upload-Length.',
  },
  'pickups/photo-chunk-too-large': { id: /*i18n*/ 'error.pickups/photo-chunk-too-large', message: 'Send a photo in pieces of at most {kib} KiB.' },
  'pickups/too-many-photos': { id: /*i18n*/ 'error.pickups/too-many-photos', message: 'A pickup can have at most {max} photos.' },
  'pickups/photos-too-late': { id: /*i18n*/ 'error.pickups/photos-too-late', message: 'Photos can be added until {days} days after the pickup.' },
  'pickups/photos-hidden': {
    id: /*i18n*/ 'error.pickups/photos-hidden',
    message: 'Only the restaurant, the charity that collects the donation and admins can see its pickup photos.',
  },
  'pickups/photo-link-invalid': {
    id: /*i18n*/ 'error.pickups/photo-link-invalid',
    message: 'This photo link is not valid or has expired. Open the pickup again to see its photos.',
  },
  'pickup-reports/not-your-pickup': {
    id: /*i18n*/ 'error.pickup-reports/not-your-pickup',
    message: 'Only the charity that picked up this donation can correct its report.',
  },
  'pickup-reports/not-picked': {
    id: /*i18n*/ 'error.pickup-reports/not-picked',
    message: 'Only a picked-up donation has a report to correct.',
  },
  'pickup-reports/too-late': {
    id: /*i18n*/ 'error.pickup-reports/too-late',
    message: 'Reports can be corrected for {days} days after the pickup.',
  },
  'pickup-reports/forbidden': {
    id: /*i18n*/ 'error.pickup-reports/forbidden',
    message: 'Only the restaurant, the charity that picked it up and admins can read this pickup report.',
  },

  // ---- Favorites and reviews
  'favorites/already': { id: /*i18n*/ 'error.favorites/already', message: MSG.alreadyFavorite },
  'favorites/id-taken': {
    id: /*i18n*/ 'error.favorites/id-taken',
    message: 'This favorite id is already used. Please try again with a new one.',
  },
  'favorites/not-yours': { id: /*i18n*/ 'error.favorites/not-yours', message: 'You can only remove your own favorites.' },
  'reviews/already': { id: /*i18n*/ 'error.reviews/already', message: 'You have already reviewed this donation.' },
  'reviews/not-yours': { id: /*i18n*/ 'error.reviews/not-yours', message: 'You can only delete your own reviews.' },
  'reviews/not-your-pickup': {
    id: /*i18n*/ 'error.reviews/not-your-pickup',
    message: 'Only the charity that picked up this donation can review it.',
  },
  'reviews/not-picked': {
    id: /*i18n*/ 'error.reviews/not-picked',
    message: 'You can review a donation only after its pickup is confirmed.',
  },

  // ---- Pictures
  'images/missing': {
    id: /*i18n*/ 'error.images/missing',
    message: 'No image received. Send the picture as multipart/form-data in the field "image".',
  },
  'images/unreadable-upload': { id: /*i18n*/ 'error.images/unreadable-upload', message: 'The upload could not be read. Please try again.' },
  'images/empty': { id: /*i18n*/ 'error.images/empty', message: 'The image file is empty.' },
  'images/too-large': { id: /*i18n*/ 'error.images/too-large', message: 'Image is larger than {mb} MB' },
  'images/not-supported': {
    id: /*i18n*/ 'error.images/not-supported',
    message: 'The file is not a supported image. Please upload a JPEG, PNG, WebP or GIF picture.',
  },
  'images/unreadable': {
    id: /*i18n*/ 'error.images/unreadable',
    message: 'The image could not be read. It may be damaged; please try another picture.',
  },
  'images/too-many-pixels': {
    id: /*i18n*/ 'error.images/too-many-pixels',
    message: 'The image dimensions are too large. Please upload a smaller picture.',
  },
  'images/daily-bytes': {
    id: /*i18n*/ 'error.images/daily-bytes',
    message: 'This picture would take you over the {mb} MB of pictures allowed in one day. Please try again in {wait}.',
  },
  'images/daily-files': {
    id: /*i18n*/ 'error.images/daily-files',
    message: 'You have uploaded the {files} pictures allowed in one day. Please try again in {wait}.',
  },
  'images/invalid-width': { id: /*i18n*/ 'error.images/invalid-width', message: 'w must be a width in pixels from 1 to {max}' },
  'images/not-resizable': { id: /*i18n*/ 'error.images/not-resizable', message: 'This picture cannot be resized; open it without ?w=.' },
  'images/storage-unavailable': {
    id: /*i18n*/ 'error.images/storage-unavailable',
    message: 'This picture is in object storage, which this server is not set up to read.',
  },
  /** Said by the app when an upload failed without a readable answer. */
  'images/upload-failed': { id: /*i18n*/ 'error.images/upload-failed', message: 'Failed to upload image.' },

  // ---- Replication, exports, history, notifications, addresses
  'sync/token-in-url': {
    id: /*i18n*/ 'error.sync/token-in-url',
    message: 'Sign-in tokens are not accepted in the address: open the stream with a ticket from POST /sync/stream-ticket.',
  },
  'sync/invalid-ticket': {
    id: /*i18n*/ 'error.sync/invalid-ticket',
    message: 'This sync ticket has expired or was already used. Please reconnect.',
  },
  'sync/invalid-checkpoint-id': {
    id: /*i18n*/ 'error.sync/invalid-checkpoint-id',
    message: 'Invalid checkpoint: id must be the id of the last document pulled',
  },
  'sync/invalid-checkpoint-seq': { id: /*i18n*/ 'error.sync/invalid-checkpoint-seq', message: 'Invalid checkpoint: seq must be a whole number' },
  'sync/requests-hidden': {
    id: /*i18n*/ 'error.sync/requests-hidden',
    message: 'Donation requests are shown to charities, restaurants and admins only.',
  },
  'sync/invalid-ticket-count': { id: /*i18n*/ 'error.sync/invalid-ticket-count', message: 'count must be a whole number from 1 to {max}' },
  'sync/messages-hidden': {
    id: /*i18n*/ 'error.sync/messages-hidden',
    message: 'Messages replicate to the devices of restaurants and charities; admins read each conversation online.',
  },
  'sync/read-only': {
    id: /*i18n*/ 'error.sync/read-only',
    message: 'This collection is read-only here: donations and requests change through their own actions in the app.',
  },
  'exports/donations-forbidden': {
    id: /*i18n*/ 'error.exports/donations-forbidden',
    message: 'Donation exports are for restaurants (their own donations) and admins.',
  },
  'exports/pickups-forbidden': {
    id: /*i18n*/ 'error.exports/pickups-forbidden',
    message: 'Pickup exports are for charities (their own pickups) and admins.',
  },
  'exports/users-forbidden': { id: /*i18n*/ 'error.exports/users-forbidden', message: 'The export of accounts is for admins only.' },
  'exports/invalid-date': {
    id: /*i18n*/ 'error.exports/invalid-date',
    message: '{name} must be a date (2026-11-25) or a date-time (2026-11-25T18:30:00Z).',
  },
  'exports/from-after-to': { id: /*i18n*/ 'error.exports/from-after-to', message: 'from must not be after to.' },
  'history/invalid-actor': { id: /*i18n*/ 'error.history/invalid-actor', message: "actor must be a person's account id or e-mail address." },
  'history/unknown-kind': { id: /*i18n*/ 'error.history/unknown-kind', message: 'Unknown kind. Use one of: {allowed}.' },
  'push/unavailable': { id: /*i18n*/ 'error.push/unavailable', message: 'Notifications on the phone are not available on this server.' },
  'push/endpoint-taken': {
    id: /*i18n*/ 'error.push/endpoint-taken',
    message: 'This device receives notifications for another account. Sign in there and turn them off first.',
  },
  'push/endpoint-not-https': {
    id: /*i18n*/ 'error.push/endpoint-not-https',
    message: "endpoint must be the https address of a browser's push service",
  },
  'charity-preferences/charities-only': {
    id: /*i18n*/ 'error.charity-preferences/charities-only',
    message: 'Home base and alerts are for charities only.',
  },
  'geocode/not-set-up': { id: /*i18n*/ 'error.geocode/not-set-up', message: 'Address search is not set up on this server.' },
  'geocode/not-answering': {
    id: /*i18n*/ 'error.geocode/not-answering',
    message: 'Address search is not answering. Try again, or use your current location.',
  },
  'geocode/busy': { id: /*i18n*/ 'error.geocode/busy', message: 'Too many address searches right now. Try again in a few seconds.' },

  // ---- Regular donations and standing pickups (issue 47, ADR 020)
  'validation/series-time-invalid': { id: /*i18n*/ 'error.validation/series-time-invalid', message: 'Times must be written HH:MM, for example 18:00' },
  'validation/series-date-invalid': { id: /*i18n*/ 'error.validation/series-date-invalid', message: 'Dates must be written YYYY-MM-DD, for example 2026-12-08' },
  'validation/series-days-required': { id: /*i18n*/ 'error.validation/series-days-required', message: 'Choose at least one day of the week' },
  'validation/series-days-both': { id: /*i18n*/ 'error.validation/series-days-both', message: 'Give either days of the week or an RRULE, not both' },
  'validation/series-weekday-invalid': { id: /*i18n*/ 'error.validation/series-weekday-invalid', message: 'Days of the week are numbers from 1 (Monday) to 7 (Sunday)' },
  'validation/series-rrule': { id: /*i18n*/ 'error.validation/series-rrule', message: 'The RRULE could not be read. Use an RFC 5545 rule that repeats at most once a day, for example FREQ=WEEKLY;BYDAY=MO,WE' },
  'validation/series-window-empty': { id: /*i18n*/ 'error.validation/series-window-empty', message: 'The pickup window must not end when it starts' },
  'validation/series-dates-order': { id: /*i18n*/ 'error.validation/series-dates-order', message: 'The last date must not be before the first' },
  'validation/series-time-zone': { id: /*i18n*/ 'error.validation/series-time-zone', message: 'Unknown time zone. Use an IANA name such as Europe/Berlin' },
  'validation/series-keeps-hours': { id: /*i18n*/ 'error.validation/series-keeps-hours', message: 'How long the food keeps must be between 0 and 336 hours (14 days)' },
  'validation/series-assignee': { id: /*i18n*/ 'error.validation/series-assignee', message: 'Name the driver by their account id' },
  'not-found/series': { id: /*i18n*/ 'error.not-found/series', message: 'Regular donation not found' },
  'not-found/series-request': { id: /*i18n*/ 'error.not-found/series-request', message: 'Standing pickup request not found' },
  'series/not-owner': { id: /*i18n*/ 'error.series/not-owner', message: 'Only the restaurant that gives this regular donation can change it.' },
  'series/ended': { id: /*i18n*/ 'error.series/ended', message: 'This regular donation has ended and can no longer change.' },
  'series/rejected': { id: /*i18n*/ 'error.series/rejected', message: 'A rejected regular donation cannot be changed. Create a new one.' },
  'series/not-pending': { id: /*i18n*/ 'error.series/not-pending', message: 'This regular donation is not waiting for verification (it is {status}).' },
  'series/not-requestable': { id: /*i18n*/ 'error.series/not-requestable', message: 'Only a verified regular donation that is still running can be asked for.' },
  'series/skip-not-a-date': { id: /*i18n*/ 'error.series/skip-not-a-date', message: 'This regular donation gives no food on {date}.' },
  'series/skip-past': { id: /*i18n*/ 'error.series/skip-past', message: 'That date has passed. Skip a date still to come.' },
  'series/skip-collected': { id: /*i18n*/ 'error.series/skip-collected', message: 'The food of {date} has already been collected.' },
  'series-requests/already-asked': { id: /*i18n*/ 'error.series-requests/already-asked', message: 'Your charity has asked for this regular donation already.' },
  'series-requests/taken': { id: /*i18n*/ 'error.series-requests/taken', message: 'This regular donation already has a standing pickup with another charity.' },
  'series-requests/not-pending': { id: /*i18n*/ 'error.series-requests/not-pending', message: 'This request has been answered already (it is {status}).' },
  'series-requests/ended': { id: /*i18n*/ 'error.series-requests/ended', message: 'This standing pickup has ended already.' },
  'series-requests/not-party': { id: /*i18n*/ 'error.series-requests/not-party', message: 'Only the restaurant or the charity of this standing pickup can end it.' },
  'series-requests/answer-not-owner': { id: /*i18n*/ 'error.series-requests/answer-not-owner', message: 'Only the restaurant of this regular donation can answer its requests.' },
  'series-requests/assignee-not-member': { id: /*i18n*/ 'error.series-requests/assignee-not-member', message: 'That person is not one of your charity’s members.' },

  // ---- Messages on a donation request (issue 48)
  'validation/message-required': { id: /*i18n*/ 'error.validation/message-required', message: 'Write a message' },
  'validation/muted-boolean': { id: /*i18n*/ 'error.validation/muted-boolean', message: 'muted must be true or false' },
  'not-found/message': { id: /*i18n*/ 'error.not-found/message', message: 'Message not found' },
  'messages/not-party': { id: /*i18n*/ 'error.messages/not-party', message: 'Only the restaurant and the charity of this request can write here.' },
  'messages/closed': { id: /*i18n*/ 'error.messages/closed', message: 'This conversation has closed: it ends {days} days after the pickup or the donation’s end.' },
  'messages/remove-not-author': { id: /*i18n*/ 'error.messages/remove-not-author', message: 'Only an admin, or its author, can remove a message.' },
  'messages/remove-too-late': { id: /*i18n*/ 'error.messages/remove-too-late', message: 'A message can be taken back only within {minutes} minutes of writing it.' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** The parts of a sentence that vary, by placeholder name: numbers as numbers. */
export type ErrorValues = Record<string, string | number>;

/** Each code's message id, for `i18n._(ERROR_MESSAGE_IDS[code], values)`. */
export const ERROR_MESSAGE_IDS = /* @__PURE__ */ Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.id])) as Record<
  ErrorCode,
  string
>;

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERRORS, code);

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names of the parts that vary in a code's sentence, in the order the sentence says them. */
export function errorPlaceholders(code: ErrorCode): string[] {
  return [...errorText(code).matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** A code's English sentence with its varying parts filled in (a part without a value is left as `{name}`). */
export function errorText(code: ErrorCode, values?: ErrorValues): string {
  // The types let only codes through; a sentence cast past them is a bug to hear of, not an answer to guess.
  if (!isErrorCode(code)) throw new TypeError(`Not an error code of shared/src/errors.ts: ${String(code)}`);
  const message: string = ERRORS[code].message;
  if (!values) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * What of a zod issue its code's values come from. Structural, so that this module needs no zod: a zod issue is one,
 * and so is a hand-written `{ message }`.
 */
export interface IssueLike {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey>;
  /** too_big */
  readonly maximum?: unknown;
  /** too_small */
  readonly minimum?: unknown;
  /** invalid_value (an enum): the values allowed. */
  readonly values?: ReadonlyArray<unknown>;
  /** custom (a refine or an added issue): what its sentence names. */
  readonly params?: Readonly<Record<string, unknown>>;
}

const valueOf = (v: unknown): string | number | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'number' || typeof v === 'string' ? v : typeof v === 'bigint' ? Number(v) : String(v);

/**
 * The code a shared schema gave an issue as its message, with the parts its sentence names, taken from the issue:
 * `{max}` from a too_big, `{min}` from a too_small, `{allowed}` from an enum's values, and anything from a custom
 * issue's params. Undefined for an issue without a code (zod's own words).
 */
export function issueError(issue: IssueLike): { code: ErrorCode; values?: ErrorValues } | undefined {
  const code = issue.message;
  if (!isErrorCode(code)) return undefined;
  const values: ErrorValues = {};
  for (const name of errorPlaceholders(code)) {
    const value = valueOf(
      issue.params?.[name] ??
        (name === 'max' ? issue.maximum : name === 'min' ? issue.minimum : name === 'allowed' ? issue.values?.map(String).join(', ') : undefined),
    );
    if (value !== undefined) values[name] = value;
  }
  return Object.keys(values).length > 0 ? { code, values } : { code };
}

/** An issue in English: its code's sentence, or zod's own words as they are. */
export function issueText(issue: IssueLike): string {
  const found = issueError(issue);
  return found ? errorText(found.code, found.values) : issue.message;
}
