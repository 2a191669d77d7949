#ifndef THEOLUA_SUPPORT_H
#define THEOLUA_SUPPORT_H

#include <stddef.h>
#include <lua.h>

/// How many kinds of Swift object the bridge hands to Lua as userdata.
#define THEOLUA_OBJECT_KINDS 11
/// The kind of element userdata, which component constructors pool.
#define THEOLUA_ELEMENT_KIND 0
/// The kinds of views (of props and state) and of `self`, whose fields C reads first.
#define THEOLUA_VIEW_KIND 2
#define THEOLUA_SELF_KIND 3
/// How many props and state views of the current call into Lua are kept for `self`.
#define THEOLUA_KEPT_VIEWS 16
/// The kinds whose userdata have no finalizer of their own, their objects released in
/// batches (theolua_batches.c): elements, handlers and views (see Userdata.swift).
#define THEOLUA_BATCHED_KINDS ((1 << 0) | (1 << 1) | (1 << 2))
/// Whether userdata of `kind` are batched.
static inline int theolua_is_batched_kind(int kind) {
    return kind >= 0 && kind < 31 && (THEOLUA_BATCHED_KINDS & (1 << kind)) != 0;
}
/// The most objects one batch holds.
#define THEOLUA_BATCH_SIZE 256
/// The objects the first batch of a kind in a pass holds; each next one holds twice as
/// many, up to THEOLUA_BATCH_SIZE. A key's render makes a handful of userdata of each
/// kind: a batch of 256 would be 2 KiB made and cleared for them.
#define THEOLUA_FIRST_BATCH_SIZE 8

/// A batch: the retained objects of up to `capacity` userdata of one kind, released
/// together when the batch is collected (theolua_batches.c).
typedef struct theolua_batch {
    int kind;
    int count;
    int capacity;
    /// Cleared by the finalizer: the objects are released.
    int alive;
    void *objects[];
} theolua_batch;

/// The last metatable a run of reads found a batch in, so that reading a list of
/// userdata of one batch looks the batch up once.
typedef struct theolua_batch_lookup {
    const void *metatable;
    theolua_batch *batch;
} theolua_batch_lookup;

/// Blocks of up to this many bytes come from the state's arenas (theolua_blocks.c).
#define THEOLUA_SMALL_LIMIT 256
/// Their size classes, 16 bytes apart.
#define THEOLUA_SMALL_CLASSES (THEOLUA_SMALL_LIMIT / 16)

/// The element pool of the render under way: where a component constructor looks for
/// an element to reuse before calling into Swift (see ElementReuse.swift).
typedef struct theolua_pool {
    /// Non-zero while a render pools the keyed elements it makes.
    int active;
    /// Registry reference of the pool table, or LUA_NOREF before its first element.
    int table;
    /// Keys in the pool table.
    long size;
    /// Keyed elements the render made or reused.
    long used;
    /// Set by the last constructor call that found its key's snapshot but could not
    /// decide on reuse: a userdata field differs by identity and may still convert to
    /// the same value. Swift decides then.
    int undecided;
} theolua_pool;

/// A block in a block set, with its size.
typedef struct theolua_held {
    void *block;
    size_t size;
} theolua_held;

/// A set of blocks with their sizes (theolua_quarantine.c): the quarantine of blocks Lua's
/// emergency collector freed, held until a safe point.
typedef struct theolua_block_set {
    theolua_held *entries;
    size_t capacity;
    size_t count;
} theolua_block_set;

/// Adds `block` of `size` bytes; 0 when there was no memory for it.
int theolua_block_set_add(theolua_block_set *q, void *block, size_t size);
/// Takes `block` out; 1 if it was held.
int theolua_block_set_take(theolua_block_set *q, void *block);
/// Calls `release(context, block, size)` for every block held, and empties the quarantine.
void theolua_block_set_release(theolua_block_set *q, void (*release)(void *, void *, size_t), void *context);

