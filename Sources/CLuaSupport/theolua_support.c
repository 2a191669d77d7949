#include "theolua_support.h"

#include <ctype.h>

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// How many instructions run between two budget checks.
#define THEOLUA_HOOK_STEP 1000

static void theolua_note_location(lua_State *L, theolua_support *support);
static void theolua_hook(lua_State *L, lua_Debug *ar);
static int theolua_budget_error(lua_State *L, int level);
static void theolua_arm_budget_until(lua_State *L, theolua_support *support, long long slice_deadline);

/// Frees a block Lua allocated, of `size` bytes.
static inline void theolua_free(theolua_support *support, void *block, size_t size) {
    if (size <= THEOLUA_SMALL_LIMIT) {
        theolua_block_free(support, block, size);
    } else {
        free(block);
    }
}

static void theolua_free_held(void *context, void *block, size_t size) {
    theolua_free((theolua_support *)context, block, size);
}

void theolua_release_quarantine(theolua_support *support) {
    support->emergency = 0;
    if (support->quarantine.count > 0 || support->quarantine.entries != NULL) {
        theolua_block_set_release(&support->quarantine, theolua_free_held, support);
    }
}

static void *theolua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    theolua_support *support = (theolua_support *)ud;
    /* Most calls make or free a small object, under the limit, with nothing held:
       those take the short way. */
    if (__builtin_expect(nsize <= THEOLUA_SMALL_LIMIT, 1)) {
        if (ptr == NULL && nsize != 0 && !support->fail_next_allocation &&
            (support->limit == 0 || support->used + nsize <= support->limit)) {
            void *block = theolua_block_alloc(support, nsize);
            if (block != NULL) {
                support->used += nsize;
                support->emergency = 0;
                support->memory_exceeded = 0;
                return block;
            }
        } else if (ptr != NULL && nsize == 0 && osize <= THEOLUA_SMALL_LIMIT && support->quarantine.count == 0 &&
                   !support->emergency) {
            theolua_block_free(support, ptr, osize);
            support->used -= osize;
            return NULL;
        }
    }
    /* When ptr is NULL, osize encodes the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (support->quarantine.count > 0 && old != 0 && theolua_block_set_take(&support->quarantine, ptr)) {
        /* A block the emergency collector freed, still used by the operation it
           interrupted. Freed again: it already was. Reallocated: it is in use again,
           as a new block (its owner is dead, so it is never freed: a small leak). */
        if (nsize == 0) {
            return NULL;
        }
        support->used += old;
    }
    if (nsize == 0) {
        if (old != 0) {
            if (support->emergency) {
                /* Held until the next safe point, the next instruction, where the hook
                   releases it; when even the set cannot grow, the block is left
                   allocated for good (a leak is safe, a reuse is not). */
                if (support->quarantine.count == 0 && support->running != NULL && !support->closing) {
                    theolua_set_hook(support->running, 1);
                }
                theolua_block_set_add(&support->quarantine, ptr, old);
                support->used -= old;
                return NULL;
            }
            theolua_free(support, ptr, old);
        }
        support->used -= old;
        return NULL;
    }
    if (nsize > old) {
        support->emergency = 0;
    }
    int forced = support->fail_next_allocation && nsize > old && !support->in_swift;
    if (forced) {
        support->fail_next_allocation = 0;
    }
    if (forced || (support->limit != 0 && nsize > old && support->used - old + nsize > support->limit)) {
        if (support->in_swift) {
            support->memory_overdraft = 1;
        } else {
            support->memory_exceeded = 1;
            /* Lua runs no message handler for memory errors: note where it happened.
               Reading the call stack allocates nothing. */
            if (support->main != NULL) {
                theolua_note_location(support->main, support);
            }
            /* Lua collects before trying again: hold what that frees. */
            support->emergency = 1;
            return NULL;
        }
    }
    if (nsize > THEOLUA_SMALL_LIMIT && nsize > old && !support->in_swift && support->budget > 0) {
        /* Copying and filling large blocks is work the instruction count misses (a
           loop of `s .. s` over long strings): one instruction per 64 bytes. When that
           spends the budget, the hook fires at the next instruction, not 1000 later. */
        support->remaining -= (long long)((nsize - old) >> 6);
        if (support->remaining <= 0 && support->running != NULL) {
            theolua_set_hook(support->running, 1);
        }
    }
    void *block;
    if (old > THEOLUA_SMALL_LIMIT && nsize > THEOLUA_SMALL_LIMIT) {
        block = realloc(ptr, nsize);
    } else if (old != 0 && nsize <= THEOLUA_SMALL_LIMIT && theolua_same_block_class(old, nsize)) {
        block = ptr;
    } else {
        /* Between the arenas and malloc, or between size classes: move the block. On
           failure the old block stays as it was, as Lua expects. */
        block = nsize <= THEOLUA_SMALL_LIMIT ? theolua_block_alloc(support, nsize) : malloc(nsize);
        if (block != NULL && old != 0) {
            memcpy(block, ptr, old < nsize ? old : nsize);
            theolua_free(support, ptr, old);
        }
    }
    if (block != NULL) {
        if (ptr == NULL && osize == LUA_TTHREAD && support->main == NULL && support->state_block == NULL) {
            /* lua_newstate's first block: its lua_State and global_State. */
            support->state_block = block;
            support->state_block_size = nsize;
        }
        support->used = support->used - old + nsize;
        /* An allocation refused at the limit is retried after an emergency collection;
           when the retry succeeds there was no memory error after all. */
        support->memory_exceeded = 0;
    } else if (nsize > old) {
        /* Refused by the system rather than by the limit: Lua collects before trying
           again all the same, and what that frees is held as well. */
        support->emergency = 1;
    }
    return block;
}

