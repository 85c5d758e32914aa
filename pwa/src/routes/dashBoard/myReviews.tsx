import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MyReviewsPage } from '@/features/account/components/my-reviews-page';

export const Route = createFileRoute('/dashBoard/myReviews')({
  component: () => (
    <RequireAuth>
      <MyReviewsPage />
    </RequireAuth>
  ),
});