/// Per-state limits and the bridge's context, shared by every thread (coroutine) of one
/// lua_State through its extra space.
typedef struct theolua_support {
    /// Bytes the state has allocated now.
    size_t used;
    /// The most bytes it may allocate; 0 means no limit.
    size_t limit;
    /// Instructions counted exactly per call into Lua, at the cost of a count hook on
    /// every THEOLUA_HOOK_STEP instructions; 0 for no count (the usual: calls are
    /// bounded by `time_limit`, which costs nothing until it fires).
    long long budget;
    /// Instructions left in the current call, when they are counted.
    long long remaining;
    /// Set when an allocation was refused because of `limit`.
    int memory_exceeded;
    /// Set once a call is being stopped (its error raised), until the next
    /// `theolua_arm_budget`: every protected call and Swift function lets it through.
    int budget_exceeded;
    /// The most nanoseconds one call may run (processor time of its thread where the
    /// system tells it); 0 means no limit. The watchdog (theolua_watchdog.c) stops it.
    long long time_limit;
    /// What `theolua_stop_message` last wrote.
    char stop_message[200];
    /// Why the call is stopped: one of THEOLUA_STOP_*, 0 while it is not.
    int stop_reason;
    /// Bytes of strings the current call copied out of Lua (see `theolua_copy_out`), and
    /// the most it may copy when instructions are not counted; 0 for no bound.
    size_t copied;
    size_t copy_limit;
    /// The watchdog's record of this state (theolua_watchdog.c), or NULL without one.
    struct theolua_watch *watch;
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
    /// The element pool of the render under way.
    theolua_pool pool;
    /// Each object kind's metatable (see Userdata.swift), by kind: its address, which
    /// tells a bridge userdata's kind, and its registry reference.
    const void *metatables[THEOLUA_OBJECT_KINDS];
    int metatable_refs[THEOLUA_OBJECT_KINDS];
    /// The batch each batched kind's new userdata join, or NULL; registry references of
    /// the weak table of their metatables (kind + 1 → metatable) and of the batches'
    /// own metatable; how a batch releases an object.
    theolua_batch *batches[THEOLUA_OBJECT_KINDS];
    /// The capacity of each kind's next batch in this pass.
    int batch_sizes[THEOLUA_OBJECT_KINDS];
    int open_batches_ref;
    int batch_mt_ref;
    void (*release_object)(void *object);
    /// Registry reference of the interned string "key".
    int key_ref;
    /// Where Lua code last ran, as `file:line`, noted by the count hook: the best
    /// location for a memory error, for which Lua runs no message handler.
    char last_location[160];
    /// Registry references of the guards' tables (theolua_guards.c): tables with a
    /// finalizer → their companion (weak keys); the metatable of companions; tables
    /// whose finalizers are due; coroutines the budget stopped (weak keys).
    int companions_ref;
    int companion_mt_ref;
    int finalizer_queue_ref;
    int finalizer_errors_ref;
    int poisoned_ref;
    /// Set when a finalizer was queued, until `theolua_finalizers_queued` reads it.
    int finalizers_queued;
    /// Set while a script's finalizer runs, where `collectgarbage` returns false, as
    /// inside Lua's collector.
    int in_finalizer;
    /// The thread Lua runs on now: the thread of the outermost call, or the coroutine
    /// resumed from it. An allocation that spends the budget makes its hook fire at once.
    lua_State *running;
    /// The coroutine of the `ui.task` being resumed, or NULL: the hook yields it once the
    /// watchdog says its slice is over.
    lua_State *task;
    /// Coroutine closes in progress, nested.
    int close_depth;
    /// Set while the state closes: companions queue nothing more.
    int closing;
    /// Set on a library with the concat flaw (`theolua_library_has_concat_flaw`), where
    /// the state never runs a `__concat` metamethod (`theolua_hide_concat_event`).
    int refuses_concat_metamethods;
    /// The state's first block (its lua_State and global_State), where Lua keeps the
    /// names of the metamethod events.
    void *state_block;
    size_t state_block_size;
    /// Set from an allocation refused (at the limit, or by the system) until the next
    /// one that grows: the frees in between are the emergency collector's, and go to the
    /// quarantine, released at the next count event of the hook (which the first block
    /// held installs) or at the end of the call.
    int emergency;
    /// Blocks the emergency collector freed, held until the next safe point.
    theolua_block_set quarantine;
    /// Under AddressSanitizer, where small blocks are malloc blocks, the blocks handed
    /// out and not yet freed (theolua_blocks.c).
    theolua_block_set outstanding;
    /// For tests: when set, the next allocation that grows is refused as if at the
    /// limit (then the flag clears), as Lua's own test suite does with allocfailnext.
    int fail_next_allocation;
    /// Free small blocks, one list per size class, linked through their first word.
    void *small_free[THEOLUA_SMALL_CLASSES];
    /// The arena small blocks are carved from now, and the rest of it.
    char *arena_next;
    char *arena_end;
    /// Every arena, each linked to the one made before it.
    char *arenas;
    /// Counts calls into Lua. Props and state change only between them, so the props
    /// and state views `self` gave in one are given again for the rest of it
    /// (theolua_views.c): the latest few, each with its `self` and epoch, held by the
    /// registry's table `kept_views_ref` (the `self` at 2i+1, the view at 2i+2).
    unsigned long long epoch;
    struct {
        const void *self;
        unsigned long long epoch;
        /// How often it was given again in its epoch.
        unsigned int reads;
    } kept_views[THEOLUA_KEPT_VIEWS];
    int kept_views_ref;
    /// The tables of members of the `self`s read most (theolua_views.c) that hold props
    /// or state of the current call into Lua, which its end clears: a registry table
    /// (`filled_ref`) of `filled_count` of them.
    int filled_ref;
    int filled_count;
    /// Registry reference of the metatable of those tables of members.
    int members_mt_ref;
    /// Registry reference of the metatable every view's table of kept fields has: its
    /// `__index` reads a field not kept yet from the view (theolua_views.c).
    int kept_fields_mt_ref;
    /// The names "props" and "state", held by `self`'s `__index`.
    const char *self_names[2];
} theolua_support;