void theolua_closestate(lua_State *L, theolua_support *support) {
    theolua_watch_close(support);
    support->closing = 1;
    theolua_release_quarantine(support);
    lua_close(L);
    theolua_release_quarantine(support);
    theolua_release_blocks(support);
}

lua_State *theolua_newstate(theolua_support *support) {
    lua_State *L = lua_newstate(theolua_alloc, support);
    if (L != NULL) {
        memcpy(lua_getextraspace(L), &support, sizeof(support));
        support->main = L;
        support->copy_limit = support->limit;
        if ((theolua_library_has_concat_flaw() && !theolua_hide_concat_event(L, support)) ||
            (support->time_limit > 0 && !theolua_watch_open(support))) {
            theolua_closestate(L, support);
            return NULL;
        }
        /* Lua up to 5.4.7 makes this message outside any protected call when a
           coroutine's close fails twice (fixed upstream by 25da574f): kept interned, it
           is found rather than allocated, so making it cannot fail. */
        lua_pushliteral(L, "error in error handling");
        luaL_ref(L, LUA_REGISTRYINDEX);
    }
    return L;
}

theolua_support *theolua_getsupport(lua_State *L) {
    theolua_support *support;
    memcpy(&support, lua_getextraspace(L), sizeof(support));
    return support;
}

static void theolua_note_location(lua_State *L, theolua_support *support) {
    /* The innermost Lua function: C functions (string.rep, say) have no line. */
    lua_Debug where;
    for (int level = 0; level < 8 && lua_getstack(L, level, &where); level++) {
        if (lua_getinfo(L, "Sl", &where) && where.currentline > 0) {
            snprintf(support->last_location, sizeof(support->last_location), "%s:%d", where.short_src,
                     where.currentline);
            return;
        }
    }
}

/* Nanoseconds on the monotonic clock the watchdog's slice deadlines are on. */
static long long theolua_monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

void theolua_set_hook(lua_State *L, int count) {
    lua_sethook(L, count > 0 ? theolua_hook : NULL, count > 0 ? LUA_MASKCOUNT : 0, count);
}

void theolua_standing_hook(lua_State *L, theolua_support *support) {
    int counts = support->budget > 0 || theolua_watch_polls();
    theolua_set_hook(L, counts ? THEOLUA_HOOK_STEP : 0);
    /* A request of the watchdog's that arrived while the hook was being set may have
       been overwritten: looked at again, after. */
    if (!counts && (theolua_watch_asked(support) & THEOLUA_WATCH_STOP)) {
        theolua_set_hook(L, 1);
    }
}

void theolua_preempt(theolua_support *support) {
    lua_State *L = support->running;
    if (L != NULL && theolua_watch_asked(support) != 0) {
        theolua_set_hook(L, 1);
    }
}

/* Whether a task's slice is over and `L`, its coroutine, can yield now. A slice that
   cannot end here (its coroutine is not running, or sits under a C call that cannot
   yield, such as a sort's comparator) is asked again shortly. */
static int theolua_slice_ends_here(lua_State *L, theolua_support *support, int asked) {
    if (!(asked & THEOLUA_WATCH_END_SLICE) &&
        !(support->budget > 0 && support->remaining <= 2 * (long long)lua_gethookcount(L))) {
        return 0;
    }
    if (support->task == L && lua_isyieldable(L)) {
        theolua_watch_slice_ended(support, 0);
        return 1;
    }
    if (asked & THEOLUA_WATCH_END_SLICE) {
        theolua_watch_slice_ended(support, 2000000);
    }
    return 0;
}

