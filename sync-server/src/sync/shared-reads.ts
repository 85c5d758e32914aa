/**
 * Reads shared by the pull streams of one process (issue 9). After a change every open stream wakes and reads what
 * is new from its checkpoint; streams of one scope that were caught up sit at the same checkpoint, so they would
 * all run the same query. Here the first runs it and the others take its answer: one query per change per scope,
 * whatever the number of streams. Each stream still maps the rows to documents as its own caller may see them.
 *
 * An answer is shared only until the next change notice (`invalidate`, called by every stream's listener before it
 * wakes its stream): a stream that read an answer started before a change was also woken by that change, and reads
 * again. So sharing never hides a committed change from a stream.
 */
export class SharedReads {
  private answers = new Map<string, Promise<unknown>>();

  constructor(private readonly counted?: (result: 'query' | 'shared') => void) {}

  /** The answer of `read` for `key`, run once until the next `invalidate`. A failed read is not kept. */
  read<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.answers.get(key) as Promise<T> | undefined;
    if (known) {
      this.counted?.('shared');
      return known;
    }
    this.counted?.('query');
    const answer = read();
    this.answers.set(key, answer);
    answer.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    return answer;
  }

  invalidate(): void {
    this.answers.clear();
  }

  /** Answers kept now (for tests). */
  get size(): number {
    return this.answers.size;
  }
}