/// A Swift function callable from Lua. It returns the number of results it pushed, or
/// -1 after pushing an error value, which `theolua_pushfunction`'s trampoline raises
/// once the Swift frame has returned: Lua errors never unwind through Swift frames.
typedef int (*theolua_function)(lua_State *L);

/// Creates a state whose allocator counts bytes against `support->limit` and whose
/// extra space points to `support`. `support` must outlive the state.
lua_State *theolua_newstate(theolua_support *support);

/// Frees the blocks the emergency collector freed since the last safe point: call it
/// where no Lua operation is under way (the count hook does, and so does the host when
/// its outermost call into Lua returns).
void theolua_release_quarantine(theolua_support *support);

/// Closes a state made by `theolua_newstate` and frees the arenas of its small blocks.
void theolua_closestate(lua_State *L, theolua_support *support);

/// A block of `size` bytes (1 to THEOLUA_SMALL_LIMIT) from the state's arenas, or NULL
/// when no arena could be allocated.
void *theolua_block_alloc(theolua_support *support, size_t size);

/// Returns a block of `size` bytes from `theolua_block_alloc` to its free list.
void theolua_block_free(theolua_support *support, void *block, size_t size);

/// Whether blocks of `a` and `b` bytes (both small) are of one size class.
int theolua_same_block_class(size_t a, size_t b);

/// Frees every arena; the blocks in them must no longer be used.
void theolua_release_blocks(theolua_support *support);

/// The support record of `L` (of any of its threads).
theolua_support *theolua_getsupport(lua_State *L);

/// Why a call is stopped (`stop_reason`).
#define THEOLUA_STOP_INSTRUCTIONS 1
#define THEOLUA_STOP_TIME 2
#define THEOLUA_STOP_COPIES 3

/// Starts an outermost call into Lua on `L`: its limits afresh (`remaining = budget`,
/// the time limit, the copies) and the mode's standing hook (a count hook only when
/// instructions are counted), and tells the watchdog a call began. Pair it with
/// `theolua_disarm_budget`.
void theolua_arm_budget(lua_State *L);

/// What a stopped call's error says, after its location: the limit it ran into
/// (`stop_reason`), as the hook raises it and the host reports it.
const char *theolua_stop_message(theolua_support *support);

/// Ends the outermost call `theolua_arm_budget` began: the watchdog stops watching it.
void theolua_disarm_budget(lua_State *L);

/// Sets the runtime's hook on `L` (a coroutine about to be resumed, say): a count event
/// every `count` instructions, or none for 0.
void theolua_set_hook(lua_State *L, int count);

