#include "theolua_support.h"

#include <lauxlib.h>
#include <lualib.h>
#include <pthread.h>
#include <setjmp.h>
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
