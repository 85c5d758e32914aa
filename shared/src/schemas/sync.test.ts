import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { FavoriteCreateSchema } from './favorite.ts';
import { FavoritePushBodySchema, SYNC_PUSH_MAX_ROWS } from './sync.ts';

const row = (id: string) => ({ newDocumentState: { _id: id, donationId: 'd1', email: 'ada@example.com' } });
const messages = (r: { error?: { issues: { message: string }[] } | undefined }) => r.error?.issues.map(issueText) ?? [];

describe('FavoritePushBodySchema', () => {
  it('reads a pushed favourite as not deleted unless it says so, and drops the donation fields', () => {
    const [parsed] = FavoritePushBodySchema.parse([{ newDocumentState: { ...row('f1').newDocumentState, title: 'Bread', status: 'Picked' } }]);
    expect(parsed).toEqual({ newDocumentState: { _id: 'f1', donationId: 'd1', email: 'ada@example.com', _deleted: false } });
  });

  it('accepts at most 200 rows in one push', () => {
    expect(FavoritePushBodySchema.safeParse(Array.from({ length: SYNC_PUSH_MAX_ROWS }, (_, i) => row(`f${i}`))).success).toBe(true);
    expect(messages(FavoritePushBodySchema.safeParse(Array.from({ length: SYNC_PUSH_MAX_ROWS + 1 }, (_, i) => row(`f${i}`))))).toEqual([
      'At most 200 rows per push',
    ]);
  });

  it('refuses a body that is not a list of rows with a readable message', () => {
    expect(messages(FavoritePushBodySchema.safeParse({ rows: [] }))).toEqual(['The push body must be an array of rows']);
  });
});

describe('FavoriteCreateSchema', () => {
  it('lets an offline-created favourite bring its own id, which must be a UUID', () => {
    const donationId = '0b6c1f3e-6f0a-4d55-9a43-1d2f3c4b5a69';
    const favoriteId = '7d9f4a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6';
    expect(FavoriteCreateSchema.parse({ donationId, favoriteId })).toEqual({ donationId, favoriteId });
    expect(FavoriteCreateSchema.parse({ donationId })).toEqual({ donationId });
    expect(messages(FavoriteCreateSchema.safeParse({ donationId, favoriteId: 'local-1' }))).toEqual(['Invalid id']);
  });
});