/// Installs on `L` the hook its state's mode keeps between events: a count event every
/// THEOLUA_HOOK_STEP instructions when instructions are counted (or the watchdog is
/// polled), none otherwise; then, if the watchdog asked the call to stop meanwhile, a
/// count event at the next instruction.
void theolua_standing_hook(lua_State *L, theolua_support *support);

/// Called on the thread of a call when the watchdog asks something of it (from its
/// signal handler, so it only sets the hook): the thread running Lua gets a count event
/// at its next instruction, where the hook stops the call or ends the task's slice.
void theolua_preempt(theolua_support *support);

/// The watchdog (theolua_watchdog.c). `open` registers a state (starting the watchdog
/// thread once per process) and `close` forgets it; `begin` and `end` bracket each
/// outermost call and each slice of a task, `slice_deadline` (CLOCK_MONOTONIC
/// nanoseconds) being when the slice ends, or 0 for a call; `asked` is what the
/// watchdog asks of the current call (THEOLUA_WATCH_STOP, THEOLUA_WATCH_END_SLICE, as
/// bits), and `slice_ended` clears the slice's request once the task yielded, or asks
/// again after `retry_ns` when it could not. `polls` is 1 when the hook must look every
/// THEOLUA_HOOK_STEP instructions instead of being signalled (under ThreadSanitizer).
#define THEOLUA_WATCH_STOP 1
#define THEOLUA_WATCH_END_SLICE 2
int theolua_watch_open(theolua_support *support);
void theolua_watch_close(theolua_support *support);
void theolua_watch_begin(theolua_support *support, long long slice_deadline);
void theolua_watch_end(theolua_support *support);
int theolua_watch_asked(theolua_support *support);
void theolua_watch_slice_ended(theolua_support *support, long long retry_ns);
int theolua_watch_polls(void);

/// Marks the instruction budget exceeded and raises its error ("instruction budget of N
/// exceeded", located at the Lua function that called the running C function), as the
/// count hook does. For C functions that charge work Lua cannot count (pattern matching)
/// to `remaining`. Does not return.
int theolua_raise_budget_exceeded(lua_State *L);

/// Pushes a C closure calling `fn` with `nupvalues` upvalues taken from the stack. In
/// `fn`, its own upvalues are at `lua_upvalueindex(2)` onwards.
void theolua_pushfunction(lua_State *L, theolua_function fn, int nupvalues);

/// Pushes a component constructor: a C closure like `theolua_pushfunction`'s, whose
/// first upvalue is the component definition. Called with one table whose key and
/// fields equal the snapshot of an element in the active pool made with the same
/// definition (`theolua_push_component_element`), it returns that element without
/// calling `fn`.
void theolua_pushconstructor(lua_State *L, theolua_function fn, int nupvalues);

/// Pushes the userdata of a component element made by a constructor (`object`, of
/// object kind `kind`), with a snapshot of the constructor table at index 1 in its user
/// values when `snapshot` is non-zero and the table allows one: its named fields, up to
/// 16, none of them `children`, each a boolean, a number, a string or a userdata. The
/// snapshot keeps the strings it points to alive, except the names among the
/// `kept_count` at `kept`, which the caller keeps alive for the state's life.
/// Returns 1 when it made a snapshot, which the pool can then hold. `[]` → `[u]`. Call
/// it from the constructor's `fn`.
int theolua_push_component_element(
    lua_State *L, void *object, int kind, int snapshot, const char *const *kept, int kept_count);

/// Pushes a userdata holding `object` (a retained Swift object), with the metatable of
/// object kind `kind`: `[]` → `[u]`. The userdata of a batched kind hands the object to
/// a batch.
void theolua_push_object(lua_State *L, void *object, int kind);

/// Pushes a zeroed userdata of `size` bytes (at least one word) with `nuvalues` user
/// values, holding `object` in its first word, with the metatable of kind `kind` (in
/// the open batch of a batched kind): `[]` → `[u]`.
void *theolua_new_object(lua_State *L, void *object, int kind, size_t size, int nuvalues);

/// Makes the table of kept views, once the kinds' metatables are made.
void theolua_install_views(lua_State *L);

/// Pushes the userdata of a view (of props or state) holding `object`, in the open batch
/// of views, with room to keep the fields read from it: `[]` → `[u]`.
void theolua_push_view_object(lua_State *L, void *object);

