#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* pthread_getattr_np */
#endif
#include "theolua_support.h"

#include <lauxlib.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>

/* The sandbox's guards: every route by which Lua code could run outside the instruction
   budget, or C code could work without charging it, closed one by one.

   - Finalizers. Lua runs `__gc` metamethods with hooks off, so the count hook never
     fires in them. The sandbox's setmetatable never lets Lua see a script's `__gc`:
     the table is given its metatable without the field, and a companion userdata with
     our own C finalizer, kept in an ephemeron table keyed by the table, tells when the
     table becomes garbage. The C finalizer queues the table; the runtime runs the
     queue's finalizers later as an ordinary budgeted call (theolua_run_finalizers).
   - Message handlers. A limit's error raised from the hook leaves hooks off until the
     protected call that catches it returns, so an `xpcall` message handler would run
     past the limits. The sandbox's xpcall calls the script's handler only for other
     errors.
   - Coroutines. A coroutine killed by a limit's error from the hook keeps hooks off for
     good, so its `__close` handlers must never run: coroutine.wrap does not close it and
     coroutine.close refuses it. Nested closes are bounded (Lua 5.4.4 overflows the C
     stack on deep nesting of coroutine.close).
   - Library functions whose work grows with their data rather than with instructions
     (table.move, table.concat, table.sort, collectgarbage, …) charge that work first
     when instructions are counted, and are points where a call past its time stops. */

/// How deeply coroutine closes may nest.
#define THEOLUA_MAX_CLOSE_DEPTH 100
/// The C stack a coroutine close needs left (see theolua_close_thread).
#define THEOLUA_CLOSE_STACK_RESERVE (2L << 20)

/* ---- Charging work Lua does not count ---- */

/* Whether the call is being stopped, by its time limit among others. */
static int theolua_stopping(theolua_support *support) {
    if (support->budget_exceeded || support->stop_reason != 0) {
        return 1;
    }
    if (theolua_watch_asked(support) & THEOLUA_WATCH_STOP) {
        support->stop_reason = THEOLUA_STOP_TIME;
        return 1;
    }
    return 0;
}

int theolua_try_charge(theolua_support *support, long long units) {
    if (theolua_stopping(support)) {
        support->budget_exceeded = 1;
        return 0;
    }
    if (support->budget <= 0 || units <= 0) {
        return 1;
    }
    if (units >= support->remaining) {
        support->remaining = 0;
        support->stop_reason = THEOLUA_STOP_INSTRUCTIONS;
        support->budget_exceeded = 1;
        return 0;
    }
    support->remaining -= units;
    return 1;
}

void theolua_charge(lua_State *L, long long units) {
    if (!theolua_try_charge(theolua_getsupport(L), units)) {
        theolua_raise_budget_exceeded(L);
    }
}

/* ---- Finalizers ---- */

/* The `__gc` of companions: queues the table the companion stands for. Runs inside the
   collector, maybe within an allocation Swift asked for; it only appends to a table. */
static int theolua_companion_gc(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    if (support->closing || support->finalizer_queue_ref <= 0) {
        return 0;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->finalizer_queue_ref); /* [u queue] */
    if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE) {                 /* [u queue t] */
        return 0;
    }
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    support->finalizers_queued = 1;
    return 0;
}

/* Makes the companion of the table at 1, unless it has one: `[t mt]` → `[t mt]`. */
static void theolua_add_companion(lua_State *L, theolua_support *support) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->companions_ref); /* [t mt companions] */
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) != LUA_TNIL) {
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, 1);                 /* [t mt companions t] */
    lua_newuserdatauv(L, 0, 1);          /* [t mt companions t u] */
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->companion_mt_ref);
    lua_setmetatable(L, -2);
    lua_rawset(L, -3);                   /* companions[t] = u */
    lua_pop(L, 1);
}

/* Raises "cannot <what> props.items: it is read-only" when the value at 1 is a view of
   props or state, whose label the function in upvalue 1 gives (nil for other values):
   views are userdata, so Lua would refuse them anyway; this says which field, as
   assignments do. */
