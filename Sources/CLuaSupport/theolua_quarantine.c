#include "theolua_support.h"

#include <stdint.h>
#include <stdlib.h>

/* The quarantine of blocks freed by Lua's emergency collector.

   When an allocation fails at the memory limit, Lua runs a full collection and tries
   again. Lua 5.4.4 has a bug there (fixed in 5.4.8): code in the middle of an operation
   can still be using an object that only a weak table kept alive (a weak metatable's
   `__newindex` table being resized), so the collector frees it and the operation goes
   on writing to it, reallocating it and freeing it a second time. Instead of freeing
   what the emergency collector frees, the allocator keeps those blocks here until the
   next safe point (the count hook, or the end of the call into Lua), where no operation
   is under way: writes to them land in memory still ours, a second free of one is
   ignored, a reallocation takes it out, and the rest are freed at the safe point.

   An open-addressing hash set of (block, size), allocated with malloc outside the Lua
   state's accounting; it exists only while blocks are held. */

static size_t theolua_slot(const theolua_block_set *q, const void *block) {
    uintptr_t h = (uintptr_t)block;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 16) & (q->capacity - 1);
}

static int theolua_quarantine_grow(theolua_block_set *q) {
    size_t capacity = q->capacity == 0 ? 1024 : q->capacity * 2;
    theolua_held *entries = calloc(capacity, sizeof *entries);
    if (entries == NULL) {
        return 0;
    }
    theolua_block_set grown = {entries, capacity, 0};
    for (size_t i = 0; i < q->capacity; i++) {
        if (q->entries[i].block != NULL) {
            size_t slot = theolua_slot(&grown, q->entries[i].block);
            while (grown.entries[slot].block != NULL) {
                slot = (slot + 1) & (capacity - 1);
            }
            grown.entries[slot] = q->entries[i];
            grown.count++;
        }
    }
    free(q->entries);
    *q = grown;
    return 1;
}

int theolua_block_set_add(theolua_block_set *q, void *block, size_t size) {
    if ((q->count + 1) * 2 > q->capacity && !theolua_quarantine_grow(q)) {
        return 0;
    }
    size_t slot = theolua_slot(q, block);
    while (q->entries[slot].block != NULL) {
        if (q->entries[slot].block == block) {
            return 1;
        }
        slot = (slot + 1) & (q->capacity - 1);
    }
    q->entries[slot].block = block;
    q->entries[slot].size = size;
    q->count++;
    return 1;
}

/* Removes `block`, returning 1 if it was held. Linear probing: the entries after it in
   its run move back, so that later lookups still find theirs. */
int theolua_block_set_take(theolua_block_set *q, void *block) {
    if (q->count == 0) {
        return 0;
    }
    size_t mask = q->capacity - 1;
    size_t slot = theolua_slot(q, block);
    while (q->entries[slot].block != block) {
        if (q->entries[slot].block == NULL) {
            return 0;
        }
        slot = (slot + 1) & mask;
    }
    q->entries[slot].block = NULL;
    q->count--;
    for (size_t next = (slot + 1) & mask; q->entries[next].block != NULL; next = (next + 1) & mask) {
        theolua_held moved = q->entries[next];
        q->entries[next].block = NULL;
        size_t home = theolua_slot(q, moved.block);
        while (q->entries[home].block != NULL) {
            home = (home + 1) & mask;
        }
        q->entries[home] = moved;
    }
    return 1;
}

void theolua_block_set_release(theolua_block_set *q, void (*release)(void *, void *, size_t), void *context) {
    for (size_t i = 0; i < q->capacity; i++) {
        if (q->entries[i].block != NULL) {
            release(context, q->entries[i].block, q->entries[i].size);
        }
    }
    free(q->entries);
    q->entries = NULL;
    q->capacity = 0;
    q->count = 0;
}