/// Sets `__index` of `self`'s metatable: `self.props` and `self.state` kept in the current
/// call into Lua and the methods of the table at the top come from C, anything else (and
/// a view not kept) from `fn`, a Swift function like `theolua_pushfunction`'s. `[t]` → `[]`.
void theolua_install_self_index(lua_State *L, theolua_function fn);

/// Starts an epoch, a call into Lua: props and state may have changed since the last,
/// so the views `self` gave are made again when next read. `[]` → `[]`.
void theolua_begin_epoch(lua_State *L);

/// The key of a metatable of a userdata's own, a copy of its kind's: its value is a
/// light userdata, the kind's metatable.
extern const char theolua_own_metatable_key;

/// Keeps the view at `value` as the props (`which` 1) or state (2) of the `self`
/// userdata at `self` for the rest of the current call into Lua. `[]` → `[]`.
void theolua_keep_self_view(lua_State *L, int self, int which, int value);

/// Pushes `__index` of views: a field read from the view before comes from the view's
/// own table of fields read, anything else from `fn`, a Swift function like
/// `theolua_pushfunction`'s. `[]` → `[f]`.
void theolua_push_view_index(lua_State *L, theolua_function fn);

/// Notes that the view userdata at `view` gave the value at `value` for the key at
/// `key` (a string or an integer): from the fourth such read of one view on, they are
/// kept in its table of fields read. `view` must be a view userdata. `[]` → `[]`.
void theolua_keep_view_field(lua_State *L, int view, int key, int value);

/// Runs `fn` as the trampoline of `theolua_pushfunction` does: its errors are raised
/// once it has returned, and an allocation it made over the limit is judged after it.
int theolua_call_swift(lua_State *L, theolua_function fn);

/// Makes the metatable of batches and the table of open batches, after the kinds'
/// metatables; `release` releases one retained object.
void theolua_install_batches(lua_State *L, void (*release)(void *object));

/// Closes the open batches: userdata made from now on join new ones.
void theolua_close_batches(lua_State *L);

/// Pushes a zeroed userdata of `size` bytes (at least two words) with `nuvalues` user
/// values, holding `object` in its first word, in the open batch of `kind` (a batched
/// kind): `[]` → `[u]`.
void *theolua_new_batched(lua_State *L, theolua_support *support, void *object, int kind, size_t size, int nuvalues);

/// The object of the userdata at `index` if it is a member of a live batch of `kind`,
/// else NULL: `[]` → `[]`. `lookup`, if not NULL, remembers the last batch found.
void *theolua_batched_object(lua_State *L, int index, int kind, theolua_batch_lookup *lookup);

/// The kind of the bridge userdata at `index`, or -1 for any other value.
int theolua_object_kind(lua_State *L, int index);

/// The object held by the userdata at `index` if it has the metatable of kind `kind`,
/// else NULL: `[]` → `[]`.
void *theolua_object(lua_State *L, int index, int kind);

/// Stores in `objects` the objects held by the values at positions 1, 2, … `count` of
/// the table at `table`, read raw, as long as each is a userdata of kind `kind`;
/// returns how many it stored. `[]` → `[]`.
int theolua_objects(lua_State *L, int table, int count, int kind, void **objects);

/// Reads the table at `table` in one traversal when it is a list of userdata of kind
/// `kind` at positions 1…n, n at most `capacity`, without holes: stores their objects in
/// `objects` in order and returns n. Returns -1 for any other table: one with another
/// value, a hole, a key that is not a position, or more than `capacity` items. `[]` → `[]`.
int theolua_sequence_objects(lua_State *L, int table, int capacity, int kind, void **objects);

/// The upvalue index of a function pushed with `theolua_pushfunction`'s `i`-th upvalue (1-based).
int theolua_upvalueindex(int i);

/// A message handler for lua_pcall: turns the error into a string (calling `__tostring`
/// under protection) and appends a traceback.
int theolua_message_handler(lua_State *L);

