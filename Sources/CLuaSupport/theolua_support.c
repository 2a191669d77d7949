#include "theolua_support.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// How many instructions run between two budget checks.
#define THEOLUA_HOOK_STEP 1000

static void theolua_note_location(lua_State *L, theolua_support *support);
static int theolua_budget_error(lua_State *L, int level);

static void *theolua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    theolua_support *support = (theolua_support *)ud;
    /* When ptr is NULL, osize encodes the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        support->used -= old;
        return NULL;
    }
    if (support->limit != 0 && nsize > old && support->used - old + nsize > support->limit) {
        if (support->in_swift) {
            support->memory_overdraft = 1;
        } else {
            support->memory_exceeded = 1;
            /* Lua runs no message handler for memory errors: note where it happened.
               Reading the call stack allocates nothing. */
            if (support->main != NULL) {
                theolua_note_location(support->main, support);
            }
            return NULL;
        }
    }
    void *block = realloc(ptr, nsize);
    if (block != NULL) {
        support->used = support->used - old + nsize;
    }
    return block;
}

lua_State *theolua_newstate(theolua_support *support) {
    lua_State *L = lua_newstate(theolua_alloc, support);
    if (L != NULL) {
        memcpy(lua_getextraspace(L), &support, sizeof(support));
        support->main = L;
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

static void theolua_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    theolua_support *support = theolua_getsupport(L);
    /* Every tenth check (10,000 instructions) is close enough for a location, and
       keeps the hook's cost small. */
    if (support->last_location[0] == '\0' || support->remaining % (10 * THEOLUA_HOOK_STEP) < THEOLUA_HOOK_STEP) {
        theolua_note_location(L, support);
    }
    if (support->budget <= 0) {
        return;
    }
    support->remaining -= THEOLUA_HOOK_STEP;
    if (support->remaining <= 0) {
        /* In a hook, level 0 is the Lua function that is running. */
        theolua_budget_error(L, 0);
    }
}

/* Marks the budget exceeded and raises its error, located at the function at `level`. */
static int theolua_budget_error(lua_State *L, int level) {
    theolua_support *support = theolua_getsupport(L);
    support->budget_exceeded = 1;
    /* Keep failing until the host arms a new budget, so a script cannot catch the
       error with pcall and carry on. */
    support->remaining = THEOLUA_HOOK_STEP;
    luaL_where(L, level);
    lua_pushfstring(L, "instruction budget of %I exceeded (a runaway loop?)", (lua_Integer)support->budget);
    lua_concat(L, 2);
    return lua_error(L);
}

int theolua_raise_budget_exceeded(lua_State *L) {
    /* Level 1: the Lua function that called the running C function. */
    return theolua_budget_error(L, 1);
}

void theolua_arm_budget(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    support->remaining = support->budget;
    support->budget_exceeded = 0;
    support->last_location[0] = '\0';
    if (support->budget > 0) {
        lua_sethook(L, theolua_count_hook, LUA_MASKCOUNT, THEOLUA_HOOK_STEP);
    } else {
        lua_sethook(L, NULL, 0, 0);
    }
}

static int theolua_trampoline(lua_State *L) {
    theolua_function fn = (theolua_function)lua_touserdata(L, lua_upvalueindex(1));
    theolua_support *support = theolua_getsupport(L);
    if (support->budget_exceeded) {
        return luaL_error(L, "instruction budget of %lld exceeded (a runaway loop?)", support->budget);
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
        support->memory_exceeded = 1;
        return luaL_error(L, "memory limit exceeded");
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

/* Whether the values at `a` and `b` convert to the same Swift value: the same type and
   raw-equal, integers and floats apart, floats bit for bit (0.0 and -0.0 differ). */
static int theolua_same_value(lua_State *L, int a, int b) {
    int type = lua_type(L, a);
    if (type != lua_type(L, b) || !lua_rawequal(L, a, b)) {
        return 0;
    }
    if (type == LUA_TNUMBER) {
        if (lua_isinteger(L, a) != lua_isinteger(L, b)) {
            return 0;
        }
        if (!lua_isinteger(L, a)) {
            lua_Number x = lua_tonumber(L, a), y = lua_tonumber(L, b);
            return memcmp(&x, &y, sizeof x) == 0;
        }
    }
    return 1;
}

/* The values a snapshot may hold: those whose raw identity decides their conversion. */
static int theolua_snapshot_type(int type) {
    return type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TUSERDATA;
}

/* Snapshot layout: the constructor table's named fields, copied, and at 1 the element,
   at 2 the definition, at 3 how many named fields there are. */
enum { SNAPSHOT_ELEMENT = 1, SNAPSHOT_DEFINITION = 2, SNAPSHOT_COUNT = 3 };

/* Looks for the element to reuse for the constructor table at 1: `[t]` → `[t u]`,
   returning 1, or `[t]`, returning 0. Reads raw and allocates nothing. */
static int theolua_pool_reuse(lua_State *L, theolua_support *support) {
    support->pool.undecided = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->pool.table);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->key_ref);
    int key = lua_rawget(L, 1);
    if (!(key == LUA_TSTRING || (key == LUA_TNUMBER && lua_isinteger(L, -1)))) {
        lua_settop(L, 1);
        return 0;
    }
    if (lua_rawget(L, 2) != LUA_TTABLE) {
        lua_settop(L, 1);
        return 0;
    }
    const int snapshot = 3;
    lua_rawgeti(L, snapshot, SNAPSHOT_DEFINITION);
    int same_definition = lua_rawequal(L, -1, lua_upvalueindex(2));
    lua_rawgeti(L, snapshot, SNAPSHOT_COUNT);
    lua_Integer expected = lua_tointeger(L, -1);
    lua_settop(L, snapshot);
    if (!same_definition) {
        lua_settop(L, 1);
        return 0;
    }
    lua_Integer count = 0;
    int undecided = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) { /* [t pool snap k v] */
        if (lua_type(L, -2) != LUA_TSTRING) {
            lua_settop(L, 1);
            return 0;
        }
        lua_pushvalue(L, -2);
        lua_rawget(L, snapshot); /* [t pool snap k v old] */
        if (!theolua_same_value(L, -1, -2)) {
            /* Another view or handler may still hold the same value. */
            if (lua_type(L, -1) != LUA_TUSERDATA || lua_type(L, -2) != LUA_TUSERDATA) {
                lua_settop(L, 1);
                return 0;
            }
            undecided = 1;
        }
        count++;
        lua_settop(L, -3);
    }
    if (count != expected || undecided) {
        support->pool.undecided = undecided && count == expected;
        lua_settop(L, 1);
        return 0;
    }
    lua_rawgeti(L, snapshot, SNAPSHOT_ELEMENT);
    lua_replace(L, 2);
    lua_settop(L, 2);
    support->pool.used++;
    return 1;
}

