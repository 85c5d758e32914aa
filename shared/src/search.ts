// How searching compares text, one rule for the server's lists (migration 025's donations.search_text and the ?q=
// words) and the app's own list on a device, so that the same words find the same donations on both.

/**
 * The letters a search folds, and what each folds to, letter for letter. Migration 025 holds the same two alphabets
 * for SQL's translate(); changing them means a migration that rebuilds search_text.
 */
export const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźżžß';
export const PLAIN = 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzs';

const PLAIN_OF = new Map([...ACCENTED].map((ch, i) => [ch, PLAIN[i]!]));
const FOLDED = new RegExp(`[${ACCENTED}]`, 'gu');

/** Lower case without accents: 'Crème brûlée' is found by 'creme brulee', 'Łódź' by 'lodz'. */
export function searchFold(text: string): string {
  return text.toLowerCase().replace(FOLDED, (ch) => PLAIN_OF.get(ch)!);
}