static void theolua_refuse_view(lua_State *L, const char *what) {
    if (lua_type(L, 1) != LUA_TUSERDATA) {
        return;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_error(L, "cannot %s %s: it is read-only", what, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
}

/* setmetatable(t, mt), as Lua's, except that a `__gc` field of `mt` does not mark `t`
   for Lua's finalization (which would run the script's function with hooks off): `t`
   gets a companion instead. `getmetatable(t)` is `mt`, its `__gc` field included. */
static int theolua_setmetatable(lua_State *L) {
    /* Class libraries call this for every object they make: the names it looks up are
       its upvalues 2 and 3 ("__metatable", "__gc"), pushed without hashing them again. */
    int type = lua_type(L, 2);
    if (lua_type(L, 1) != LUA_TTABLE) {
        theolua_refuse_view(L, "setmetatable");
        luaL_checktype(L, 1, LUA_TTABLE);
    }
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (lua_getmetatable(L, 1)) { /* [t mt old] */
        lua_pushvalue(L, lua_upvalueindex(2));
        if (lua_rawget(L, 3) != LUA_TNIL) {
            return luaL_error(L, "cannot change a protected metatable");
        }
        lua_settop(L, 2);
    }
    if (type == LUA_TTABLE) {
        lua_pushvalue(L, lua_upvalueindex(3));
        if (lua_rawget(L, 2) != LUA_TNIL) { /* [t mt gc] */
            /* Without the field while Lua looks at it. Neither step allocates: the key
               stays in its node, so putting the value back finds it. */
            lua_pushvalue(L, lua_upvalueindex(3));
            lua_pushnil(L);
            lua_rawset(L, 2);
            lua_pushvalue(L, 2);
            lua_setmetatable(L, 1);
            lua_pushvalue(L, lua_upvalueindex(3));
            lua_pushvalue(L, 3);
            lua_rawset(L, 2);
            lua_settop(L, 2);
            theolua_add_companion(L, theolua_getsupport(L));
            lua_settop(L, 1);
            return 1;
        }
        lua_settop(L, 2);
    }
    lua_setmetatable(L, 1); /* [t] */
    return 1;
}

void theolua_collect(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
}

void theolua_restart_collector(lua_State *L) {
    if (!lua_gc(L, LUA_GCISRUNNING)) {
        lua_gc(L, LUA_GCRESTART);
    }
}

int theolua_finalizers_queued(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    int queued = support->finalizers_queued;
    support->finalizers_queued = 0;
    return queued;
}

/* Runs the finalizers of the tables queued so far, each in a protected call with a
   traceback, appending the messages of those that fail to the finalizer errors table.
   Finalizers queued meanwhile run too, after these. Raises an exceeded budget or memory
   limit at once, dropping the rest: `[]` → `[]`. */
static void theolua_drain_finalizers(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    int base = lua_gettop(L);
    lua_pushcfunction(L, theolua_message_handler);                    /* [h] */
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->finalizer_errors_ref); /* [h errors] */
    for (;;) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, support->finalizer_queue_ref); /* [h errors queue] */
        lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
        if (count == 0) {
            break;
        }
        /* A new queue for the finalizers these ones make garbage. */
        lua_newtable(L);
        lua_rawseti(L, LUA_REGISTRYINDEX, support->finalizer_queue_ref);
        for (lua_Integer i = 1; i <= count; i++) {
            if (lua_rawgeti(L, base + 3, i) != LUA_TTABLE || !lua_getmetatable(L, -1)) { /* [… t mt] */
                lua_settop(L, base + 3);
                continue;
            }
            lua_pushliteral(L, "__gc");
            if (lua_rawget(L, -2) == LUA_TNIL) { /* [… t mt gc] */
                lua_settop(L, base + 3);
                continue;
            }
            lua_pushvalue(L, base + 4); /* [… t mt gc t] */
            int outer = support->in_finalizer;
            support->in_finalizer = 1;
            int status = lua_pcall(L, 1, 0, base + 1);
            support->in_finalizer = outer;
            if (status != LUA_OK) {
                if (support->budget_exceeded || support->memory_exceeded) {
                    lua_error(L);
                }
                lua_rawseti(L, base + 2, (lua_Integer)lua_rawlen(L, base + 2) + 1);
                support->finalizers_queued = 1;
            }
            lua_settop(L, base + 3);
        }
        lua_settop(L, base + 2);
    }
    lua_settop(L, base);
}

int theolua_run_finalizers(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    lua_settop(L, 0);
    theolua_drain_finalizers(L);
    /* The errors, and a new table for the next ones. */
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->finalizer_errors_ref);
    lua_newtable(L);
    lua_rawseti(L, LUA_REGISTRYINDEX, support->finalizer_errors_ref);
    return 1;
}

/* ---- Protected calls and message handlers ---- */

/* What pcall and xpcall return, as Lua's: true and the results, or false and the error.
   A stopped call's error goes past them, so a script cannot catch it and carry on. */
static int theolua_pcall_finish(lua_State *L, int status, lua_KContext extra) {
    if (theolua_getsupport(L)->budget_exceeded) {
        return theolua_raise_budget_exceeded(L);
    }
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* pcall(f, ...), in one C frame as Lua's, so that levels of `error` count the same
   (`pcall(error, "e", 2)` names the caller's line). */
static int theolua_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1); /* the first result, if no error */
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, theolua_pcall_finish);
    return theolua_pcall_finish(L, status, 0);
}

/* The message handler the sandbox's xpcall passes on: the script's handler (upvalue 1)
   for ordinary errors; an exceeded budget's error as it is, since the handler would run
   with hooks off. */
static int theolua_budgeted_handler(lua_State *L) {
    if (theolua_getsupport(L)->budget_exceeded) {
        lua_settop(L, 1);
        return 1;
    }
    int arguments = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, arguments, LUA_MULTRET);
    return lua_gettop(L);
}

/* xpcall(f, handler, ...) with the handler guarded, in one C frame as Lua's; a stopped
   call's error goes past it. */
static int theolua_xpcall(lua_State *L) {
    int count = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, theolua_budgeted_handler, 1);
    lua_replace(L, 2);     /* [f h args…] */
    lua_pushboolean(L, 1); /* the first result, if no error */
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2); /* [f h true f args…] */
    int status = lua_pcallk(L, count - 2, LUA_MULTRET, 2, 2, theolua_pcall_finish);
    return theolua_pcall_finish(L, status, 2);
}

/* ---- Coroutines ---- */

/* Marks the coroutine at `index` as stopped by `reason` (what closing it then says). */
static void theolua_poison(lua_State *L, int index, const char *reason) {
    theolua_support *support = theolua_getsupport(L);
    if (lua_type(L, index) != LUA_TTHREAD || support->poisoned_ref <= 0) {
        return;
    }
    index = lua_absindex(L, index);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->poisoned_ref);
    lua_pushvalue(L, index);
    lua_pushstring(L, reason);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* [co, reason (light userdata)] → []: theolua_poison in a protected call. */
