// Made by `npm run api-types` from the route table (sync-server/src/routes/table.ts). Do not edit: change the
// route's declaration and run it again (sync-server/src/openapi/client-types.test.ts fails while this is stale).
import type { z } from 'zod';
import type * as S from '@foodbridge/shared';

/** Each JSON route of the API: its path parameters, query, body and answer. */
export interface ApiRoutes {
  'GET /healthz': {
    params: {};
    query: {};
    body: undefined;
    answer: { status: string; message?: string | undefined };
  };
  'GET /readyz': {
    params: {};
    query: {};
    body: undefined;
    answer: { status: string; message?: string | undefined };
  };
  'GET /openapi.json': {
    params: {};
    query: {};
    body: undefined;
    answer: { openapi: string; [key: string]: unknown };
  };
  'GET /.well-known/jwks.json': {
    params: {};
    query: {};
    body: undefined;
    answer: { keys: Array<{ kty: string; kid?: string | undefined; [key: string]: unknown }> };
  };
  'GET /auth/config': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.AuthConfigSchema>;
  };
  'POST /auth/register': {
    params: {};
    query: {};
    body: z.input<typeof S.RegisterSchema>;
    answer: z.output<typeof S.AuthSessionSchema>;
  };
  'POST /auth/login': {
    params: {};
    query: {};
    body: z.input<typeof S.LoginSchema>;
    answer: z.output<typeof S.AuthSessionSchema>;
  };
  'POST /auth/refresh': {
    params: {};
    query: {};
    body: z.input<typeof S.RefreshSchema>;
    answer: z.output<typeof S.AuthSessionSchema>;
  };
  'POST /auth/logout': {
    params: {};
    query: {};
    body: z.input<typeof S.LogoutSchema>;
    answer: undefined;
  };
  'POST /auth/verification-email': {
    params: {};
    query: {};
    body: undefined;
    answer: undefined;
  };
  'POST /auth/verify-email': {
    params: {};
    query: {};
    body: z.input<typeof S.VerifyEmailSchema>;
    answer: { user: z.output<typeof S.UserSchema> };
  };
  'POST /auth/password-reset-email': {
    params: {};
    query: {};
    body: z.input<typeof S.PasswordResetEmailSchema>;
    answer: undefined;
  };
  'POST /auth/reset-password': {
    params: {};
    query: {};
    body: z.input<typeof S.ResetPasswordSchema>;
    answer: undefined;
  };
  'POST /auth/change-password': {
    params: {};
    query: {};
    body: z.input<typeof S.ChangePasswordSchema>;
    answer: z.output<typeof S.AuthSessionSchema>;
  };
  'POST /auth/change-email': {
    params: {};
    query: {};
    body: z.input<typeof S.ChangeEmailSchema>;
    answer: undefined;
  };
  'GET /users': {
    params: {};
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.UserSchema>>;
  };
  'POST /users': {
    params: {};
    query: {};
    body: z.input<typeof S.UserUpsertSchema>;
    answer: { _id: string; name: string; email: string; role: "user" | "restaurant" | "charity" | "admin"; displayName?: string | undefined; photoURL?: string | undefined; mission?: string | undefined; address?: string | undefined; phone?: string | undefined; createdAt: string; created_at: string; last_login?: string | undefined; emailVerified?: boolean | undefined; latitude?: number | undefined; longitude?: number | undefined; locale?: "en" | "es" | "ar" | undefined; insertedId: z.output<typeof S.IdSchema> };
  };
  'GET /users/me': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.UserSchema>;
  };
  'PATCH /users/me': {
    params: {};
    query: {};
    body: z.input<typeof S.ProfileUpdateSchema>;
    answer: { modifiedCount: number; user: z.output<typeof S.UserSchema> };
  };
  'GET /users/me/export': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.AccountExportSchema>;
  };
  'DELETE /users/me': {
    params: {};
    query: {};
    body: z.input<typeof S.AccountDeleteSchema> | undefined;
    answer: { deletedCount: number };
  };
  'GET /users/search': {
    params: {};
    query: { email: string | number | undefined };
    body: undefined;
    answer: z.output<typeof S.UserSchema>;
  };
  'GET /users/role/{email}': {
    params: { email: string };
    query: {};
    body: undefined;
    answer: { role: "user" | "restaurant" | "charity" | "admin" };
  };
  'PATCH /users/role/{id}': {
    params: { id: string };
    query: {};
    body: z.input<typeof S.RoleUpdateSchema>;
    answer: { modifiedCount: number };
  };
  'DELETE /users/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'GET /charity-requests': {
    params: {};
    query: { status?: string | number | undefined; email?: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<(z.output<typeof S.CharityRequestSchema>) | (z.output<typeof S.CharityRequestPublicSchema>)>;
  };
  'POST /charity-requests': {
    params: {};
    query: {};
    body: z.input<typeof S.CharityRequestCreateSchema>;
    answer: { insertedId: z.output<typeof S.IdSchema>; mode?: "test" | undefined };
  };
  'PATCH /charity-requests/approve/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'PATCH /charity-requests/reject/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'POST /create-payment-intent': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.PaymentIntentResponseSchema>;
  };
  'POST /test-payments/{id}/confirm': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { id: string; status: "succeeded"; mode: "test" };
  };
  'GET /transactions': {
    params: {};
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.TransactionSchema>>;
  };
  'POST /reviews': {
    params: {};
    query: {};
    body: z.input<typeof S.ReviewCreateSchema>;
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'GET /reviews/{donationId}': {
    params: { donationId: string };
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.ReviewSchema>>;
  };
  'GET /my-reviews/{email}': {
    params: { email: string };
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.ReviewSchema>>;
  };
  'DELETE /reviews/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'POST /favorites': {
    params: {};
    query: {};
    body: z.input<typeof S.FavoriteCreateSchema>;
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'GET /favorites/{email}': {
    params: { email: string };
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.FavoriteSchema>>;
  };
  'DELETE /favorites/{favoriteId}': {
    params: { favoriteId: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'GET /donations': {
    params: {};
    query: { status?: string | number | undefined; q?: string | number | undefined; foodType?: string | number | undefined; dietary?: string | number | undefined; freeFrom?: string | number | undefined; sort?: string | number | undefined; near?: string | number | undefined; pickup?: string | number | undefined; tz?: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.DonationSchema>>;
  };
  'GET /donations/verified': {
    params: {};
    query: { q?: string | number | undefined; foodType?: string | number | undefined; dietary?: string | number | undefined; freeFrom?: string | number | undefined; sort?: string | number | undefined; near?: string | number | undefined; pickup?: string | number | undefined; tz?: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.DonationSchema>>;
  };
  'GET /donations/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: z.output<typeof S.DonationSchema>;
  };
  'POST /donations': {
    params: {};
    query: {};
    body: z.input<typeof S.DonationCreateSchema>;
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'PATCH /donations/{id}': {
    params: { id: string };
    query: {};
    body: z.input<typeof S.DonationUpdateSchema>;
    answer: { modifiedCount: number };
  };
  'DELETE /donations/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'PATCH /donations/verify/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'PATCH /donations/reject/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'PATCH /donations/pickup/{id}': {
    params: { id: string };
    query: {};
    body: z.input<typeof S.PickupReportSchema> | undefined;
    answer: { modifiedCount: number; donation: z.output<typeof S.DonationSchema> };
  };
  'DELETE /donations/pickup/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number; donation: z.output<typeof S.DonationSchema> };
  };
  'POST /donations/{id}/claim': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number; donation: z.output<typeof S.DonationSchema> };
  };
  'PATCH /donations/{id}/assignee': {
    params: { id: string };
    query: {};
    body: z.input<typeof S.AssigneeUpdateSchema>;
    answer: { modifiedCount: number; donation: z.output<typeof S.DonationSchema> };
  };
  'PATCH /donations/review/{id}': {
    params: { id: string };
    query: {};
    body: z.input<typeof S.DonationReviewSchema>;
    answer: { modifiedCount: number; donation: z.output<typeof S.DonationSchema> };
  };
  'GET /my-pickups': {
    params: {};
    query: { email: string | number | undefined; status?: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.PickupItemSchema>>;
  };
  'PATCH /donations/{id}/not-collected': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number; donation: z.output<typeof S.DonationSchema> };
  };
  'POST /donation-requests': {
    params: {};
    query: {};
    body: z.input<typeof S.DonationRequestCreateSchema>;
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'GET /donation-requests': {
    params: {};
    query: { restaurantEmail?: string | number | undefined; charityEmail?: string | number | undefined; status?: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.DonationRequestListItemSchema>>;
  };
  'PATCH /donation-requests/accept/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number; rejectedCount: number };
  };
  'PATCH /donation-requests/reject/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'DELETE /donation-requests/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number; reopenedCount?: number | undefined };
  };
  'POST /sync/stream-ticket': {
    params: {};
    query: { count?: string | number | undefined };
    body: undefined;
    answer: { ticket: string; tickets?: Array<string> | undefined; expiresIn: number };
  };
  'GET /sync/{collection}/pull': {
    params: { collection: string };
    query: { id?: string | number | undefined; seq?: string | number | undefined; limit?: string | number | undefined };
    body: undefined;
    answer: (z.output<typeof S.DonationPullResultSchema>) | (z.output<typeof S.FavoritePullResultSchema>) | (z.output<typeof S.DonationRequestPullResultSchema>) | (z.output<typeof S.NotificationPullResultSchema>) | (z.output<typeof S.MessagePullResultSchema>);
  };
  'POST /sync/{collection}/push': {
    params: { collection: string };
    query: {};
    body: z.input<typeof S.FavoritePushBodySchema>;
    answer: z.output<typeof S.FavoritePushResultSchema>;
  };
  'GET /impact': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.ImpactSchema>;
  };
  'GET /dashboard': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.DashboardSchema>;
  };
  'GET /history': {
    params: {};
    query: { donationId?: string | number | undefined; actor?: string | number | undefined; kind?: string | number | undefined; limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.HistoryEntrySchema>>;
  };
  'GET /donations/{id}/history': {
    params: { id: string };
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.HistoryEntrySchema>>;
  };
  'GET /notifications': {
    params: {};
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.NotificationSchema>>;
  };
  'PATCH /notifications/{id}/read': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: z.output<typeof S.NotificationSchema>;
  };
  'POST /notifications/read-all': {
    params: {};
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'GET /push/public-key': {
    params: {};
    query: {};
    body: undefined;
    answer: { publicKey: string };
  };
  'POST /push/subscriptions': {
    params: {};
    query: {};
    body: z.input<typeof S.PushSubscribeSchema>;
    answer: z.output<typeof S.PushDeviceSchema>;
  };
  'PATCH /push/subscriptions': {
    params: {};
    query: {};
    body: z.input<typeof S.PushPreferencesSchema>;
    answer: z.output<typeof S.PushDeviceSchema>;
  };
  'DELETE /push/subscriptions': {
    params: {};
    query: { endpoint?: string | number | undefined };
    body: z.input<typeof S.PushEndpointSchema> | undefined;
    answer: { deletedCount: number };
  };
  'POST /push/test': {
    params: {};
    query: {};
    body: z.input<typeof S.PushTestSchema> | undefined;
    answer: z.output<typeof S.PushSendResultSchema>;
  };
  'GET /map/config': {
    params: {};
    query: {};
    body: undefined;
    answer: { tilesUrl: string; attribution: string; geocoder: boolean };
  };
  'GET /geocode': {
    params: {};
    query: { q: string | number | undefined };
    body: undefined;
    answer: Array<z.output<typeof S.GeocodeResultSchema>>;
  };
  'GET /donations/{id}/pickup-report': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: z.output<typeof S.StoredPickupReportSchema>;
  };
  'PUT /donations/{id}/pickup-report': {
    params: { id: string };
    query: {};
    body: z.input<typeof S.PickupReportSchema>;
    answer: z.output<typeof S.CorrectedPickupReportSchema>;
  };
  'GET /donations/pickup/{donationId}/photos/{photoId}': {
    params: { donationId: string; photoId: string };
    query: {};
    body: undefined;
    answer: z.output<typeof S.PickupPhotoUploadSchema>;
  };
  'GET /donations/{donationId}/pickup-photos': {
    params: { donationId: string };
    query: {};
    body: undefined;
    answer: Array<z.output<typeof S.PickupPhotoSchema>>;
  };
  'GET /me/charity-preferences': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.CharityPreferencesSchema>;
  };
  'PUT /me/charity-preferences': {
    params: {};
    query: {};
    body: z.input<typeof S.CharityPreferencesSchema>;
    answer: z.output<typeof S.CharityPreferencesSchema>;
  };
  'GET /organisations/mine': {
    params: {};
    query: {};
    body: undefined;
    answer: z.output<typeof S.OrganisationSchema>;
  };
  'PATCH /organisations/mine': {
    params: {};
    query: {};
    body: z.input<typeof S.OrganisationProfileUpdateSchema>;
    answer: z.output<typeof S.OrganisationSchema>;
  };
  'POST /organisations/mine/invitations': {
    params: {};
    query: {};
    body: z.input<typeof S.InvitationInputSchema>;
    answer: z.output<typeof S.InvitationSchema>;
  };
  'GET /organisations/mine/invitations': {
    params: {};
    query: {};
    body: undefined;
    answer: Array<z.output<typeof S.InvitationSchema>>;
  };
  'DELETE /organisations/mine/invitations/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'POST /invitations/preview': {
    params: {};
    query: {};
    body: z.input<typeof S.AcceptInvitationSchema>;
    answer: z.output<typeof S.InvitationPreviewSchema>;
  };
  'POST /invitations/accept': {
    params: {};
    query: {};
    body: z.input<typeof S.AcceptInvitationSchema>;
    answer: { organisation: z.output<typeof S.OrganisationSchema> };
  };
  'PATCH /organisations/mine/members/{userId}': {
    params: { userId: string };
    query: {};
    body: z.input<typeof S.MemberRoleUpdateSchema>;
    answer: { modifiedCount: number };
  };
  'DELETE /organisations/mine/members/{userId}': {
    params: { userId: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'PUT /organisations/mine/owner': {
    params: {};
    query: {};
    body: z.input<typeof S.OwnerTransferSchema>;
    answer: { modifiedCount: number };
  };
  'POST /calendar/token': {
    params: {};
    query: {};
    body: undefined;
    answer: { url: string };
  };
  'POST /donation-series': {
    params: {};
    query: {};
    body: { title: string; foodType: "Bakery" | "Produce" | "Cooked Meal" | "Packaged Goods"; quantity: number; unit: "kg" | "portions"; image: z.input<typeof S.ImageUrlSchema>; location: string; latitude?: z.input<typeof S.LatitudeSchema> | undefined; longitude?: z.input<typeof S.LongitudeSchema> | undefined; weekdays?: Array<number> | undefined; rrule?: string | undefined; windowStart: string; windowEnd: string; timeZone: string; startDate: string; endDate?: string | undefined; keepsHours: number };
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'GET /donation-series': {
    params: {};
    query: {};
    body: undefined;
    answer: Array<{ _id: string; title: string; foodType: "Bakery" | "Produce" | "Cooked Meal" | "Packaged Goods"; quantity: number; unit: "kg" | "portions"; image: string; location: string; latitude?: number | undefined; longitude?: number | undefined; weekdays?: Array<number> | undefined; rrule?: string | undefined; windowStart: string; windowEnd: string; timeZone: string; startDate: string; endDate?: string | undefined; keepsHours: number; status: "Pending" | "Verified" | "Rejected" | "Ended"; reverifyReason?: string | undefined; paused: boolean; restaurantName: string; restaurantEmail: string; createdAt: string; updatedAt: string; endedAt?: string | undefined; skippedDates: Array<string>; nextDates: Array<string>; standingPickup?: { requestId: string; charityName: string; status: "Pending" | "Accepted" | "Declined" | "Ended"; assigneeName?: string | undefined } | undefined }>;
  };
  'GET /donation-series/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { _id: string; title: string; foodType: "Bakery" | "Produce" | "Cooked Meal" | "Packaged Goods"; quantity: number; unit: "kg" | "portions"; image: string; location: string; latitude?: number | undefined; longitude?: number | undefined; weekdays?: Array<number> | undefined; rrule?: string | undefined; windowStart: string; windowEnd: string; timeZone: string; startDate: string; endDate?: string | undefined; keepsHours: number; status: "Pending" | "Verified" | "Rejected" | "Ended"; reverifyReason?: string | undefined; paused: boolean; restaurantName: string; restaurantEmail: string; createdAt: string; updatedAt: string; endedAt?: string | undefined; skippedDates: Array<string>; nextDates: Array<string>; standingPickup?: { requestId: string; charityName: string; status: "Pending" | "Accepted" | "Declined" | "Ended"; assigneeName?: string | undefined } | undefined };
  };
  'PATCH /donation-series/{id}': {
    params: { id: string };
    query: {};
    body: { title?: string | undefined; foodType?: "Bakery" | "Produce" | "Cooked Meal" | "Packaged Goods" | undefined; quantity?: number | undefined; image?: z.input<typeof S.ImageUrlSchema> | undefined; location?: string | undefined; latitude?: z.input<typeof S.LatitudeSchema> | undefined | undefined; longitude?: z.input<typeof S.LongitudeSchema> | undefined | undefined; weekdays?: Array<number> | undefined | undefined; rrule?: string | undefined | undefined; windowStart?: string | undefined; windowEnd?: string | undefined; timeZone?: string | undefined; startDate?: string | undefined; keepsHours?: number | undefined; unit?: "kg" | "portions" | undefined | undefined; endDate?: string | null | undefined | undefined; paused?: boolean | undefined | undefined };
    answer: { _id: string; title: string; foodType: "Bakery" | "Produce" | "Cooked Meal" | "Packaged Goods"; quantity: number; unit: "kg" | "portions"; image: string; location: string; latitude?: number | undefined; longitude?: number | undefined; weekdays?: Array<number> | undefined; rrule?: string | undefined; windowStart: string; windowEnd: string; timeZone: string; startDate: string; endDate?: string | undefined; keepsHours: number; status: "Pending" | "Verified" | "Rejected" | "Ended"; reverifyReason?: string | undefined; paused: boolean; restaurantName: string; restaurantEmail: string; createdAt: string; updatedAt: string; endedAt?: string | undefined; skippedDates: Array<string>; nextDates: Array<string>; standingPickup?: { requestId: string; charityName: string; status: "Pending" | "Accepted" | "Declined" | "Ended"; assigneeName?: string | undefined } | undefined };
  };
  'PATCH /donation-series/verify/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'PATCH /donation-series/reject/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'POST /donation-series/{id}/skip': {
    params: { id: string };
    query: {};
    body: { date: string };
    answer: { modifiedCount: number };
  };
  'DELETE /donation-series/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
  'POST /donation-series/{id}/requests': {
    params: { id: string };
    query: {};
    body: { requestDescription: string; assigneeId?: string | undefined };
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'GET /series-requests': {
    params: {};
    query: {};
    body: undefined;
    answer: Array<{ _id: string; seriesId: string; seriesTitle: string; restaurantName: string; charityName: string; charityEmail?: string | undefined; requestDescription: string; assigneeName?: string | undefined; status: "Pending" | "Accepted" | "Declined" | "Ended"; createdAt: string; decidedAt?: string | undefined; endedAt?: string | undefined }>;
  };
  'PATCH /series-requests/accept/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number; givenCount: number };
  };
  'PATCH /series-requests/decline/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { modifiedCount: number };
  };
  'DELETE /series-requests/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number; releasedCount: number };
  };
  'GET /donation-requests/{id}/messages': {
    params: { id: string };
    query: { limit?: number | undefined; cursor?: string | undefined };
    body: undefined;
    answer: Array<{ _id: string; requestId: string; donationId: string; authorName: string; authorSide: "restaurant" | "charity" | "admin"; body: string; image?: string | undefined; createdAt: string; mine: boolean }>;
  };
  'POST /donation-requests/{id}/messages': {
    params: { id: string };
    query: {};
    body: { body: string; image?: string | undefined };
    answer: { insertedId: z.output<typeof S.IdSchema> };
  };
  'POST /donation-requests/{id}/messages/read': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { unreadMessages: number; muted: boolean };
  };
  'PUT /donation-requests/{id}/messages/mute': {
    params: { id: string };
    query: {};
    body: { muted: boolean };
    answer: { unreadMessages: number; muted: boolean };
  };
  'DELETE /messages/{id}': {
    params: { id: string };
    query: {};
    body: undefined;
    answer: { deletedCount: number };
  };
}
