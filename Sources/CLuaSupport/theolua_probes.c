#include "theolua_support.h"

#include <lauxlib.h>
#include <lualib.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Probes of the Lua library the runtime was linked with, for bugs that a version
   number cannot tell: distributions patch their Lua (Debian's 5.4.4 carries the fix of
   CVE-2022-33099 but not the follow-up that fixed what that fix broke). Each probe runs
   the bug's trigger once, in a state of its own whose allocator never frees, so the
   bug, if present, reads and writes only memory the probe still owns. */

/* An allocator that frees nothing until the probe ends: a block Lua frees, or moves
   when it grows, stays valid, so a stale pointer into it stays harmless. */
typedef struct {
    void **blocks;
    size_t count;
    size_t capacity;
} theolua_probe_arena;

static void *theolua_probe_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    theolua_probe_arena *arena = (theolua_probe_arena *)ud;
    if (nsize == 0) {
        return NULL;
    }
    if (arena->count == arena->capacity) {
        size_t capacity = arena->capacity == 0 ? 256 : arena->capacity * 2;
        void **blocks = realloc(arena->blocks, capacity * sizeof(void *));
        if (blocks == NULL) {
            return NULL;
        }
        arena->blocks = blocks;
        arena->capacity = capacity;
    }
    void *block = malloc(nsize);
    if (block == NULL) {
        return NULL;
    }
    if (ptr != NULL) {
        memcpy(block, ptr, osize < nsize ? osize : nsize);
    }
    arena->blocks[arena->count++] = block;
    return block;
}

/* Lua 5.4.4 with the CVE-2022-33099 patch alone: after a `__concat` metamethod that
   reallocated the stack, luaV_concat sets the top to a pointer into the old stack
   (fixed upstream by 603b2c64, in 5.4.5). The probe concatenates "a" with a table
   whose metamethod recurses deep enough to grow the stack, with the collector stopped
   (its step would traverse the stale range); on a sound library one value is left,
   "x", and on the flawed one the top is left in the old block. */
static int theolua_concat_keeps_stale_top = -1;

/* Where an error outside every protected call goes (the probe runs lua_concat
   unprotected: a protected call's return would move results from the stale top and
   hide it). Only a refused allocation can raise one; the probe then counts as sound. */
static jmp_buf theolua_probe_escape;

static int theolua_probe_panic(lua_State *L) {
    (void)L;
    longjmp(theolua_probe_escape, 1);
}

static void theolua_probe_concat(void) {
    theolua_probe_arena arena = {0};
    lua_State *L = lua_newstate(theolua_probe_alloc, &arena);
    volatile int flawed = 0;
    if (L != NULL && setjmp(theolua_probe_escape) == 0) {
        lua_atpanic(L, theolua_probe_panic);
        lua_gc(L, LUA_GCSTOP);
        static const char metamethod[] =
            "local function deep(n) if n > 0 then return deep(n - 1) + 0 end return 0 end\n"
            "return function() deep(300) return 'x' end";
        if (luaL_loadstring(L, metamethod) == LUA_OK && lua_pcall(L, 0, 1, 0) == LUA_OK) {
            lua_pushliteral(L, "a");
            lua_newtable(L);
            lua_newtable(L);
            lua_pushvalue(L, 1);
            lua_setfield(L, -2, "__concat");
            lua_setmetatable(L, -2);
            lua_concat(L, 2); /* "a" .. the table */
            /* Only the top is read: on the flawed library it points into the old stack. */
            flawed = lua_gettop(L) != 2;
        }
    }
    /* The state is abandoned rather than closed (closing would use the stale top): it
       lives in the arena's blocks and holds nothing else. */
    for (size_t index = 0; index < arena.count; index++) {
        free(arena.blocks[index]);
    }
    free(arena.blocks);
    theolua_concat_keeps_stale_top = flawed;
}

int theolua_library_has_concat_flaw(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, theolua_probe_concat);
    return theolua_concat_keeps_stale_top == 1;
}

/* The metamethod events in the order of Lua 5.4's TMS enumeration (ltm.h), whose
   names luaT_init interns and keeps in global_State's `tmname`. */
static const char *const theolua_event_names[] = {
    "__index", "__newindex", "__gc", "__mode", "__len", "__eq", "__add", "__sub", "__mul",
    "__mod", "__pow", "__div", "__idiv", "__band", "__bor", "__bxor", "__shl", "__shr",
    "__unm", "__bnot", "__lt", "__le", "__concat", "__call", "__close"};
enum { THEOLUA_EVENT_COUNT = sizeof theolua_event_names / sizeof theolua_event_names[0], THEOLUA_CONCAT_EVENT = 22 };

/* Fills `bytes` with `count` unpredictable bytes; 0 when the system gives none. */
static int theolua_random_bytes(unsigned char *bytes, size_t count) {
    FILE *source = fopen("/dev/urandom", "rb");
    if (source == NULL) {
        return 0;
    }
    size_t read = fread(bytes, 1, count, source);
    fclose(source);
    return read == count;
}

int theolua_hide_concat_event(lua_State *L, theolua_support *support) {
    /* A string is interned once per state: pushing an event's name gives the very
       object Lua's table of names points to, whose address lua_topointer tells. */
    const void *names[THEOLUA_EVENT_COUNT];
    for (int i = 0; i < THEOLUA_EVENT_COUNT; i++) {
        lua_pushstring(L, theolua_event_names[i]);
        names[i] = lua_topointer(L, -1);
        lua_pop(L, 1);
    }
    /* "__concat", a NUL (no name written in Lua source has one), and 16 random bytes:
       a short string, so looked up by address, that no script can make. */
    unsigned char secret[8 + 1 + 16] = "__concat";
    if (!theolua_random_bytes(secret + 9, 16)) {
        return 0;
    }
    lua_pushlstring(L, (const char *)secret, sizeof secret);
    const void *hidden = lua_topointer(L, -1);
    luaL_ref(L, LUA_REGISTRYINDEX); /* kept alive for the state's life */
    /* The table of names lies in the state's first block, pointer-aligned: found as the
       25 names in their order, which nothing else there holds. */
    const void **words = (const void **)support->state_block;
    size_t count = support->state_block_size / sizeof(void *);
    for (size_t at = 0; words != NULL && at + THEOLUA_EVENT_COUNT <= count; at++) {
        if (memcmp(&words[at], names, sizeof names) == 0) {
            words[at + THEOLUA_CONCAT_EVENT] = hidden;
            support->refuses_concat_metamethods = 1;
            return 1;
        }
    }
    return 0;
}

int theolua_lua_release_number(void) {
    return LUA_VERSION_RELEASE_NUM;
}

/* Whether this code is built with AddressSanitizer, whose runtime checks leaks. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define THEOLUA_LEAK_CHECKS 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(THEOLUA_LEAK_CHECKS)
#define THEOLUA_LEAK_CHECKS 1
#endif
#ifdef THEOLUA_LEAK_CHECKS
#include <sanitizer/lsan_interface.h>
#endif

void theolua_leak_checks_pause(void) {
#ifdef THEOLUA_LEAK_CHECKS
    __lsan_disable();
#endif
}

void theolua_leak_checks_resume(void) {
#ifdef THEOLUA_LEAK_CHECKS
    __lsan_enable();
#endif
}

int theolua_checks_leaks_at_exit(void) {
#ifdef THEOLUA_LEAK_CHECKS
    return 1;
#else
    return 0;
#endif
}
