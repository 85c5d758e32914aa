import type { I18n } from '@lingui/core';
import { CHARITY_ROLE_FEE_DOLLARS } from '@foodbridge/shared/constants';

/**
 * The charity-role fee in the reader's way of writing dollars: '$25' in a sentence, '$25.00' with `cents` (the
 * narrow symbol keeps English, whose formats are en-GB's, from saying 'US$').
 */
export function feeText(i18n: I18n, { cents = false }: { cents?: boolean } = {}): string {
  const whole = !cents && Number.isInteger(CHARITY_ROLE_FEE_DOLLARS);
  return i18n.number(CHARITY_ROLE_FEE_DOLLARS, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}
