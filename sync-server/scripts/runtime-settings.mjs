// @ts-check
/**
 * The environment the built server runs with (scripts/start.mjs; the image's ENV and the bench hold the same).
 *
 * glibc serves a block above its mmap threshold with a mapping of its own, returned on free; but each such free
 * raises the threshold to that block's size (up to 32 MB), after which blocks that big come from the thread's arena
 * and stay resident. Password hashing (scrypt, 16 MB per hash in each of libuv's 4 threads) leaves 64 MB behind that
 * way. A fixed threshold turns the adjustment off: on the 500-stream bench, 430 -> 282 MB (issue 9). glibc reads it
 * when the process starts, so it cannot be set from inside the server.
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) };