static int theolua_poison_protected(lua_State *L) {
    theolua_poison(L, 1, (const char *)lua_touserdata(L, 2));
    return 0;
}

/* What stopped the current call, as closing a coroutine it stopped says. */
static const char *theolua_stop_name(theolua_support *support) {
    switch (support->stop_reason) {
    case THEOLUA_STOP_TIME:
        return "the time limit";
    case THEOLUA_STOP_COPIES:
        return "the limit on strings copied out of Lua";
    default:
        return "the instruction budget";
    }
}

void theolua_mark_stopped_task(lua_State *L, lua_State *co) {
    theolua_support *support = theolua_getsupport(L);
    const char *reason = support->budget_exceeded ? theolua_stop_name(support) : NULL;
    if (reason == NULL || !lua_checkstack(L, 3) || !lua_checkstack(co, 1)) {
        return;
    }
    lua_pushcfunction(L, theolua_poison_protected);
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    lua_pushlightuserdata(L, (void *)reason);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lua_pop(L, 1); /* marking failed (no memory): the coroutine is dropped anyway */
    }
}

/* Pushes why the coroutine at `index` was stopped and returns 1, or returns 0 when it
   was not. */
static int theolua_push_poison(lua_State *L, int index) {
    theolua_support *support = theolua_getsupport(L);
    if (support->poisoned_ref <= 0) {
        return 0;
    }
    index = lua_absindex(L, index);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->poisoned_ref);
    lua_pushvalue(L, index);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 2);
        return 0;
    }
    lua_remove(L, -2);
    return 1;
}

/* Resumes `co` with the `arguments` values at the top of L, as Lua's coroutine library
   does: moves its results (or its error) to L and returns their count, or -1 after an
   error. Notes the coroutine as the running thread meanwhile. */
static int theolua_resume_thread(lua_State *L, lua_State *co, int arguments) {
    theolua_support *support = theolua_getsupport(L);
    if (!lua_checkstack(co, arguments)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) {
        lua_pushliteral(L, "cannot resume dead coroutine");
        return -1;
    }
    lua_xmove(L, co, arguments);
    /* The coroutine runs under the mode's hook, whatever it had when it was made; the
       watchdog's signal reaches whichever thread `running` names, so that is set after
       the hook and looked at again once it names the coroutine. */
    theolua_standing_hook(co, support);
    lua_State *outer = support->running;
    support->running = co;
    if (theolua_watch_asked(support) != 0) {
        theolua_set_hook(co, 1);
    }
    int results = 0;
    int status = lua_resume(co, L, arguments, &results);
    support->running = outer;
    if (theolua_watch_asked(support) != 0 || support->stop_reason != 0) {
        /* Asked while the coroutine ran: this thread stops (or yields) next. */
        theolua_set_hook(L, 1);
    }
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_xmove(co, L, 1);
        return -1;
    }
    if (!lua_checkstack(L, results + 1)) {
        lua_pop(co, results);
        lua_pushliteral(L, "too many results to resume");
        return -1;
    }
    lua_xmove(co, L, results);
    return results;
}

/* coroutine.resume(co, ...): an exceeded budget goes past it, and marks the coroutine. */
static int theolua_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "thread");
    int results = theolua_resume_thread(L, co, lua_gettop(L) - 1);
    if (theolua_getsupport(L)->budget_exceeded) {
        theolua_poison(L, 1, theolua_stop_name(theolua_getsupport(L)));
        return theolua_raise_budget_exceeded(L);
    }
    if (results < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(results + 1));
    return results + 1;
}

/* Bytes of C stack left below this frame on the calling thread, or LONG_MAX when the
   thread's stack cannot be known. */
static long theolua_stack_room(void) {
    static _Thread_local char *lowest;
    static _Thread_local int known = -1;
    if (known < 0) {
        known = 0;
#if defined(__APPLE__)
        pthread_t self = pthread_self();
        lowest = (char *)pthread_get_stackaddr_np(self) - pthread_get_stacksize_np(self);
        known = 1;
#elif defined(__linux__)
        pthread_attr_t attributes;
        void *address;
        size_t size;
        if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
            if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
                /* The main thread's "unlimited" stack is reported as huge: count 64 MiB. */
                char *top = (char *)address + size;
                lowest = size > ((size_t)64 << 20) ? top - ((size_t)64 << 20) : (char *)address;
                known = 1;
            }
            pthread_attr_destroy(&attributes);
        }
#endif
    }
    if (!known) {
        return LONG_MAX;
    }
    /* The frame's address, not a local's: under AddressSanitizer locals may live on a
       fake stack in the heap. */
    char *here = (char *)__builtin_frame_address(0);
    return (long)(here - lowest);
}

/* Closes `co`, running its pending `__close` handlers: Lua's lua_closethread, counted
   against the nesting bound and refused without room on the C stack. Lua 5.4.4 and
   5.4.5 run a closed coroutine's handlers with a fresh count of C calls (fixed upstream
   by 1e64c139), so each nested close may take up to about 200 C calls' worth of stack
   (some 400 KiB) before Lua's own check: a close needs THEOLUA_CLOSE_STACK_RESERVE. */
