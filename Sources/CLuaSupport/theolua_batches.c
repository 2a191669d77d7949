#include "theolua_support.h"

#include <lauxlib.h>
#include <string.h>

/* Batches: the userdata of elements, handlers and views, which renders make by the
   thousand and drop as fast, have no finalizer of their own. A finalizer costs Lua a
   call per object and keeps the object for one more cycle; a first frame of 100,000
   rows made 800,000 of them. Instead, the Swift objects of up to THEOLUA_BATCH_SIZE
   userdata of one kind are held by a batch, a userdata whose finalizer releases them
   all at once.

   A batch lives as long as any of its userdata: each batch has a metatable of its own,
   a copy of its kind's with the batch at [1], which every userdata of the batch has. The
   userdata names its batch too (`theolua_object_header`), so that a userdata given
   another metatable (with the debug library) is not taken for a member. The batch new
   userdata join is held weakly: once all of its userdata are gone, it goes too, and
   the next userdata opens a new one. The bridge also closes the open batches when the
   reconciler begins a pass (`theolua_close_batches`). So a batch holds objects of one
   stretch of work: a userdata a script keeps (a top-level element, a view captured by
   a closure) holds back at most the other objects of its batch, made in the same pass,
   and those of a dropped object only as long as its last live neighbour.

   The first batch of a kind in a pass holds THEOLUA_FIRST_BATCH_SIZE objects, and each
   next one twice as many as the last: a key's render makes a handful of userdata of a
   kind, and a long list's render thousands. */

/* The header of a batched userdata: its object, then the batch holding the object. */
typedef struct theolua_object_header {
    void *object;
    theolua_batch *batch;
} theolua_object_header;

_Static_assert(offsetof(theolua_object_header, object) == 0, "every bridge userdata starts with its object");

/* The batch's finalizer: releases its objects, once. A script with the debug library
   can call it by hand; members read after it are not found (`alive`). */
static int theolua_batch_gc(lua_State *L) {
    theolua_batch *batch = (theolua_batch *)lua_touserdata(L, 1);
    if (batch == NULL || lua_rawlen(L, 1) < sizeof(theolua_batch) ||
        lua_rawlen(L, 1) != sizeof(theolua_batch) + (size_t)batch->capacity * sizeof(void *) ||
        batch->count > batch->capacity || !batch->alive) {
        return 0;
    }
    theolua_support *support = theolua_getsupport(L);
    batch->alive = 0;
    if (batch->kind >= 0 && batch->kind < THEOLUA_OBJECT_KINDS && support->batches[batch->kind] == batch) {
        support->batches[batch->kind] = NULL;
    }
    int count = batch->count;
    batch->count = 0;
    for (int i = 0; i < count; i++) {
        support->release_object(batch->objects[i]);
    }
    return 0;
}

void theolua_install_batches(lua_State *L, void (*release)(void *object)) {
    theolua_support *support = theolua_getsupport(L);
    support->release_object = release;
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, theolua_batch_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    support->batch_mt_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    /* kind + 1 → the metatable of the kind's open batch, weakly. */
    lua_createtable(L, THEOLUA_OBJECT_KINDS, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    support->open_batches_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    theolua_close_batches(L);
}

void theolua_close_batches(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    for (int kind = 0; kind < THEOLUA_OBJECT_KINDS; kind++) {
        support->batches[kind] = NULL;
        support->batch_sizes[kind] = THEOLUA_FIRST_BATCH_SIZE;
    }
}

/* Opens a batch for `kind`: `[]` → `[mt]`, the metatable of its userdata. */
static theolua_batch *theolua_open_batch(lua_State *L, theolua_support *support, int kind) {
    int capacity = support->batch_sizes[kind];
    if (capacity < THEOLUA_FIRST_BATCH_SIZE || capacity > THEOLUA_BATCH_SIZE) {
        capacity = THEOLUA_BATCH_SIZE;
    }
    support->batch_sizes[kind] = capacity < THEOLUA_BATCH_SIZE / 2 ? capacity * 2 : THEOLUA_BATCH_SIZE;
    theolua_batch *batch = (theolua_batch *)lua_newuserdatauv(
        L, sizeof(theolua_batch) + (size_t)capacity * sizeof(void *), 0); /* [b] */
    memset(batch, 0, sizeof *batch);  /* the objects are read only below `count` */
    batch->capacity = capacity;
    batch->kind = kind;
    batch->alive = 1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->batch_mt_ref);
    lua_setmetatable(L, -2);
    lua_createtable(L, 1, 10); /* [b mt] */
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->metatable_refs[kind]); /* [b mt base] */
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) { /* [b mt base k v] */
        lua_pushvalue(L, -2);
        lua_insert(L, -2); /* [b mt base k k v] */
        lua_rawset(L, -5);
    }
    lua_pop(L, 1); /* [b mt] */
    lua_insert(L, -2);
    lua_rawseti(L, -2, 1); /* [mt], mt[1] = b */
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->open_batches_ref);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, kind + 1);
    lua_pop(L, 1);
    support->batches[kind] = batch;
    return batch;
}

void *theolua_new_batched(lua_State *L, theolua_support *support, void *object, int kind, size_t size, int nuvalues) {
    theolua_batch *batch = support->batches[kind];
    int open = 0;
    if (batch != NULL && batch->count < batch->capacity) {
        /* Its metatable, unless the collector took it (the batch then waits for its
           finalizer): `[]` → `[mt]`. */
        lua_rawgeti(L, LUA_REGISTRYINDEX, support->open_batches_ref);
        open = lua_rawgeti(L, -1, kind + 1) == LUA_TTABLE;
        lua_replace(L, -2);
        if (!open) {
            lua_pop(L, 1);
        }
    }
    if (!open) {
        batch = theolua_open_batch(L, support, kind);
    }
    theolua_object_header *header = (theolua_object_header *)lua_newuserdatauv(L, size, nuvalues); /* [mt u] */
    memset(header, 0, size);
    header->object = object;
    header->batch = batch;
    batch->objects[batch->count++] = object;
    lua_insert(L, -2);
    lua_setmetatable(L, -2); /* [u] */
    return header;
}

void *theolua_batched_object(lua_State *L, int index, int kind, theolua_batch_lookup *lookup) {
    /* The type first: with the debug library a script can give any value, a light
       userdata among them, a batch's metatable. */
    if (lua_type(L, index) != LUA_TUSERDATA || !lua_getmetatable(L, index)) {
        return NULL;
    }
    const void *metatable = lua_topointer(L, -1);
    theolua_batch *batch;
    if (lookup != NULL && metatable == lookup->metatable) {
        batch = lookup->batch;
        lua_pop(L, 1);
    } else {
        batch = lua_rawgeti(L, -1, 1) == LUA_TUSERDATA ? (theolua_batch *)lua_touserdata(L, -1) : NULL;
        lua_pop(L, 2);
        if (batch == NULL) {
            return NULL;
        }
        if (lookup != NULL) {
            lookup->metatable = metatable;
            lookup->batch = batch;
        }
    }
    /* Only a userdata the batch made names it: that proves `batch` one, of its kind. */
    const theolua_object_header *header = (const theolua_object_header *)lua_touserdata(L, index);
    if (lua_rawlen(L, index) < sizeof(theolua_object_header) || header->batch != batch || batch->kind != kind ||
        !batch->alive) {
        return NULL;
    }
    return header->object;
}
