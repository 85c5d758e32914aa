import { createFileRoute } from '@tanstack/react-router';
import { AccessDenied } from '@/features/auth/access-denied';

export const Route = createFileRoute('/_public/unAuthorized')({ component: AccessDenied });