static int theolua_close_thread(lua_State *L, lua_State *co) {
    theolua_support *support = theolua_getsupport(L);
    if (support->close_depth >= THEOLUA_MAX_CLOSE_DEPTH) {
        return luaL_error(L, "coroutine closes nested more than %d deep", THEOLUA_MAX_CLOSE_DEPTH);
    }
    if (theolua_stack_room() < THEOLUA_CLOSE_STACK_RESERVE) {
        return luaL_error(L, "C stack overflow");
    }
    support->close_depth++;
#if LUA_VERSION_RELEASE_NUM >= 50406
    int status = lua_closethread(co, L);
#else
    int status = lua_resetthread(co);
#endif
    support->close_depth--;
    return status;
}

static int theolua_xpcall(lua_State *L);

/* Whether the suspended coroutine `co` yielded from within an xpcall. Lua up to 5.4.7
   keeps that xpcall's message handler as the thread's while it is suspended, and closing
   it runs its `__close` handlers on a stack where their locals overwrite the handler's
   slot: an error in one then calls whatever value lies there as the message handler
   (fixed upstream by 3fe7be95), and after an exceeded budget it would run with hooks
   off. Such a coroutine is not closed (its handlers never run, as when it is dropped). */
static int theolua_suspended_in_xpcall(lua_State *co) {
    lua_Debug frame;
    if (!lua_checkstack(co, 1)) {
        return 1;
    }
    for (int level = 0; lua_getstack(co, level, &frame); level++) {
        lua_getinfo(co, "f", &frame);
        lua_CFunction function = lua_tocfunction(co, -1);
        lua_pop(co, 1);
        if (function == theolua_xpcall) {
            return 1;
        }
    }
    return 0;
}

/* coroutine.close(co), refusing a coroutine the budget stopped (its hooks are off for
   good) and bounding nesting. */
static int theolua_close(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "thread");
    if (theolua_push_poison(L, 1)) {
        lua_pushfstring(L, "cannot close a coroutine stopped by %s", lua_tostring(L, -1));
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    /* Lua's own checks and messages for running and normal coroutines. */
    int status = lua_status(co);
    if (co == L || (status == LUA_OK && lua_getstack(co, 0, &(lua_Debug){0}))) {
        return luaL_error(L, "cannot close a %s coroutine", co == L ? "running" : "normal");
    }
    if (status == LUA_YIELD && theolua_suspended_in_xpcall(co)) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "cannot close a coroutine suspended inside xpcall");
        return 2;
    }
    status = theolua_close_thread(L, co);
    if (theolua_getsupport(L)->budget_exceeded) {
        return theolua_raise_budget_exceeded(L);
    }
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

/* The function coroutine.wrap returns: resumes its coroutine (upvalue 1). On an error
   the coroutine is closed and the error goes on, as Lua's wrap does; after an exceeded
   budget it is left unclosed and marked. */
static int theolua_wrapped_call(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int results = theolua_resume_thread(L, co, lua_gettop(L));
    if (theolua_getsupport(L)->budget_exceeded) {
        lua_pushvalue(L, lua_upvalueindex(1));
        theolua_poison(L, -1, theolua_stop_name(theolua_getsupport(L)));
        return theolua_raise_budget_exceeded(L);
    }
    if (results >= 0) {
        return results;
    }
    int status = lua_status(co);
    lua_pushvalue(L, lua_upvalueindex(1));
    int stopped = theolua_push_poison(L, -1);
    lua_pop(L, 1 + stopped);
    if (status != LUA_OK && status != LUA_YIELD && !stopped) { /* the coroutine failed: close it */
        status = theolua_close_thread(L, co);
        lua_pop(L, 1);
        lua_xmove(co, L, 1); /* its error, or the one a __close handler raised */
        if (theolua_getsupport(L)->budget_exceeded) {
            return theolua_raise_budget_exceeded(L);
        }
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int theolua_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, theolua_wrapped_call, 1);
    return 1;
}

/* ---- Library functions that charge their work ---- */

/* Runs the original C function (upvalue 1) in this call's frame, so that its errors
   name the function as Lua's would ("bad argument #1 to 'tonumber'"). The library
   functions wrapped here use no upvalues of their own. */