static void theolua_hook(lua_State *L, lua_Debug *ar) {
    if (ar->event != LUA_HOOKCOUNT) {
        return;
    }
    theolua_support *support = theolua_getsupport(L);
    /* Between two instructions: no operation is using what the collector freed. */
    if (support->quarantine.entries != NULL) {
        theolua_release_quarantine(support);
    }
    int asked = theolua_watch_asked(support);
    if ((asked & THEOLUA_WATCH_STOP) && support->stop_reason == 0) {
        support->stop_reason = THEOLUA_STOP_TIME;
    }
    if (support->stop_reason != 0) {
        /* In a hook, level 0 is the Lua function that is running. */
        theolua_budget_error(L, 0);
    }
    if (support->task != NULL && theolua_slice_ends_here(L, support, asked)) {
        /* The task goes on at its next slice, between frames, with new limits. A hook
           yields with no results and returns. */
        lua_yield(L, 0);
        return;
    }
    if (support->budget > 0) {
        /* Counted: every tenth check (10,000 instructions) notes the location, which
           keeps the hook's cost small. */
        int step = lua_gethookcount(L);
        if (support->last_location[0] == '\0' || support->remaining % (10 * THEOLUA_HOOK_STEP) < THEOLUA_HOOK_STEP) {
            theolua_note_location(L, support);
        }
        support->remaining -= step;
        if (support->remaining <= 0) {
            support->stop_reason = THEOLUA_STOP_INSTRUCTIONS;
            theolua_budget_error(L, 0);
        }
    }
    if (lua_gethookcount(L) != THEOLUA_HOOK_STEP || support->budget <= 0) {
        /* Hastened (by the watchdog, an allocation or the quarantine): back to the
           mode's standing hook, none at all when instructions are not counted. */
        theolua_standing_hook(L, support);
    }
}

/* Marks the call stopped and raises its error, located at the function at `level`. */
static int theolua_budget_error(lua_State *L, int level) {
    theolua_support *support = theolua_getsupport(L);
    support->budget_exceeded = 1;
    if (support->stop_reason == 0) {
        support->stop_reason = THEOLUA_STOP_INSTRUCTIONS;
    }
    /* Keep failing until the host arms a new call, so a script cannot catch the error
       with pcall and carry on: the hook fires at every instruction from now on. */
    support->remaining = 0;
    theolua_set_hook(L, 1);
    if (support->last_location[0] == '\0') {
        theolua_note_location(L, support);
    }
    luaL_where(L, level);
    lua_pushstring(L, theolua_stop_message(support));
    lua_concat(L, 2);
    return lua_error(L);
}

const char *theolua_stop_message(theolua_support *support) {
    switch (support->stop_reason) {
    case THEOLUA_STOP_TIME:
        snprintf(support->stop_message, sizeof support->stop_message,
                 "the call ran for more than %.15g s (a runaway loop? long work can run in ui.task, or raise "
                 "--max-seconds)",
                 (double)support->time_limit / 1e9);
        break;
    case THEOLUA_STOP_COPIES:
        snprintf(support->stop_message, sizeof support->stop_message,
                 "the call copied more than %zu MiB of strings out of Lua (the same long string in many elements?)",
                 support->copy_limit >> 20);
        break;
    default:
        snprintf(support->stop_message, sizeof support->stop_message,
                 "instruction budget of %lld exceeded (a runaway loop? long work can run in ui.task, or raise "
                 "--max-instructions)",
                 support->budget);
        break;
    }
    return support->stop_message;
}

int theolua_resume_task(lua_State *L, lua_State *co, int arguments, long long slice_ns, int *results) {
    theolua_support *support = theolua_getsupport(L);
    lua_State *outer_task = support->task;
    lua_State *outer_running = support->running;
    support->task = co;
    support->running = co;
    /* Each slice is a call of its own, with fresh limits, whose end the watchdog tells. */
    theolua_arm_budget_until(co, support, theolua_monotonic_now() + slice_ns);
    int status = lua_resume(co, L, arguments, results);
    if (status != LUA_OK && status != LUA_YIELD) {
        theolua_mark_stopped_task(L, co);
    }
    theolua_disarm_budget(co);
    support->running = outer_running;
    support->task = outer_task;
    return status;
}

int theolua_raise_budget_exceeded(lua_State *L) {
    /* Level 1: the Lua function that called the running C function. */
    return theolua_budget_error(L, 1);
}

void theolua_copy_out(theolua_support *support, long long bytes) {
    if (bytes <= 0 || support->budget_exceeded) {
        return;
    }
    if (support->budget > 0) {
        support->remaining -= bytes / 4;
        if (support->remaining > 0) {
            return;
        }
        support->stop_reason = THEOLUA_STOP_INSTRUCTIONS;
    } else {
        support->copied += (size_t)bytes;
        if (support->copy_limit == 0 || support->copied <= support->copy_limit) {
            return;
        }
        support->stop_reason = THEOLUA_STOP_COPIES;
    }
    if (support->running != NULL) {
        theolua_set_hook(support->running, 1);
    }
}

/* Arms an outermost call or a task's slice (`slice_deadline`, or 0 for a call). */
static void theolua_arm_budget_until(lua_State *L, theolua_support *support, long long slice_deadline) {
    support->remaining = support->budget;
    support->budget_exceeded = 0;
    support->stop_reason = 0;
    support->copied = 0;
    support->close_depth = 0;
    support->last_location[0] = '\0';
    theolua_watch_begin(support, slice_deadline);
    theolua_standing_hook(L, support);
}

