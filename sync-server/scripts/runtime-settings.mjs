// @ts-check
// How the built server's process is started (scripts/start.mjs; the image's ENV and CMD and the bench hold the same):
// settings read when the process starts, which the server cannot change from inside. Why, what they buy and how to
// remove them: docs/decisions/014-runtime-flags.md (measurements in ADR 009).

/**
 * A fixed mmap threshold turns off glibc's raising of it, after which large freed blocks (scrypt's 16 MB per hash)
 * stay resident in the threads' arenas.
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) };

/** V8's background threads sized to the cores (1 on 2 cores, not 4): each keeps freed memory in a glibc arena. */
export const NODE_FLAGS = ['--v8-pool-size=0'];
