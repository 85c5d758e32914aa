// @ts-check
// How the built server's process is started (scripts/start.mjs; the image's ENV and CMD and the bench hold the same):
// settings read when the process starts, which the server cannot change from inside.

/**
 * glibc serves a block above its mmap threshold with a mapping of its own, returned on free; but each such free
 * raises the threshold to that block's size (up to 32 MB), after which blocks that big come from the thread's arena
 * and stay resident. Password hashing (scrypt, 16 MB per hash in each of libuv's 4 threads) leaves 64 MB behind that
 * way. A fixed threshold turns the adjustment off: on the 500-stream bench, 430 -> 282 MB (issue 9).
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) };

/**
 * V8's background threads (concurrent marking and sweeping, optimising compiles) each allocate from a glibc arena of
 * their own, and glibc gives an arena's freed memory back only from its top. Node starts 4 of them whatever the
 * cores; on a 2-core host their arenas held 20-55 MB of freed memory after the 500-stream bench (malloc_stats(), and
 * malloc_trim() returned it). 0 lets Node size the pool to the cores the main thread leaves (1 on 2 cores): 240-252 MB
 * against 246-283 MB over four starts each (issue 9).
 */
export const NODE_FLAGS = ['--v8-pool-size=0'];