void theolua_arm_budget(lua_State *L) {
    theolua_arm_budget_until(L, theolua_getsupport(L), 0);
}

void theolua_disarm_budget(lua_State *L) {
    theolua_watch_end(theolua_getsupport(L));
}

static int theolua_trampoline(lua_State *L) {
    return theolua_call_swift(L, (theolua_function)lua_touserdata(L, lua_upvalueindex(1)));
}

int theolua_call_swift(lua_State *L, theolua_function fn) {
    theolua_support *support = theolua_getsupport(L);
    if (support->budget_exceeded || support->stop_reason != 0 ||
        (theolua_watch_asked(support) & THEOLUA_WATCH_STOP)) {
        if (support->stop_reason == 0) {
            support->stop_reason = THEOLUA_STOP_TIME;
        }
        return theolua_budget_error(L, 1);
    }
    int outer = support->in_swift;
    support->in_swift = 1;
    int results = fn(L);
    support->in_swift = outer;
    if (results < 0) {
        return lua_error(L);
    }
    if (support->memory_overdraft && !outer) {
        support->memory_overdraft = 0;
        /* Lua collects before it refuses an allocation: an allocation Swift made over
           the limit gets the same chance, now that Swift has returned. */
        if (support->limit != 0 && support->used > support->limit) {
            lua_gc(L, LUA_GCCOLLECT);
        }
        if (support->limit != 0 && support->used > support->limit) {
            support->memory_exceeded = 1;
            return luaL_error(L, "memory limit exceeded");
        }
    }
    return results;
}

void theolua_pushfunction(lua_State *L, theolua_function fn, int nupvalues) {
    lua_pushlightuserdata(L, (void *)fn);
    if (nupvalues > 0) {
        lua_insert(L, -(nupvalues + 1));
    }
    lua_pushcclosure(L, theolua_trampoline, nupvalues + 1);
}

void *theolua_new_object(lua_State *L, void *object, int kind, size_t size, int nuvalues) {
    theolua_support *support = theolua_getsupport(L);
    if (theolua_is_batched_kind(kind)) {
        return theolua_new_batched(L, support, object, kind, size < 2 * sizeof(void *) ? 2 * sizeof(void *) : size,
                                   nuvalues);
    }
    void **block = (void **)lua_newuserdatauv(L, size, nuvalues);
    memset(block, 0, size);
    *block = object;
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->metatable_refs[kind]);
    lua_setmetatable(L, -2);
    return block;
}

/* A pooled element's userdata holds, after the object pointer every bridge userdata
   starts with, a snapshot of the constructor table it was made from: the definition's
   address and each named field, read without calling into Lua. The names and values
   the snapshot points to are anchored in the userdata's user values, so they stay
   alive (and, Lua's collector moving nothing, where they are); names the bridge keeps
   alive itself (a schema's field names) are not. */
enum { SNAPSHOT_MAX_FIELDS = 16 };

typedef struct theolua_snapshot_field {
    const char *name;
    union {
        int boolean;
        lua_Integer integer;
        lua_Number number;
        const void *pointer; /* a string's bytes or a userdata's block */
    } value;
    unsigned int name_length;
    unsigned int length; /* of a string value */
    unsigned char type;
    unsigned char is_integer;
} theolua_snapshot_field;

typedef struct theolua_snapshot_block {
    void *object;
    theolua_batch *batch;
    int count;
    const void *definition;
    theolua_snapshot_field fields[];
} theolua_snapshot_block;

/* Names and strings longer than this are not snapshotted. */
#define SNAPSHOT_MAX_LENGTH 0xffffffu

static int theolua_same_bytes(const char *a, size_t a_length, const char *b, size_t b_length) {
    return a == b || (a_length == b_length && memcmp(a, b, a_length) == 0);
}

/* Whether the field named `name` (`length` bytes) with the value at -1 is `field`: 1
   if so, 0 if not, -1 when both values are userdata that differ by identity (another
   view or handler may still hold the same value). */
static inline __attribute__((always_inline)) int theolua_field_matches(
    lua_State *L, const char *name, size_t length, const theolua_snapshot_field *field) {
    if (!theolua_same_bytes(name, length, field->name, field->name_length)) {
        return 0;
    }
    int type = lua_type(L, -1);
    if (type != field->type) {
        return 0;
    }
    switch (type) {
    case LUA_TBOOLEAN:
        return lua_toboolean(L, -1) == field->value.boolean;
    case LUA_TNUMBER:
        if (lua_isinteger(L, -1)) {
            return field->is_integer && lua_tointegerx(L, -1, NULL) == field->value.integer;
        } else {
            lua_Number number = lua_tonumberx(L, -1, NULL);
            return !field->is_integer && memcmp(&number, &field->value.number, sizeof number) == 0;
        }
    case LUA_TSTRING: {
        size_t value_length = 0;
        const char *bytes = lua_tolstring(L, -1, &value_length);
        return theolua_same_bytes(bytes, value_length, field->value.pointer, field->length);
    }
    case LUA_TUSERDATA:
        return lua_touserdata(L, -1) == field->value.pointer ? 1 : -1;
    default:
        return 0;
    }
}

