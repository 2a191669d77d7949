#include "theolua_support.h"

#include <stdlib.h>

/// Small blocks for a Lua state: most of what Lua allocates (tables, strings, closures,
/// userdata, short arrays) is a few dozen bytes, freed as often as it is made. Blocks of
/// up to THEOLUA_SMALL_LIMIT bytes come from 64 KiB arenas, in size classes of 16 bytes,
/// and go back to their class's free list; Lua tells the allocator each block's size,
/// so blocks carry no header. Arenas are returned when the state closes.

/// Under AddressSanitizer every block is its own malloc block instead: carved from an
/// arena, a block has no redzones and a freed one is handed out again at once, so the
/// sanitizer could not see a read past a userdata or of a collected object by the
/// bridge's C and Swift code, which reads Lua's blocks directly.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define THEOLUA_BLOCKS_ARE_MALLOC 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(THEOLUA_BLOCKS_ARE_MALLOC)
#define THEOLUA_BLOCKS_ARE_MALLOC 1
#endif

#ifdef THEOLUA_BLOCKS_ARE_MALLOC

/* The blocks are kept in a set, so that closing the state frees the ones Lua never
   returned, as freeing the arenas does (the blocks the quarantine's dead objects hold). */
void *theolua_block_alloc(theolua_support *support, size_t size) {
    void *block = malloc(size);
    if (block != NULL && !theolua_block_set_add(&support->outstanding, block, size)) {
        free(block);
        return NULL;
    }
    return block;
}

void theolua_block_free(theolua_support *support, void *block, size_t size) {
    (void)size;
    theolua_block_set_take(&support->outstanding, block);
    free(block);
}

static void theolua_free_outstanding(void *context, void *block, size_t size) {
    (void)context;
    (void)size;
    free(block);
}

int theolua_same_block_class(size_t a, size_t b) {
    /* Every resize moves the block, so a stale pointer to the old one is caught. */
    (void)a;
    (void)b;
    return 0;
}

void theolua_release_blocks(theolua_support *support) {
    theolua_block_set_release(&support->outstanding, theolua_free_outstanding, NULL);
}

#else

/// Bytes per arena; the first 16 link the arena to the previous one.
#define THEOLUA_ARENA_BYTES (64 * 1024)
#define THEOLUA_ARENA_HEADER 16

static inline int theolua_block_class(size_t size) {
    return (int)((size + 15) >> 4) - 1;
}

void *theolua_block_alloc(theolua_support *support, size_t size) {
    int class = theolua_block_class(size);
    void *block = support->small_free[class];
    if (block != NULL) {
        void *next = *(void **)block;
        support->small_free[class] = next;
        /* Freed blocks are scattered over the heap: start loading the class's next
           one now, so that its allocation does not wait for memory. */
        if (next != NULL) {
            __builtin_prefetch(next, 1);
        }
        return block;
    }
    size_t rounded = (size_t)(class + 1) << 4;
    if (support->arena_next == NULL || (size_t)(support->arena_end - support->arena_next) < rounded) {
        char *arena = malloc(THEOLUA_ARENA_BYTES);
        if (arena == NULL) {
            return NULL;
        }
        *(char **)arena = support->arenas;
        support->arenas = arena;
        support->arena_next = arena + THEOLUA_ARENA_HEADER;
        support->arena_end = arena + THEOLUA_ARENA_BYTES;
    }
    block = support->arena_next;
    support->arena_next += rounded;
    return block;
}

void theolua_block_free(theolua_support *support, void *block, size_t size) {
    int class = theolua_block_class(size);
    *(void **)block = support->small_free[class];
    support->small_free[class] = block;
}

int theolua_same_block_class(size_t a, size_t b) {
    return theolua_block_class(a) == theolua_block_class(b);
}

void theolua_release_blocks(theolua_support *support) {
    char *arena = support->arenas;
    while (arena != NULL) {
        char *previous = *(char **)arena;
        free(arena);
        arena = previous;
    }
    support->arenas = NULL;
    support->arena_next = NULL;
    support->arena_end = NULL;
    for (int class = 0; class < THEOLUA_SMALL_CLASSES; class++) {
        support->small_free[class] = NULL;
    }
}

#endif
