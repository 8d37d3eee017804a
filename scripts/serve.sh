#!/bin/sh
# Starts the portal (`npm run serve`; the e2e suite and `npm run cluster` start it the same way).
# glibc gives each thread that allocates at the same time as another a malloc arena of its own
# (up to 8 per core) and keeps what those arenas freed: the parse workers of a sync, V8's helper
# threads and libuv's pool left 20-80 MB of a portal's resident memory that way
# (bench/search/memory.ts, 5,000-20,000 pages). Two arenas, unless the environment sets another
# limit; other C libraries ignore the variable.
MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_ARENA_MAX
# glibc serves a block of 128 KiB or more from a mapping of its own, returned to the system when
# freed, but raises that threshold to the size of each such block freed (up to 32 MiB): after the
# sync's growing arrays and long posting lists had been freed once, their successors came from
# the heap, which keeps freed memory between live blocks. The portal's memory after a sync and
# searches grew with the corpus that way (330, 438, 471, 545 MB at 2,000, 10,000, 20,000 and
# 40,000 pages; with the threshold fixed: 347, 396, 427, 436). Lists decoded again and again are
# then mapped anew each time: a search's median took 15-20 % longer at 40,000 pages, 5-18 % at
# 20,000, no longer at 10,000 (524288 costs about 5 % at 40,000 and holds 331, 407, 449, 476 MB).
# A fixed threshold, unless set; set empty, glibc's own self-adjusting one (as in the bench's
# comparisons: bench/search/results/memory-2026-11-29-session15.md).
if [ -z "${MALLOC_MMAP_THRESHOLD_+set}" ]; then
  MALLOC_MMAP_THRESHOLD_=131072
fi
if [ -z "$MALLOC_MMAP_THRESHOLD_" ]; then
  unset MALLOC_MMAP_THRESHOLD_
else
  export MALLOC_MMAP_THRESHOLD_
fi
cd "$(dirname "$0")/.." || exit 1
exec node --import tsx packages/server/src/main.ts "$@"