/* Looks for the element to reuse for the constructor table at 1: `[t]` → `[t u]`,
   returning 1, or `[t]`, returning 0. Reads raw and allocates nothing.

   This runs for every row of a list that renders again, so it makes few calls. The
   pooled userdata is not proven an element here: only the bridge puts values in the
   pool table, a snapshot block is checked for its length and definition, and whatever
   takes the element checks it as it takes any userdata. */
static int theolua_pool_reuse(lua_State *L, theolua_support *support) {
    support->pool.undecided = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->pool.table);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->key_ref);
    const char *key_name = lua_tostring(L, 3);
    int key = lua_rawget(L, 1); /* [t pool k] */
    if (key == LUA_TNUMBER ? !lua_isinteger(L, 3) : key != LUA_TSTRING) {
        goto miss;
    }
    if (lua_rawget(L, 2) != LUA_TUSERDATA) {
        goto miss; /* [t pool u] */
    }
    const theolua_snapshot_block *block = (const theolua_snapshot_block *)lua_touserdata(L, 3);
    size_t length = lua_rawlen(L, 3);
    if (length < sizeof(theolua_snapshot_block) || block->count <= 0 || block->count > SNAPSHOT_MAX_FIELDS ||
        length < sizeof(theolua_snapshot_block) + (size_t)block->count * sizeof(theolua_snapshot_field) ||
        block->definition != lua_touserdata(L, lua_upvalueindex(2))) {
        goto miss;
    }
    int count = 0;
    int undecided = 0;
    lua_pushnil(L); /* [t pool u nil] */
    while (lua_next(L, 1) != 0) { /* [t pool u k v] */
        if (count == block->count || lua_type(L, -2) != LUA_TSTRING) {
            goto miss;
        }
        size_t name_length = 0;
        const char *name = lua_tolstring(L, -2, &name_length);
        count++;
        if (name == key_name) {
            /* The pool holds the element under its key. */
            lua_settop(L, 4);
            continue;
        }
        /* Tables made by the same constructor call list their fields in the same
           order: the field at this position first, then the others. */
        int position = count - 1;
        int matches = theolua_field_matches(L, name, name_length, &block->fields[position]);
        for (int other = 0; other < block->count && matches == 0; other++) {
            if (other != position) {
                matches = theolua_field_matches(L, name, name_length, &block->fields[other]);
            }
        }
        if (matches == 0) {
            goto miss;
        }
        undecided |= matches < 0;
        lua_settop(L, 4);
    }
    if (count != block->count || undecided) {
        support->pool.undecided = undecided && count == block->count;
        goto miss;
    }
    /* [t pool u]: the element is the top value, the one result. */
    support->pool.used++;
    return 1;
miss:
    lua_settop(L, 1);
    return 0;
}

static int theolua_constructor_trampoline(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    /* The check uses five stack slots; a C function starts with LUA_MINSTACK (20). */
    if (!support->budget_exceeded && support->pool.active && support->pool.table > 0 && lua_gettop(L) == 1 &&
        lua_type(L, 1) == LUA_TTABLE && theolua_pool_reuse(L, support)) {
        return 1;
    }
    return theolua_trampoline(L);
}

void theolua_pushconstructor(lua_State *L, theolua_function fn, int nupvalues) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_insert(L, -(nupvalues + 1));
    lua_pushcclosure(L, theolua_constructor_trampoline, nupvalues + 1);
}

/* Whether `name` is one of the `count` names at `names`, which are kept alive. */
static int theolua_is_kept(const char *name, const char *const *names, int count) {
    for (int i = 0; i < count; i++) {
        if (names[i] == name) {
            return 1;
        }
    }
    return 0;
}

/* Reads the constructor table at 1 into `fields`, if a snapshot can hold it: names only,
   no `children`, values whose raw identity decides their conversion. Pushes what the
   snapshot must keep alive (names not among the `kept_count` at `kept`, string and
   userdata values) and returns the number of fields; returns -1, pushing nothing,
   when the table does not fit. */