static int theolua_call_original(lua_State *L) {
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* The length of the table at `index` without metamethods, 0 for other values. */
static long long theolua_raw_count(lua_State *L, int index) {
    return lua_type(L, index) == LUA_TTABLE ? (long long)lua_rawlen(L, index) : 0;
}

/* The length of the string at `index`, 0 for other values. */
static long long theolua_string_length(lua_State *L, int index) {
    size_t length = 0;
    if (lua_type(L, index) == LUA_TSTRING) {
        lua_tolstring(L, index, &length);
    }
    return (long long)length;
}

/* An integer argument, or `fallback` when absent or not an integer. */
static long long theolua_integer_or(lua_State *L, int index, long long fallback) {
    int is_integer = 0;
    lua_Integer value = lua_tointegerx(L, index, &is_integer);
    return is_integer ? (long long)value : fallback;
}

/* Bytes scanned per instruction charged, for work over strings. */
#define THEOLUA_BYTES_PER_UNIT 64

/* The number of elements from `first` to `last`, 0 when there are none, saturated. */
static long long theolua_span(long long first, long long last) {
    if (last < first) {
        return 0;
    }
    unsigned long long count = (unsigned long long)last - (unsigned long long)first + 1;
    return count > LLONG_MAX / 2 ? LLONG_MAX / 2 : (long long)count;
}

/* Whether the value at `index` can be read (`__index`) or written (`__newindex`) like a
   table, as Lua's table library asks: a table, or a value with those metamethods. */
static void theolua_check_table_like(lua_State *L, int index, int writes) {
    if (lua_type(L, index) == LUA_TTABLE) {
        return;
    }
    int usable = 0;
    if (lua_getmetatable(L, index)) {
        lua_pushliteral(L, "__index");
        usable = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
        if (usable && writes) {
            lua_pushliteral(L, "__newindex");
            usable = lua_rawget(L, -2) != LUA_TNIL;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (!usable) {
        luaL_checktype(L, index, LUA_TTABLE);
    }
}

/* Elements moved between two charges of the budget. */
#define THEOLUA_MOVE_CHUNK 1024

/* table.move(a1, f, e, t [, a2]): a2[t], ··· = a1[f], ···, a1[e], as in Lua 5.4, element
   by element through metamethods, and charged as it goes: its work is the range, which
   a script chooses, not its instructions. */
static int theolua_table_move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int target = !lua_isnoneornil(L, 5) ? 5 : 1;
    theolua_check_table_like(L, 1, 0);
    theolua_check_table_like(L, target, 1);
    if (last >= first) {
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        lua_Integer count = last - first + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
        /* Backwards when the destination overlaps the source from above. */
        int backwards = !(to > last || to <= first || (target != 1 && !lua_compare(L, 1, target, LUA_OPEQ)));
        for (lua_Integer i = 0; i < count; i++) {
            if (i % THEOLUA_MOVE_CHUNK == 0) {
                theolua_charge(L, THEOLUA_MOVE_CHUNK);
            }
            lua_Integer offset = backwards ? count - 1 - i : i;
            lua_geti(L, 1, first + offset);
            lua_seti(L, target, to + offset);
        }
    }
    lua_pushvalue(L, target);
    return 1;
}

/* table.concat(t, sep, i, j) visits i..j, failing at the first element that is not a
   string or number: at most the raw elements. */
static int theolua_charged_concat(lua_State *L) {
    long long first = theolua_integer_or(L, 3, 1);
    long long last = theolua_integer_or(L, 4, theolua_raw_count(L, 1));
    long long count = theolua_span(first, last), present = theolua_raw_count(L, 1);
    theolua_charge(L, count < present ? count : present);
    return theolua_call_original(L);
}

/* Charges the elements after position `pos` (argument 2) that a table.insert at a
   position or a table.remove shifts, when `pos` is one Lua accepts: 1 to `last`. */
static void theolua_charge_shift(lua_State *L, long long last) {
    long long position = theolua_integer_or(L, 2, 0);
    if (position >= 1 && position <= last) {
        theolua_charge(L, last - position);
    }
}

/* table.insert(t, pos, v) shifts; table.insert(t, v) appends. */
static int theolua_charged_insert(lua_State *L) {
    if (lua_gettop(L) >= 3) {
        theolua_charge_shift(L, theolua_raw_count(L, 1) + 1);
    }
    return theolua_call_original(L);
}

/* table.remove(t, pos) shifts; table.remove(t) takes the last element. */
static int theolua_charged_remove(lua_State *L) {
    if (lua_gettop(L) >= 2) {
        theolua_charge_shift(L, theolua_raw_count(L, 1) + 1);
    }
    return theolua_call_original(L);
}

static int theolua_charged_sort(lua_State *L) {
    long long count = theolua_raw_count(L, 1);
    long long log = 1;
    while ((1LL << log) < count && log < 62) {
        log++;
    }
    if (count > 1 && count < INT_MAX) {
        theolua_charge(L, count * log);
    }
    return theolua_call_original(L);
}

/* Lua's stack limit: table.unpack refuses more results than this without working. */
#define THEOLUA_MAX_RESULTS 1000000

static int theolua_charged_unpack(lua_State *L) {
    long long count = theolua_span(theolua_integer_or(L, 2, 1), theolua_integer_or(L, 3, theolua_raw_count(L, 1)));
    if (count <= THEOLUA_MAX_RESULTS) {
        theolua_charge(L, count);
    }
    return theolua_call_original(L);
}

/* tonumber scans its string argument. */
static int theolua_charged_scan(lua_State *L) {
    theolua_charge(L, theolua_string_length(L, 1) / THEOLUA_BYTES_PER_UNIT);
    return theolua_call_original(L);
}

/* utf8.len(s, i, j) decodes bytes i to j (by default, all of them). */
static int theolua_charged_utf8_len(lua_State *L) {
    long long length = theolua_string_length(L, 1);
    long long first = theolua_integer_or(L, 2, 1), last = theolua_integer_or(L, 3, -1);
    if (first < 0) first = first < -length ? 1 : first + length + 1;
    if (last < 0) last = last < -length ? 0 : last + length + 1;
    /* Out of the string, Lua refuses the range without reading it. */
    if (first >= 1 && last <= length && last > first) {
        theolua_charge(L, (last - first) / THEOLUA_BYTES_PER_UNIT);
    }
    return theolua_call_original(L);
}

/* utf8.offset(s, n, i) walks |n| characters, at most the whole string. */
static int theolua_charged_utf8_offset(lua_State *L) {
    long long length = theolua_string_length(L, 1);
    long long steps = theolua_integer_or(L, 2, 0);
    if (steps < 0) steps = steps == LLONG_MIN ? LLONG_MAX : -steps;
    theolua_charge(L, (steps < length ? steps : length) / THEOLUA_BYTES_PER_UNIT);
    return theolua_call_original(L);
}

/* rawequal compares long strings byte by byte. */
static int theolua_charged_rawequal(lua_State *L) {
    long long a = theolua_string_length(L, 1), b = theolua_string_length(L, 2);
    theolua_charge(L, (a < b ? a : b) / THEOLUA_BYTES_PER_UNIT);
    return theolua_call_original(L);
}

/* string.unpack(fmt, s, pos) works through its format. */
static int theolua_charged_format_scan(lua_State *L) {
    theolua_charge(L, theolua_string_length(L, 1));
    return theolua_call_original(L);
}

/* collectgarbage: a full collection or a mode switch visits the whole heap, and is
   charged for it. After a collection or a step, the finalizers it made due run at once,
   within this call and its limits, as Lua runs them within collectgarbage; failures are
   kept for the runtime to report. Inside a finalizer it returns false, as inside Lua's
   collector, and a step returns true, as the end of a cycle. ("stop" lasts until the
   outermost call returns: see theolua_restart_collector.)

   The collector stays generational: "incremental" checks its arguments and returns
   the mode in force, as a switch to the same mode would. Lua up to 5.4.8 can free a
   metatable still in use when one is set on an all-weak table in the middle of an
   incremental cycle (fixed upstream by 1b0f943d); in generational mode every cycle
   runs to its end within one collector call, so no script code runs in the middle. */
static int theolua_collectgarbage(lua_State *L) {
    static const char *const options[] = {"stop", "restart", "collect", "count", "step", "setpause",
                                          "setstepmul", "isrunning", "generational", "incremental", NULL};
    const char *option = options[luaL_checkoption(L, 1, "collect", options)];
    if (theolua_getsupport(L)->in_finalizer) {
        /* Lua runs finalizers inside its collector, where collectgarbage does nothing
           and returns false: so it does here, where they run after it. */
        luaL_pushfail(L);
        return 1;
    }
    int collects = strcmp(option, "collect") == 0 || strcmp(option, "step") == 0;
    if (strcmp(option, "incremental") == 0) {
        for (int argument = 2; argument <= 4; argument++) {
            luaL_optinteger(L, argument, 0);
        }
        lua_pushliteral(L, "generational");
        return 1;
    }
    if (collects || strcmp(option, "generational") == 0) {
        theolua_support *support = theolua_getsupport(L);
        theolua_charge(L, (long long)(support->used / 16));
    }
    int results = theolua_call_original(L);
    if (strcmp(option, "step") == 0 && results == 1) {
        /* In generational mode every step is a whole collection of the young objects,
           which Lua reports as no cycle ended; `repeat until collectgarbage("step")`
           would never end. */
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    if (collects) {
        int top = lua_gettop(L);
        theolua_drain_finalizers(L);
        lua_settop(L, top);
    }
    return results;
}

/* print(...): Lua's print, writing its line through the function in upvalue 1 (the
   runtime's log) instead of standard output, and charging the line's length. A C
   function like Lua's, it converts with luaL_tolstring (`__tostring`, `__name`), not with
   the global `tostring`. */
static int theolua_print(lua_State *L) {
    int count = lua_gettop(L);
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    for (int i = 1; i <= count; i++) {
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&line);
        if (i < count) {
            luaL_addchar(&line, '\t');
        }
    }
    luaL_pushresult(&line);
    theolua_charge(L, (long long)lua_rawlen(L, -1) / THEOLUA_BYTES_PER_UNIT);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, -2);
    lua_call(L, 1, 0);
    return 0;
}

void theolua_push_print(lua_State *L) {
    lua_pushcclosure(L, theolua_print, 1);
}

/* rawset(t, k, v), refusing views (upvalue 1 labels them); the original is upvalue 2. */
static int theolua_rawset(lua_State *L) {
    theolua_refuse_view(L, "rawset");
    return lua_tocfunction(L, lua_upvalueindex(2))(L);
}

/* load(chunk, name, mode, env), as Lua's, but with text chunks only whatever mode allows
   (binary chunks could break the VM; a text chunk under mode "b" is refused, as by Lua),
   and through theolua_load_text's bounds. A reader
   function's pieces are gathered first (an error in the reader is load's failure, as in
   Lua; an exceeded budget goes past it). The chunk's length is charged, as its parse
   reads it all. */
static int theolua_load(lua_State *L) {
    int has_env = !lua_isnone(L, 4);
    const char *mode = luaL_optstring(L, 3, "bt");
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    const char *chunkname;
    if (text != NULL) {
        chunkname = luaL_optstring(L, 2, text);
    } else {
        chunkname = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        luaL_Buffer pieces;
        luaL_buffinit(L, &pieces);
        for (;;) {
            lua_pushvalue(L, 1);
            int status = lua_pcall(L, 0, 1, 0);
            if (theolua_getsupport(L)->budget_exceeded) {
                return theolua_raise_budget_exceeded(L);
            }
            if (status != LUA_OK) {
                luaL_pushfail(L);
                lua_insert(L, -2);
                return 2;
            }
            if (lua_isnil(L, -1) || (lua_type(L, -1) == LUA_TSTRING && lua_rawlen(L, -1) == 0)) {
                lua_pop(L, 1);
                break;
            }
            if (lua_type(L, -1) != LUA_TSTRING) {
                lua_pop(L, 1);
                luaL_pushfail(L);
                lua_pushliteral(L, "reader function must return a string");
                return 2;
            }
            luaL_addvalue(&pieces);
        }
        luaL_pushresult(&pieces);
        text = lua_tolstring(L, -1, &length);
    }
    if (strchr(mode, 't') == NULL && (length == 0 || text[0] != LUA_SIGNATURE[0])) {
        /* A text chunk where the mode asks for binary only: refused as Lua refuses it. */
        luaL_pushfail(L);
        lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
        return 2;
    }
    theolua_charge(L, (long long)(length / THEOLUA_BYTES_PER_UNIT));
    int status = theolua_load_text(L, text, length, chunkname);
    if (status != LUA_OK && theolua_getsupport(L)->budget_exceeded) {
        return theolua_raise_budget_exceeded(L);
    }
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) {
            lua_pop(L, 1);
        }
    }
    return 1;
}

