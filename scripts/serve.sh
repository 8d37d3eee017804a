#!/bin/sh
# Starts the portal (`npm run serve`; the e2e suite and `npm run cluster` start it the same way).
# glibc gives each thread that allocates at the same time as another a malloc arena of its own
# (up to 8 per core) and keeps what those arenas freed: the parse workers of a sync, V8's helper
# threads and libuv's pool left 20-80 MB of a portal's resident memory that way
# (bench/search/memory.ts, 5,000-20,000 pages). Two arenas, unless the environment sets another
# limit; other C libraries ignore the variable.
MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_ARENA_MAX
cd "$(dirname "$0")/.." || exit 1
exec node --import tsx packages/server/src/main.ts "$@"