static int theolua_read_snapshot(
    lua_State *L, theolua_snapshot_field *fields, const char *const *kept, int kept_count) {
    int base = lua_gettop(L);
    int count = 0;
    if (!lua_checkstack(L, 2 * SNAPSHOT_MAX_FIELDS + 4)) {
        return -1;
    }
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) { /* [anchors… k v] */
        int type = lua_type(L, -1);
        size_t length = 0, value_length = 0;
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &length) : NULL;
        const void *pointer = NULL;
        if (type == LUA_TSTRING) {
            pointer = lua_tolstring(L, -1, &value_length);
        }
        if (name == NULL || count == SNAPSHOT_MAX_FIELDS || (length == 8 && memcmp(name, "children", 8) == 0) ||
            length > SNAPSHOT_MAX_LENGTH || value_length > SNAPSHOT_MAX_LENGTH ||
            !(type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TUSERDATA)) {
            lua_settop(L, base);
            return -1;
        }
        theolua_snapshot_field *field = &fields[count++];
        memset(field, 0, sizeof *field);
        field->name = name;
        field->name_length = (unsigned int)length;
        field->type = (unsigned char)type;
        switch (type) {
        case LUA_TBOOLEAN:
            field->value.boolean = lua_toboolean(L, -1);
            break;
        case LUA_TNUMBER:
            field->is_integer = (unsigned char)lua_isinteger(L, -1);
            if (field->is_integer) {
                field->value.integer = lua_tointegerx(L, -1, NULL);
            } else {
                field->value.number = lua_tonumberx(L, -1, NULL);
            }
            break;
        case LUA_TSTRING:
            field->value.pointer = pointer;
            field->length = (unsigned int)value_length;
            break;
        default: /* LUA_TUSERDATA */
            field->value.pointer = lua_touserdata(L, -1);
            break;
        }
        /* [anchors… k v] → [anchors… (v) (k) k]: the key stays on top for lua_next. */
        int anchor_value = type == LUA_TSTRING || type == LUA_TUSERDATA;
        if (!anchor_value) {
            lua_pop(L, 1);
        }
        if (!theolua_is_kept(name, kept, kept_count)) {
            lua_pushvalue(L, anchor_value ? -2 : -1);
            lua_rotate(L, anchor_value ? -3 : -2, 1);
        }
        if (anchor_value) {
            lua_rotate(L, -2, 1); /* [anchors… (k) v k] */
        }
    }
    return count;
}

int theolua_push_component_element(
    lua_State *L, void *object, int kind, int snapshot, const char *const *kept, int kept_count) {
    theolua_snapshot_field fields[SNAPSHOT_MAX_FIELDS];
    int base = lua_gettop(L);
    int count = snapshot && lua_type(L, 1) == LUA_TTABLE ? theolua_read_snapshot(L, fields, kept, kept_count) : -1;
    if (count <= 0) {
        lua_settop(L, base);
        theolua_push_object(L, object, kind);
        return 0;
    }
    /* User values: 1 the definition, then the names, strings and userdata the fields
       point to, which the stack holds meanwhile. A finalizer run by the allocation may
       change the table; the snapshot is of the table as it was read. */
    int anchors = lua_gettop(L) - base;
    size_t size = sizeof(theolua_snapshot_block) + (size_t)count * sizeof(theolua_snapshot_field);
    theolua_snapshot_block *block = (theolua_snapshot_block *)theolua_new_object(L, object, kind, size, 1 + anchors);
    int u = lua_gettop(L);
    block->definition = lua_touserdata(L, lua_upvalueindex(2));
    block->count = count;
    memcpy(block->fields, fields, (size_t)count * sizeof(theolua_snapshot_field));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_setiuservalue(L, u, 1);
    for (int i = 1; i <= anchors; i++) {
        lua_pushvalue(L, base + i);
        lua_setiuservalue(L, u, 1 + i);
    }
    if (anchors > 0) {
        lua_replace(L, base + 1);
        lua_settop(L, base + 1);
    }
    return 1;
}

void theolua_push_object(lua_State *L, void *object, int kind) {
    theolua_new_object(L, object, kind, sizeof(void *), 0);
}

/* Whether the metatable at the top is a userdata's own copy of `metatable`
   (theolua_views.c). */
static __attribute__((noinline)) int theolua_names_metatable(lua_State *L, const void *metatable) {
    int names = lua_rawgetp(L, -1, &theolua_own_metatable_key) == LUA_TLIGHTUSERDATA &&
                lua_touserdata(L, -1) == metatable;
    lua_pop(L, 1);
    return names;
}

/* The object of the userdata at `index` if its metatable is `metatable` (of a kind
   whose userdata are not batched), or a copy of it of the userdata's own. */
static void *theolua_object_with(lua_State *L, int index, const void *metatable) {
    /* The type first: with the debug library a script can give any value, a light
       userdata among them, the element metatable. */
    if (lua_type(L, index) != LUA_TUSERDATA || !lua_getmetatable(L, index)) {
        return NULL;
    }
    const void *actual = lua_topointer(L, -1);
    /* A `self` read often has a metatable of its own (theolua_views.c), naming its
       kind's. */
    int same = actual == metatable || theolua_names_metatable(L, metatable);
    lua_pop(L, 1);
    if (!same) {
        return NULL;
    }
    void **slot = (void **)lua_touserdata(L, index);
    return slot != NULL ? *slot : NULL;
}

