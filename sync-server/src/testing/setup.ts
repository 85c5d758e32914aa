// Runs before every server test file (vitest.config.ts).
import { lowerPasswordCostForTests } from '../auth/passwords.ts';

// Hundreds of accounts are registered and signed in: scrypt at cost 2^10 instead of 2^14 (1.4 ms of CPU a hash
// instead of 26). What is tested is the same: hashes are made and checked by the same code, with their own parameters.
lowerPasswordCostForTests(1024);