/* Replaces `table[name]` (table at `table`) with a C closure of `fn` over the original,
   if the original is a function. */
static void theolua_wrap_field(lua_State *L, int table, const char *name, lua_CFunction fn) {
    if (lua_getfield(L, table, name) == LUA_TFUNCTION) {
        lua_pushcclosure(L, fn, 1);
        lua_setfield(L, table, name);
    } else {
        lua_pop(L, 1);
    }
}

/* A weak-keyed table in the registry: its reference. */
static int theolua_weak_table(lua_State *L) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

void theolua_install_guards(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    int label = lua_gettop(L);
    int globals = label - 1;

    support->companions_ref = theolua_weak_table(L);
    support->poisoned_ref = theolua_weak_table(L);
    lua_newtable(L);
    support->finalizer_queue_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    support->finalizer_errors_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, theolua_companion_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    support->companion_mt_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    lua_pushvalue(L, label);
    lua_pushliteral(L, "__metatable");
    lua_pushliteral(L, "__gc");
    lua_pushcclosure(L, theolua_setmetatable, 3);
    lua_setfield(L, globals, "setmetatable");
    lua_pushvalue(L, label);
    lua_getfield(L, globals, "rawset");
    lua_pushcclosure(L, theolua_rawset, 2);
    lua_setfield(L, globals, "rawset");
    theolua_wrap_field(L, globals, "pcall", theolua_pcall);
    theolua_wrap_field(L, globals, "xpcall", theolua_xpcall);
    theolua_wrap_field(L, globals, "collectgarbage", theolua_collectgarbage);
    theolua_wrap_field(L, globals, "tonumber", theolua_charged_scan);
    lua_pushcfunction(L, theolua_load);
    lua_setfield(L, globals, "load");
    theolua_wrap_field(L, globals, "rawequal", theolua_charged_rawequal);

    if (lua_getfield(L, globals, "coroutine") == LUA_TTABLE) {
        int coroutine = lua_gettop(L);
        lua_pushcfunction(L, theolua_resume);
        lua_setfield(L, coroutine, "resume");
        lua_pushcfunction(L, theolua_close);
        lua_setfield(L, coroutine, "close");
        lua_pushcfunction(L, theolua_wrap);
        lua_setfield(L, coroutine, "wrap");
    }
    lua_settop(L, globals);
    if (lua_getfield(L, globals, "table") == LUA_TTABLE) {
        int table = lua_gettop(L);
        lua_pushcfunction(L, theolua_table_move);
        lua_setfield(L, table, "move");
        theolua_wrap_field(L, table, "concat", theolua_charged_concat);
        theolua_wrap_field(L, table, "insert", theolua_charged_insert);
        theolua_wrap_field(L, table, "remove", theolua_charged_remove);
        theolua_wrap_field(L, table, "sort", theolua_charged_sort);
        theolua_wrap_field(L, table, "unpack", theolua_charged_unpack);
    }
    lua_settop(L, globals);
    if (lua_getfield(L, globals, "utf8") == LUA_TTABLE) {
        int utf8 = lua_gettop(L);
        theolua_wrap_field(L, utf8, "len", theolua_charged_utf8_len);
        theolua_wrap_field(L, utf8, "offset", theolua_charged_utf8_offset);
    }
    lua_settop(L, globals);
    if (lua_getfield(L, globals, "string") == LUA_TTABLE) {
        theolua_wrap_field(L, lua_gettop(L), "unpack", theolua_charged_format_scan);
    }
    lua_settop(L, globals);
}

