// Calls of the screens every signed-in role shares: own profile, favourites, reviews and transactions.
import { apiPath, call } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

export type { Transaction } from '@foodbridge/shared/schemas/charity-request';

export const useMyAccount = () => useApi(apiPath('GET /users/me'));

export const removeFavorite = (favoriteId: string) => call('DELETE /favorites/{favoriteId}', { params: { favoriteId } });

export const useMyReviews = (email: string | undefined) => useApi(email ? apiPath('GET /my-reviews/{email}', { params: { email } }) : null);
export const deleteReview = (id: string) => call('DELETE /reviews/{id}', { params: { id } });

export const useTransactions = () => useApi(apiPath('GET /transactions'));