/// Installs the sandbox's guards in the globals below the top of the stack (see
/// theolua_guards.c): `pcall`, `xpcall`, `coroutine.resume`, `coroutine.wrap` and
/// `coroutine.close` let an exceeded budget through, so a script cannot catch it and
/// carry on, and never run script code with hooks off; `setmetatable` keeps `__gc`
/// from Lua and queues finalizers for `theolua_run_finalizers`; library functions whose
/// work grows with their data charge it to the budget; `load` takes text only; `rawset`
/// and `setmetatable` refuse views of props and state, which the function at the top
/// labels (or returns nil for other values). `[_G label]` → `[_G]`.
void theolua_install_guards(lua_State *L);

/// Whether the Lua library keeps a stale stack top after a `__concat` metamethod that
/// moved the stack (Lua 5.4.4 with the CVE-2022-33099 patch and without its follow-up,
/// as Debian 12 ships it): a use after free that ordinary scripts reach. Probed once per
/// process (theolua_probes.c). States made on such a library refuse `__concat`
/// metamethods with an error instead (`refuses_concat_metamethods`).
int theolua_library_has_concat_flaw(void);

/// On a library with the concat flaw, makes the state look `__concat` metamethods up
/// under a name of its own that no script can write (a short string with a NUL and
/// random bytes, anchored in the registry), in place of "__concat" in the table of event
/// names Lua keeps in the state's first block: a metatable's `__concat` field then is a
/// field like any other, concatenating the value is Lua's ordinary error, and the flaw,
/// which needs a `__concat` metamethod to run, cannot be reached. Costs nothing after.
/// Returns 0 when the table was not found (the state then must not be used).
int theolua_hide_concat_event(lua_State *L, theolua_support *support);

/// LUA_VERSION_RELEASE_NUM of the headers the runtime was compiled against (50404).
int theolua_lua_release_number(void);

/// Loads a text chunk as `luaL_loadbufferx(L, text, length, chunkname, "t")` does, but
/// first refuses (with a syntax error naming the line) an expression with a chain of
/// more than 1000 fields, indexes and calls, and a chunk of 1 GiB or more: Lua up to
/// 5.4.6 overflows the C stack naming the value at the end of a long chain, and up to
/// 5.4.8 overflows counters on huge constructors (theolua_load.c).
int theolua_load_text(lua_State *L, const char *text, size_t length, const char *chunkname);

/// The line of the first expression in `text` with a chain of more than 1000 fields,
/// indexes and calls, or 0.
long theolua_find_long_chain(const char *text, size_t length);


/// The sandbox's `debug.getinfo`: Lua's, whose `func` is given for Lua functions only.
int theolua_sandbox_getinfo(lua_State *L);

/// The sandbox's `debug.getupvalue`, `setupvalue`, `upvalueid` and `upvaluejoin`:
/// Lua's, for Lua functions; a C function (the runtime's) shows no upvalues.
int theolua_sandbox_getupvalue(lua_State *L);
int theolua_sandbox_setupvalue(lua_State *L);
int theolua_sandbox_upvalueid(lua_State *L);
int theolua_sandbox_upvaluejoin(lua_State *L);

/// Pushes the sandbox's `print`, which writes each line through the function at the
/// top (the runtime's log): `[log]` → `[print]`.
void theolua_push_print(lua_State *L);

/// Runs a full garbage collection (lua_gc is variadic, out of Swift's reach).
void theolua_collect(lua_State *L);

/// Restarts the collector if a script stopped it: `collectgarbage("stop")` lasts until
/// the outermost call returns, so that no script can leave the heap to grow to its cap.
void theolua_restart_collector(lua_State *L);

/// Whether finalizers were queued since the last call; clears the flag.
int theolua_finalizers_queued(lua_State *L);

/// A C function to call under the budget like any script call: runs the finalizers of
/// the tables queued so far (and of those they make garbage), each in a protected call,
/// and returns a table of the messages of every finalizer that failed since the last
/// run, those run by `collectgarbage` included. An exceeded budget or memory limit ends
/// it, dropping the finalizers still queued.
int theolua_run_finalizers(lua_State *L);

/// Takes `units` instructions from the budget of the current call when instructions
/// are counted; raises the limit's error when they are not left, or when the call is
/// being stopped (the watchdog's time limit). For C functions whose work Lua does not
/// count: each call is also a point where a long one can be stopped.
void theolua_charge(lua_State *L, long long units);