/* ---- What the sandbox keeps of the debug library ---- */

/* Fields of the table at the top: `[t]` → `[t]`. */
static void theolua_info_string(lua_State *L, const char *name, const char *value) {
    lua_pushstring(L, value);
    lua_setfield(L, -2, name);
}

static void theolua_info_integer(lua_State *L, const char *name, lua_Integer value) {
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
}

static void theolua_info_boolean(lua_State *L, const char *name, int value) {
    lua_pushboolean(L, value);
    lua_setfield(L, -2, name);
}

int theolua_sandbox_getinfo(lua_State *L) {
    /* debug.getinfo([thread,] f | level [, what]), as Lua's, except that `func` (option
       `f`) is given for Lua functions only: a C function of a frame above the script's
       own would hand it the runtime's functions and their upvalues. Libraries read their
       own source, line and name with it, and the function of a level to find its
       `_ENV` (Penlight's getfenv). */
    lua_State *L1 = L;
    int arg = 0;
    if (lua_type(L, 1) == LUA_TTHREAD) {
        L1 = lua_tothread(L, 1);
        arg = 1;
    }
    const char *options = luaL_optstring(L, arg + 2, "lnSrtu");
    char what[16];
    size_t length = 0;
    what[length++] = '>';
    int wants_function = 0;
    for (const char *c = options; *c != '\0'; c++) {
        if (*c == '>' || length >= sizeof what - 1) {
            return luaL_argerror(L, arg + 2, "invalid option");
        }
        if (*c == 'f') {
            wants_function = 1;
        } else {
            what[length++] = *c;
        }
    }
    if (wants_function) {
        what[length++] = 'f';
    }
    what[length] = '\0';
    luaL_checkstack(L, 3, "not enough stack");
    if (L1 != L && !lua_checkstack(L1, 3)) {
        return luaL_error(L, "stack overflow");
    }
    lua_Debug ar;
    const char *asked = what + 1;
    if (lua_type(L, arg + 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, arg + 1);
        lua_xmove(L, L1, 1);
        asked = what;
    } else if (!lua_getstack(L1, (int)luaL_checkinteger(L, arg + 1), &ar)) {
        luaL_pushfail(L);
        return 1;
    }
    if (!lua_getinfo(L1, asked, &ar)) {
        return luaL_argerror(L, arg + 2, "invalid option");
    }
    /* lua_getinfo pushed the function (f), then the table of active lines (L), on L1. */
    int pushed = (wants_function ? 1 : 0) + (strchr(asked, 'L') != NULL ? 1 : 0);
    if (L1 != L) {
        lua_xmove(L1, L, pushed);
    }
    lua_newtable(L);
    if (strchr(asked, 'L')) {
        lua_rotate(L, -2, 1);
        lua_setfield(L, -2, "activelines");
    }
    if (wants_function) {
        lua_rotate(L, -2, 1);
        if (lua_iscfunction(L, -1)) {
            lua_pop(L, 1);
        } else {
            lua_setfield(L, -2, "func");
        }
    }
    if (strchr(asked, 'S')) {
        lua_pushlstring(L, ar.source, ar.srclen);
        lua_setfield(L, -2, "source");
        theolua_info_string(L, "short_src", ar.short_src);
        theolua_info_integer(L, "linedefined", ar.linedefined);
        theolua_info_integer(L, "lastlinedefined", ar.lastlinedefined);
        theolua_info_string(L, "what", ar.what);
    }
    if (strchr(asked, 'l')) {
        theolua_info_integer(L, "currentline", ar.currentline);
    }
    if (strchr(asked, 'u')) {
        theolua_info_integer(L, "nups", ar.nups);
        theolua_info_integer(L, "nparams", ar.nparams);
        theolua_info_boolean(L, "isvararg", ar.isvararg);
    }
    if (strchr(asked, 'n')) {
        theolua_info_string(L, "name", ar.name);
        theolua_info_string(L, "namewhat", ar.namewhat);
    }
    if (strchr(asked, 'r')) {
        theolua_info_integer(L, "ftransfer", ar.ftransfer);
        theolua_info_integer(L, "ntransfer", ar.ntransfer);
    }
    if (strchr(asked, 't')) {
        theolua_info_boolean(L, "istailcall", ar.istailcall);
    }
    return 1;
}