/* The object of the userdata at `index` if it is one of kind `kind`. */
static inline void *theolua_object_of_kind(lua_State *L, int index, int kind, theolua_batch_lookup *lookup) {
    if (theolua_is_batched_kind(kind)) {
        return theolua_batched_object(L, index, kind, lookup);
    }
    return theolua_object_with(L, index, theolua_getsupport(L)->metatables[kind]);
}

void *theolua_object(lua_State *L, int index, int kind) {
    return theolua_object_of_kind(L, index, kind, NULL);
}

int theolua_object_kind(lua_State *L, int index) {
    for (int kind = 0; kind < THEOLUA_OBJECT_KINDS; kind++) {
        if (theolua_object_of_kind(L, index, kind, NULL) != NULL) {
            return kind;
        }
    }
    return -1;
}

int theolua_objects(lua_State *L, int table, int count, int kind, void **objects) {
    table = lua_absindex(L, table);
    theolua_batch_lookup lookup = {NULL, NULL};
    int stored = 0;
    while (stored < count) {
        lua_rawgeti(L, table, stored + 1);
        void *object = theolua_object_of_kind(L, -1, kind, &lookup);
        lua_pop(L, 1);
        if (object == NULL) {
            break;
        }
        objects[stored++] = object;
    }
    return stored;
}

int theolua_sequence_objects(lua_State *L, int table, int capacity, int kind, void **objects) {
    table = lua_absindex(L, table);
    theolua_batch_lookup lookup = {NULL, NULL};
    int entries = 0;
    int highest = 0;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) { /* [k v] */
        int is_integer = 0;
        lua_Integer position = lua_type(L, -2) == LUA_TNUMBER ? lua_tointegerx(L, -2, &is_integer) : 0;
        void *object = is_integer && position >= 1 && position <= capacity
                           ? theolua_object_of_kind(L, -1, kind, &lookup)
                           : NULL;
        lua_pop(L, 1);
        if (object == NULL) {
            lua_pop(L, 1);
            return -1;
        }
        /* The caller retains each object next: start loading its header now, so that
           the loads of a long list overlap instead of waiting one by one. */
        __builtin_prefetch(object, 1);
        objects[position - 1] = object;
        entries++;
        if (position > highest) {
            highest = (int)position;
        }
    }
    /* As many entries as the highest position: no holes. */
    return entries == highest ? highest : -1;
}

int theolua_registryindex(void) {
    return LUA_REGISTRYINDEX;
}

int theolua_upvalueindex(int i) {
    return lua_upvalueindex(i + 1);
}

/* A key of an error table, as the description sorts it: booleans, then numbers, then
   strings, each in their own order. */
typedef struct {
    int rank;
    lua_Number number;
    lua_Integer integer;
    int is_integer;
    const char *text;
    size_t length;
} theolua_error_key;

static int theolua_compare_keys(const void *a, const void *b) {
    const theolua_error_key *x = a;
    const theolua_error_key *y = b;
    if (x->rank != y->rank) {
        return x->rank < y->rank ? -1 : 1;
    }
    if (x->rank == 2) {
        size_t shorter = x->length < y->length ? x->length : y->length;
        int order = memcmp(x->text, y->text, shorter);
        if (order != 0) {
            return order;
        }
        return x->length < y->length ? -1 : (x->length > y->length ? 1 : 0);
    }
    return x->number < y->number ? -1 : (x->number > y->number ? 1 : 0);
}

/* Whether `text` can be written as a field name: `code`, not `["a b"]`. */
static int theolua_is_name(const char *text, size_t length) {
    if (length == 0 || !(isalpha((unsigned char)text[0]) || text[0] == '_')) {
        return 0;
    }
    for (size_t i = 1; i < length; i++) {
        if (!(isalnum((unsigned char)text[i]) || text[i] == '_')) {
            return 0;
        }
    }
    return 1;
}

/* Pushes how a value of an error table is shown: strings quoted (cut at 60 bytes),
   numbers and booleans as Lua writes them, anything else by its type; no metamethod
   runs. */
static void theolua_push_error_value(lua_State *L, int index) {
    switch (lua_type(L, index)) {
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        lua_pushliteral(L, "\"");
        lua_pushlstring(L, text, length > 60 ? 60 : length);
        if (length > 60) {
            lua_pushliteral(L, "…\"");
        } else {
            lua_pushliteral(L, "\"");
        }
        lua_concat(L, 3);
        break;
    }
    case LUA_TNUMBER:
    case LUA_TBOOLEAN:
    case LUA_TNIL:
        luaL_tolstring(L, index, NULL);
        break;
    default:
        lua_pushstring(L, luaL_typename(L, index));
        break;
    }
}

/* An error object that is a plain table (no __tostring, no __name), described by its
   fields in a fixed order: `{code = 3, msg = "bad"}`. At most 64 keys of a plain kind
   are kept, 4096 entries looked at and 8 fields shown, so a huge table costs little. */