/// Like `theolua_charge`, for Swift: returns 0, with the budget marked exceeded, when
/// `units` are not left or the call is being stopped (the caller raises the error),
/// else 1.
int theolua_try_charge(theolua_support *support, long long units);

/// Accounts for `bytes` of a string Swift copies out of Lua (host memory the Lua cap
/// does not see) without raising: one instruction per 4 bytes when instructions are
/// counted, else against `copy_limit`. When that is spent the hook raises the error
/// at the script's next instruction.
void theolua_copy_out(theolua_support *support, long long bytes);

/// The pseudo-index of the registry.
int theolua_registryindex(void);

/// The number of the line currently running in the function at `level` of the call
/// stack (1: the function that called the running C function), or -1.
int theolua_current_line(lua_State *L, int level, char *source, size_t source_size);

/// Like `theolua_current_line`, without copying the chunk's name: `*source` is set to
/// Lua's own (`"@app.lua"`), which lives only while that function does. For telling,
/// cheaply, whether two positions are in one chunk.
int theolua_current_position(lua_State *L, int level, const char **source);

/// Lua 5.4's `string.find`, with the same results and errors, whose pattern matcher charges
/// its steps to the instruction budget. Stock Lua matches patterns in C, where the count
/// hook never runs, so a pathological pattern would hang the host; this one raises the
/// budget error instead. Never raises it when the state has no budget. `L` must come
/// from `theolua_newstate`.
int theolua_string_find(lua_State *L);

/// Lua 5.4's `string.match`, charged to the instruction budget like `theolua_string_find`.
int theolua_string_match(lua_State *L);

/// Lua 5.4's `string.gmatch`, charged to the instruction budget like `theolua_string_find`
/// (each call of the iterator charges its own search).
int theolua_string_gmatch(lua_State *L);

/// Lua 5.4's `string.gsub`, charged to the instruction budget like `theolua_string_find`.
/// A replacement function or `__index` runs as Lua code, under the count hook.
int theolua_string_gsub(lua_State *L);

/// Replaces `find`, `match`, `gmatch` and `gsub` in the table at the top of the stack (the
/// string library, which is also the strings' `__index`) with the budgeted versions.
/// `[string]` → `[string]`.
void theolua_install_patterns(lua_State *L);

/// Resumes the coroutine `co` of a `ui.task` (with the `arguments` values on its stack)
/// for a slice of `slice_ns` nanoseconds under fresh limits, as an outermost call: the
/// hook yields it when the watchdog says the slice is over, wherever it is yieldable. Returns lua_resume's
/// status (LUA_YIELD: paused, to resume later; LUA_OK: finished, its `*results` values
/// on its stack; else an error, its message on its stack).
int theolua_resume_task(lua_State *L, lua_State *co, int arguments, long long slice_ns, int *results);

/// Marks the coroutine of a task that the instruction budget or the sandbox's hook
/// stopped (it died with its hooks off), as `coroutine.resume` marks others: closing it
/// later then runs none of its `__close` handlers unbudgeted.
void theolua_mark_stopped_task(lua_State *L, lua_State *co);

/// The most fields a span's look has, the deepest spans nest in C, the looks kept, and
/// the bytes of strings a kept look may hold.
#define THEOLUA_SPAN_FIELDS 16
#define THEOLUA_SPAN_DEPTH 64
#define THEOLUA_LOOK_CACHE 16
#define THEOLUA_LOOK_STORAGE 96

/// What a look field holds.
enum { THEOLUA_LOOK_OTHER = 0, THEOLUA_LOOK_BOOLEAN = 1, THEOLUA_LOOK_COLOR = 2, THEOLUA_LOOK_STRING = 3 };

/// The look fields of `ui.span`, as C checks and reads them: each field's name (a string
/// interned in the state, compared by address) and kind, the name `key`, and the color
/// names (interned too).
typedef struct theolua_span_schema {
    int field_count;
    const char *names[THEOLUA_SPAN_FIELDS];
    unsigned char kinds[THEOLUA_SPAN_FIELDS];
    const char *key_name;
    int color_count;
    const char *colors[32];
} theolua_span_schema;

/// One field of a look: its position in the schema, its Lua type, and its value (a
/// boolean or a color number in `integer`; a string's bytes, not terminated).
typedef struct theolua_look_slot {
    unsigned char field;
    unsigned char type;
    lua_Integer integer;
    const char *string;
    size_t length;
} theolua_look_slot;