static int theolua_constructor_trampoline(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    if (!support->budget_exceeded && support->pool.active && support->pool.table > 0 && lua_gettop(L) == 1 &&
        lua_type(L, 1) == LUA_TTABLE && lua_checkstack(L, 8) && theolua_pool_reuse(L, support)) {
        return 1;
    }
    return theolua_trampoline(L);
}

void theolua_pushconstructor(lua_State *L, theolua_function fn, int nupvalues) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_insert(L, -(nupvalues + 1));
    lua_pushcclosure(L, theolua_constructor_trampoline, nupvalues + 1);
}

int theolua_pool_snapshot(lua_State *L, int element) {
    element = lua_absindex(L, element);
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        size_t length = 0;
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &length) : NULL;
        if (name == NULL || !theolua_snapshot_type(lua_type(L, -1)) ||
            (length == 8 && memcmp(name, "children", 8) == 0)) {
            lua_pop(L, 2);
            return 0;
        }
        count++;
        lua_pop(L, 1);
    }
    lua_createtable(L, 3, count);
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) { /* [snap k v] */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushvalue(L, element);
    lua_rawseti(L, -2, SNAPSHOT_ELEMENT);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_rawseti(L, -2, SNAPSHOT_DEFINITION);
    lua_pushinteger(L, count);
    lua_rawseti(L, -2, SNAPSHOT_COUNT);
    return 1;
}

static int theolua_raise_if_exceeded(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    if (support->budget_exceeded) {
        return luaL_error(L, "instruction budget of %lld exceeded (a runaway loop?)", support->budget);
    }
    return 0;
}

static int theolua_guard_finish(lua_State *L, int status, lua_KContext base) {
    (void)status;
    theolua_raise_if_exceeded(L);
    return lua_gettop(L) - (int)base;
}

/* Calls the original function (upvalue 1) with this call's arguments, then raises if
   the budget ran out meanwhile, so the error goes past pcall, xpcall and resume. */
static int theolua_guard(lua_State *L) {
    int arguments = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, arguments, LUA_MULTRET, 0, theolua_guard_finish);
    return theolua_guard_finish(L, LUA_OK, 0);
}

static void theolua_guard_field(lua_State *L, int table, const char *name) {
    if (lua_getfield(L, table, name) == LUA_TFUNCTION) {
        lua_pushcclosure(L, theolua_guard, 1);
        lua_setfield(L, table, name);
    } else {
        lua_pop(L, 1);
    }
}

void theolua_guard_protected_calls(lua_State *L) {
    int globals = lua_gettop(L);
    theolua_guard_field(L, globals, "pcall");
    theolua_guard_field(L, globals, "xpcall");
    if (lua_getfield(L, globals, "coroutine") == LUA_TTABLE) {
        theolua_guard_field(L, lua_gettop(L), "resume");
    }
    lua_pop(L, 1);
}

int theolua_registryindex(void) {
    return LUA_REGISTRYINDEX;
}

int theolua_upvalueindex(int i) {
    return lua_upvalueindex(i + 1);
}

static int theolua_tostring_protected(lua_State *L) {
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
    luaL_traceback(L, L, lua_tostring(L, 1), 1);
    return 1;
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