static int theolua_describe_error_table(lua_State *L) {
    enum { looked = 64, visited_at_most = 4096, shown = 8 };
    theolua_error_key keys[looked];
    int count = 0;
    int visited = 0;
    int more = 0;
    lua_settop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        lua_pop(L, 1);
        int type = lua_type(L, -1);
        if (++visited > visited_at_most) {
            more = 1;
            lua_pop(L, 1);
            break;
        }
        if (type != LUA_TSTRING && type != LUA_TNUMBER && type != LUA_TBOOLEAN) {
            more = 1;
            continue;
        }
        if (count == looked) {
            more = 1;
            lua_pop(L, 1);
            break;
        }
        /* A string key stays alive in the table: its bytes can be kept by address. */
        theolua_error_key *key = &keys[count++];
        key->rank = type == LUA_TBOOLEAN ? 0 : (type == LUA_TNUMBER ? 1 : 2);
        key->is_integer = type == LUA_TNUMBER && lua_isinteger(L, -1);
        key->integer = key->is_integer ? lua_tointeger(L, -1) : 0;
        key->number = type == LUA_TNUMBER ? lua_tonumber(L, -1) : (lua_Number)lua_toboolean(L, -1);
        key->text = type == LUA_TSTRING ? lua_tolstring(L, -1, &key->length) : NULL;
    }
    qsort(keys, (size_t)count, sizeof keys[0], theolua_compare_keys);
    luaL_checkstack(L, 6 * shown + 4, "describing an error table");
    int pieces = 1;
    lua_pushliteral(L, "{");
    for (int i = 0; i < count && i < shown; i++) {
        if (i > 0) {
            lua_pushliteral(L, ", ");
            pieces++;
        }
        if (keys[i].rank == 2) {
            lua_pushlstring(L, keys[i].text, keys[i].length);
        } else if (keys[i].rank == 1 && keys[i].is_integer) {
            lua_pushinteger(L, keys[i].integer);
        } else if (keys[i].rank == 1) {
            lua_pushnumber(L, keys[i].number);
        } else {
            lua_pushboolean(L, keys[i].number != 0);
        }
        int key = lua_gettop(L);
        if (keys[i].rank == 2 && theolua_is_name(keys[i].text, keys[i].length)) {
            lua_pushvalue(L, key);
        } else {
            lua_pushliteral(L, "[");
            theolua_push_error_value(L, key);
            lua_pushliteral(L, "]");
            lua_concat(L, 3);
        }
        lua_pushliteral(L, " = ");
        lua_pushvalue(L, key);
        lua_rawget(L, 1);
        theolua_push_error_value(L, -1);
        lua_remove(L, -2);
        lua_concat(L, 3);
        lua_remove(L, key);
        pieces++;
    }
    if (count > shown || more) {
        lua_pushstring(L, count == 0 ? "…" : ", …");
        pieces++;
    }
    lua_pushliteral(L, "}");
    pieces++;
    lua_concat(L, pieces);
    return 1;
}

static int theolua_tostring_protected(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
        if (luaL_getmetafield(L, 1, "__name") == LUA_TNIL) {
            return theolua_describe_error_table(L);
        }
        lua_pop(L, 1);
    } else if (lua_type(L, 1) == LUA_TTABLE) {
        lua_pop(L, 1);
    }
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int theolua_message_handler(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        /* Convert under protection: a failing __tostring must not lose the error. */
        lua_pushcfunction(L, theolua_tostring_protected);
        lua_pushvalue(L, 1);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_type(L, -1) != LUA_TSTRING) {
            lua_settop(L, 1);
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
        lua_replace(L, 1);
        lua_settop(L, 1);
    }
    const char *message = lua_tostring(L, 1);
    if (theolua_getsupport(L)->refuses_concat_metamethods && message != NULL &&
        (strstr(message, "attempt to concatenate a table value") != NULL ||
         strstr(message, "attempt to concatenate a userdata value") != NULL)) {
        /* A `__concat` field is no metamethod on this library (theolua_hide_concat_event). */
        lua_pushstring(L, message);
        lua_pushliteral(L, " (__concat metamethods are refused on this Lua library, which corrupts its stack "
                           "after them: Lua 5.4.4 as Debian 12 ships it; convert with tostring() first)");
        lua_concat(L, 2);
        lua_replace(L, 1);
        message = lua_tostring(L, 1);
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

int theolua_current_position(lua_State *L, int level, const char **source) {
    lua_Debug ar;
    *source = NULL;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar)) {
        return -1;
    }
    *source = ar.source;
    return ar.currentline;
}

int theolua_current_line(lua_State *L, int level, char *source, size_t source_size) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar)) {
        return -1;
    }
    if (source != NULL && source_size > 0) {
        strncpy(source, ar.short_src, source_size - 1);
        source[source_size - 1] = '\0';
    }
    return ar.currentline;
}
