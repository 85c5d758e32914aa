// Calls of the screens every signed-in role shares: own profile, favourites, reviews and transactions.
import type { CharityRequestStatus } from '@foodbridge/shared/constants';
import type { Review } from '@foodbridge/shared/schemas/review';
import type { User } from '@foodbridge/shared/schemas/user';
import type { Deleted } from '@foodbridge/shared/schemas/common';
import { api } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

/** A row of GET /transactions: one charity-role fee, amount in dollars. */
export interface Transaction {
  transactionId: string;
  amount: number;
  organization: string;
  requestDate: string;
  status: CharityRequestStatus;
}

const byEmail = (base: string, email: string | undefined) => (email ? `${base}/${encodeURIComponent(email)}` : null);

export const useMyAccount = () => useApi<User>('/users/me');

/** Online path; see favorites.ts. */
export const favoritesPath = (email: string) => `/favorites/${encodeURIComponent(email)}`;
export const removeFavorite = (favoriteId: string) => api.del<Deleted>(`/favorites/${encodeURIComponent(favoriteId)}`);

export const useMyReviews = (email: string | undefined) => useApi<Review[]>(byEmail('/my-reviews', email));
export const deleteReview = (reviewId: string) => api.del<Deleted>(`/reviews/${encodeURIComponent(reviewId)}`);

export const useTransactions = () => useApi<Transaction[]>('/transactions');