/* The Lua function at `index` with an upvalue `n`, or NULL when it is a C function (whose
   upvalues are the runtime's: the sandbox shows it none) or has no such upvalue. */
static int theolua_lua_upvalue(lua_State *L, int index, int n) {
    luaL_checktype(L, index, LUA_TFUNCTION);
    return !lua_iscfunction(L, index) && lua_getupvalue(L, index, n) != NULL ? (lua_pop(L, 1), 1) : 0;
}

int theolua_sandbox_getupvalue(lua_State *L) {
    /* debug.getupvalue(f, n), as Lua's, for Lua functions; a C function shows none. */
    int n = (int)luaL_checkinteger(L, 2);
    if (!theolua_lua_upvalue(L, 1, n)) {
        return 0;
    }
    const char *name = lua_getupvalue(L, 1, n);
    lua_pushstring(L, name);
    lua_insert(L, -2);
    return 2;
}

int theolua_sandbox_setupvalue(lua_State *L) {
    /* debug.setupvalue(f, n, v), as Lua's, for Lua functions. */
    int n = (int)luaL_checkinteger(L, 2);
    luaL_checkany(L, 3);
    if (!theolua_lua_upvalue(L, 1, n)) {
        return 0;
    }
    lua_settop(L, 3);
    lua_pushstring(L, lua_setupvalue(L, 1, n));
    return 1;
}

int theolua_sandbox_upvalueid(lua_State *L) {
    /* debug.upvalueid(f, n), as Lua's, for Lua functions; fail for a C function's. */
    int n = (int)luaL_checkinteger(L, 2);
    if (!theolua_lua_upvalue(L, 1, n)) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushlightuserdata(L, lua_upvalueid(L, 1, n));
    return 1;
}

int theolua_sandbox_upvaluejoin(lua_State *L) {
    /* debug.upvaluejoin(f1, n1, f2, n2), as Lua's: Lua functions only. */
    int n1 = (int)luaL_checkinteger(L, 2);
    int n2 = (int)luaL_checkinteger(L, 4);
    luaL_argcheck(L, !lua_iscfunction(L, 1), 1, "Lua function expected");
    luaL_argcheck(L, !lua_iscfunction(L, 3), 3, "Lua function expected");
    luaL_argcheck(L, theolua_lua_upvalue(L, 1, n1), 2, "invalid upvalue index");
    luaL_argcheck(L, theolua_lua_upvalue(L, 3, n2), 4, "invalid upvalue index");
    lua_upvaluejoin(L, 1, n1, 3, n2);
    return 0;
}

