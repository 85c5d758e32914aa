// Runs before every server test file (vitest.config.ts).
import { afterAll } from 'vitest';
import { lowerPasswordCostForTests } from '../auth/passwords.ts';
import { takeUndeclaredErrors } from './answered-errors.ts';

// Hundreds of accounts are registered and signed in: scrypt at cost 2^10 instead of 2^14 (1.4 ms of CPU a hash
// instead of 26). What is tested is the same: hashes are made and checked by the same code, with their own parameters.
lowerPasswordCostForTests(1024);

// Each refusal a test file's calls got must be declared by its route (testing/answered-errors.ts).
afterAll(() => {
  const undeclared = takeUndeclaredErrors();
  if (undeclared.length > 0) {
    throw new Error(`Answers not declared by their routes (add the code to the route's responses):\n${undeclared.join('\n')}`);
  }
});
