import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { CharityRequestCreateSchema } from './charity-request.ts';

const errors = (input: unknown) =>
  CharityRequestCreateSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`) ?? [];

describe('CharityRequestCreateSchema', () => {
  it("gives the charity role form the spec's messages", () => {
    expect(errors({ organization: ' ', mission: '' })).toEqual([
      'organization: Organization is required',
      'mission: Mission statement is required',
      'paymentId: Payment is required',
    ]);
  });

  it('keeps only the fields a charity may send, trimmed (status and amount are the server\'s)', () => {
    expect(
      CharityRequestCreateSchema.parse({ organization: ' Food Aid ', mission: 'Feed people', paymentId: 'pi_1', status: 'approved', paymentAmount: 0 }),
    ).toEqual({ organization: 'Food Aid', mission: 'Feed people', paymentId: 'pi_1' });
  });
});
