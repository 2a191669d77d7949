#ifndef THEOLUA_SUPPORT_H
#define THEOLUA_SUPPORT_H

#include <stddef.h>
#include <lua.h>

/// Per-state limits and the bridge's context, shared by every thread (coroutine) of one
/// lua_State through its extra space.
typedef struct theolua_support {
    /// Bytes the state has allocated now.
    size_t used;
    /// The most bytes it may allocate; 0 means no limit.
    size_t limit;
    /// Instructions allowed per call into Lua; 0 means no limit.
    long long budget;
    /// Instructions left in the current call.
    long long remaining;
    /// Set when an allocation was refused because of `limit`.
    int memory_exceeded;
    /// Set when the instruction budget ran out, until the next `theolua_arm_budget`.
    int budget_exceeded;
    /// Non-zero while a Swift function called from Lua runs. Allocations then never
    /// fail (a failure would unwind through Swift frames); going over the limit sets
    /// `memory_overdraft`, and the trampoline raises the error once Swift has returned.
    int in_swift;
    /// Set when an allocation went over the limit while Swift was running.
    int memory_overdraft;
    /// The Swift object that owns the state.
    void *context;
    /// The main thread, to note where Lua runs when an allocation is refused.
    lua_State *main;
    /// Where Lua code last ran, as `file:line`, noted by the count hook: the best
    /// location for a memory error, for which Lua runs no message handler.
    char last_location[160];
} theolua_support;

/// A Swift function callable from Lua. It returns the number of results it pushed, or
/// -1 after pushing an error value, which `theolua_pushfunction`'s trampoline raises
/// once the Swift frame has returned: Lua errors never unwind through Swift frames.
typedef int (*theolua_function)(lua_State *L);

/// Creates a state whose allocator counts bytes against `support->limit` and whose
/// extra space points to `support`. `support` must outlive the state.
lua_State *theolua_newstate(theolua_support *support);

/// The support record of `L` (of any of its threads).
theolua_support *theolua_getsupport(lua_State *L);

/// Starts a new call's instruction budget: `remaining = budget`, and installs the count
/// hook that raises "instruction budget exceeded" when it runs out.
void theolua_arm_budget(lua_State *L);

/// Pushes a C closure calling `fn` with `nupvalues` upvalues taken from the stack. In
/// `fn`, its own upvalues are at `lua_upvalueindex(2)` onwards.
void theolua_pushfunction(lua_State *L, theolua_function fn, int nupvalues);

/// The upvalue index of a function pushed with `theolua_pushfunction`'s `i`-th upvalue (1-based).
int theolua_upvalueindex(int i);

/// A message handler for lua_pcall: turns the error into a string (calling `__tostring`
/// under protection) and appends a traceback.
int theolua_message_handler(lua_State *L);

/// Replaces `pcall`, `xpcall` and `coroutine.resume` in the globals at the top of the
/// stack with versions that let an exceeded instruction budget through: a script cannot
/// catch it and carry on. `[_G]` → `[_G]`.
void theolua_guard_protected_calls(lua_State *L);

/// The pseudo-index of the registry.
int theolua_registryindex(void);

/// The number of the line currently running in the function at `level` of the call
/// stack (1: the function that called the running C function), or -1.
int theolua_current_line(lua_State *L, int level, char *source, size_t source_size);

#endif