/// A run's look: the fields a span and the spans around it set.
typedef struct theolua_look {
    int count;
    theolua_look_slot slots[THEOLUA_SPAN_FIELDS];
} theolua_look;

/// A look read lately, with copies of its strings; `generation` changes when the slot
/// is given to another look (0: never used).
typedef struct theolua_cached_look {
    theolua_look look;
    char storage[THEOLUA_LOOK_STORAGE];
    unsigned generation;
    unsigned long long used;
} theolua_cached_look;

/// Reads texts of spans (`theolua_read_text`): the schema and span metatable are set by
/// the bridge; the rest is the last text read: its bytes, and each piece's end and
/// look (-1: the text's own; else a number into `cache`).
typedef struct theolua_text_reader {
    const theolua_span_schema *schema;
    const void *span_metatable;
    int run_limit;
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t piece_start;
    size_t *ends;
    int *looks;
    int piece_count;
    int piece_capacity;
    int styled;
    theolua_cached_look cache[THEOLUA_LOOK_CACHE];
    int last;
    /// Counts look lookups; a kept look's `used` is the count at its last use, and
    /// `read_start` the count when the text being read started.
    unsigned long long clock;
    unsigned long long read_start;
    theolua_look stack[THEOLUA_SPAN_DEPTH + 1];
} theolua_text_reader;

/// Pushes `ui.span` over three values at the top of the stack: the span metatable, a
/// userdata holding the `theolua_span_schema`, and the bridge's check, called with a
/// table C is not sure of (it raises what is wrong). `ui.span` marks its table (a table
/// with a metatable of its own is copied first) or makes one holding its string.
/// `[mt, schema, check]` → `[f]`.
void theolua_push_span_constructor(lua_State *L);

/// Sets field `position` of `schema`: its interned name and `THEOLUA_LOOK_*` kind.
void theolua_span_schema_set_field(theolua_span_schema *schema, int position, const char *name, int kind);
/// Adds an interned color name to `schema` (at most 32).
void theolua_span_schema_add_color(theolua_span_schema *schema, const char *name);

/// The generation of the reader's kept look `look`, its number of fields, and its
/// field `slot` (NULL out of range).
unsigned theolua_text_reader_generation(const theolua_text_reader *reader, int look);
int theolua_text_reader_slot_count(const theolua_text_reader *reader, int look);
const theolua_look_slot *theolua_text_reader_slot(const theolua_text_reader *reader, int look, int slot);

/// Whether the `length` bytes at `bytes` are all ASCII (below 0x80), so UTF-8 as they are.
int theolua_is_ascii(const unsigned char *bytes, size_t length);

/// A reader with nothing read; free it with `theolua_text_reader_free`.
theolua_text_reader *theolua_text_reader_new(void);
void theolua_text_reader_free(theolua_text_reader *reader);

/// Reads items 1…`count` of the table at `table` as a text's: strings and integers as
/// its bytes, spans as runs of their looks, nested. Returns 1 with the text in `reader`,
/// or 0 where it is not sure (see theolua_spans.c): the caller then reads the text its
/// own way. Never raises. `[]` → `[]`.
int theolua_read_text(lua_State *L, theolua_text_reader *reader, int table, lua_Integer count);

/// Fills the table at the top of the stack (`ui.json`) with `decode`, `encode`, `null`
/// and `object`: JSON read into Lua values and written from them in C, charged to the
/// instruction budget and allocating only through Lua. `[json]` → `[json]`.
void theolua_install_json(lua_State *L);

/* 1 when this code is built with AddressSanitizer, whose leak check at exit wants
   what the process built torn down rather than kept. */
int theolua_checks_leaks_at_exit(void);

/* Between these, on the calling thread, what is allocated is never reported as a leak
   (LeakSanitizer's __lsan_disable and __lsan_enable; nothing without AddressSanitizer).
   For what lives until exit by design and that the leak check cannot follow: `static
   let`s whose objects are reached only through Swift enum payloads, which carry tag bits
   in the pointer. */
void theolua_leak_checks_pause(void);
void theolua_leak_checks_resume(void);

#endif
