#include "theolua_support.h"

#include <lauxlib.h>

/* Reads of `self.props.x` and `self.state.x` that need no Swift: a render reading
   `self.state.selected` in a loop over 10,000 rows made 20,000 calls into Swift and
   10,000 views. Props and state change only between calls into Lua (a render, a
   handler, a task's slice are each a call, an epoch), so the views `self` gave lately
   are kept, each with its `self` and epoch, and given again in the same epoch. Only a
   few are kept (THEOLUA_KEPT_VIEWS), by the address of their `self`: a view a script
   no longer holds is not kept alive for long. A view is immutable: from its fourth
   field read through Swift on, it keeps what it gave in a table of its own. That table
   is then the `__index` of a metatable of the view's own (a copy of its batch's), so
   Lua finds a kept field as it finds a table's, with no call: a render reading
   `self.state.selected` for each of 10,000 rows reads it from a table. A field not
   kept yet falls through to the kept table's own metatable, shared by all of them,
   whose `__index` reads it from the view through Swift.

   The kept views and fields are Lua values, held by a registry table and by user
   values, so the collector sees them. A kept `self` is held too, so its address stays
   its own while it is compared. */

/* A view userdata: its object and batch (theolua_batches.c), then how many field reads
   went to Swift (user value 1: the table of fields kept, once there is one). */
typedef struct theolua_view_block {
    void *object;
    void *batch;
    unsigned int swift_reads;
} theolua_view_block;

/* How many reads of one view go to Swift before its fields are kept: a view read once
   or twice (a row's props) does not pay for a table. */
#define THEOLUA_VIEW_READS_BEFORE_KEEPING 3

/* A `self` whose props or state are given again this often in one epoch gets a
   metatable of its own, with a table of members as its `__index`. */
#define THEOLUA_SELF_READS_BEFORE_KEEPING 16

/* How many tables of members one epoch fills; past that, `self`s are read through C. */
#define THEOLUA_FILLED_LIMIT 64

const char theolua_own_metatable_key = 0;

/* The key, in a table of members, of its `self`. */
static const char theolua_members_self_key = 0;

void theolua_install_views(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    lua_createtable(L, 2 * THEOLUA_KEPT_VIEWS, 0);
    support->kept_views_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, THEOLUA_FILLED_LIMIT, 0);
    support->filled_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    support->filled_count = 0;
    for (int i = 0; i < THEOLUA_KEPT_VIEWS; i++) {
        support->kept_views[i].self = NULL;
        support->kept_views[i].epoch = 0;
        support->kept_views[i].reads = 0;
    }
}

void theolua_begin_epoch(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    support->epoch += 1;
    if (support->filled_count == 0) {
        return;
    }
    /* The members must be cleared, or the call would read the last one's props and
       state: room for it is taken even over the memory limit, as Swift's allocations
       are (the next call collects first, and judges the heap). */
    int in_swift = support->in_swift;
    support->in_swift = 1;
    int room = lua_checkstack(L, 4);
    support->in_swift = in_swift;
    if (!room) {
        return;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->filled_ref);
    for (int i = 1; i <= support->filled_count; i++) {
        if (lua_rawgeti(L, -1, i) == LUA_TTABLE) {
            lua_pushstring(L, support->self_names[0]);
            lua_pushnil(L);
            lua_rawset(L, -3);
            lua_pushstring(L, support->self_names[1]);
            lua_pushnil(L);
            lua_rawset(L, -3);
        }
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
    lua_pop(L, 1);
    support->filled_count = 0;
}

void theolua_push_view_object(lua_State *L, void *object) {
    theolua_new_object(L, object, THEOLUA_VIEW_KIND, sizeof(theolua_view_block), 1);
}

/* The slot of the props (`which` 1) or state (2) view of the `self` at `self`. */
static int theolua_kept_slot(const void *self, int which) {
    return (int)((((size_t)self >> 4) % (THEOLUA_KEPT_VIEWS / 2)) * 2 + (size_t)(which - 1));
}

/* Pushes a metatable of an object's own: a copy of the metatable at `metatable` whose
   `__index` is the table at `members`. `[]` → `[own]`. */
static void theolua_push_own_metatable(lua_State *L, int metatable, int members) {
    metatable = lua_absindex(L, metatable);
    members = lua_absindex(L, members);
    lua_createtable(L, 1, 12);
    lua_pushnil(L);
    while (lua_next(L, metatable) != 0) { /* [own k v] */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushliteral(L, "__index");
    lua_pushvalue(L, members);
    lua_rawset(L, -3);
}

/* The table of members of the `self` at `self` (absolute), made with the metatable of
   its own the first time when `make`: `[]` → `[members]`, or `[]` returning 0 when it
   has none. Its metatable, a copy of its kind's, has the members as `__index`; the
   members have a metatable shared by all (`[members_mt]`, upvalue 6 of `__index`)
   whose `__index` reads what is not among them as `self`'s `__index` does. */
static int theolua_push_members(lua_State *L, theolua_support *support, int self, int make) {
    if (!lua_checkstack(L, 6) || !lua_getmetatable(L, self)) {
        return 0;
    }
    const void *kind = support->metatables[THEOLUA_SELF_KIND];
    if (lua_topointer(L, -1) != kind) { /* [own] */
        lua_pushliteral(L, "__index");
        int found = lua_rawget(L, -2) == LUA_TTABLE;
        lua_remove(L, -2);
        if (!found) {
            lua_pop(L, 1);
        }
        return found;
    }
    if (!make) {
        lua_pop(L, 1);
        return 0;
    }
    lua_createtable(L, 0, 4); /* [mt members] */
    lua_pushvalue(L, self);
    lua_rawsetp(L, -2, &theolua_members_self_key);
    lua_pushvalue(L, lua_upvalueindex(6));
    lua_setmetatable(L, -2);
    theolua_push_own_metatable(L, -2, -1); /* [mt members own] */
    lua_pushlightuserdata(L, (void *)kind);
    lua_rawsetp(L, -2, &theolua_own_metatable_key);
    lua_setmetatable(L, self); /* [mt members] */
    lua_remove(L, -2);
    return 1;
}

/* Puts the view at the top, `self`'s props (`which` 1) or state (2), among the members
   of the `self` at `self` (absolute) until the epoch ends, making them when `make`.
   `[v]` → `[v]`. */
static void theolua_fill_members(lua_State *L, theolua_support *support, int self, int which, int make) {
    if (support->filled_count >= THEOLUA_FILLED_LIMIT || !lua_checkstack(L, 4)) {
        return;
    }
    if (!theolua_push_members(L, support, self, make)) { /* [v members] */
        return;
    }
    lua_pushstring(L, support->self_names[which - 1]);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    support->filled_count += 1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->filled_ref); /* [v members filled] */
    lua_insert(L, -2);
    lua_rawseti(L, -2, support->filled_count);
    lua_pop(L, 1);
}

/* `self[key]`, with `self` at 1: upvalue 1 the Swift function, 2 the table of `self`'s
   methods, 3 the table of kept views, 4 and 5 the names "props" and "state" (whose
   addresses the support record holds: short strings are interned, so the same name is
   the same string), 6 the metatable of tables of members. */
static int theolua_self_index(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        theolua_support *support = theolua_getsupport(L);
        const char *key = lua_tostring(L, 2);
        int which = key == support->self_names[0] ? 1 : key == support->self_names[1] ? 2 : 0;
        const void *self = lua_touserdata(L, 1);
        if (which != 0 && self != NULL) {
            int slot = theolua_kept_slot(self, which);
            if (support->kept_views[slot].self == self && support->kept_views[slot].epoch == support->epoch) {
                lua_rawgeti(L, lua_upvalueindex(3), 2 * slot + 2);
                support->kept_views[slot].reads += 1;
                if (support->kept_views[slot].reads >= THEOLUA_SELF_READS_BEFORE_KEEPING) {
                    support->kept_views[slot].reads = 0;
                    theolua_fill_members(L, support, 1, which, 1);
                }
                return 1;
            }
        } else if (which == 0) {
            lua_pushvalue(L, 2);
            if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) {
                return 1;
            }
            lua_pop(L, 1);
        }
    }
    return theolua_call_swift(L, (theolua_function)lua_touserdata(L, lua_upvalueindex(1)));
}

/* `members[key]` for a key not among a `self`'s members: `self[key]` as above. */
static int theolua_members_miss(lua_State *L) {
    if (lua_type(L, 1) != LUA_TTABLE || lua_rawgetp(L, 1, &theolua_members_self_key) != LUA_TUSERDATA) {
        return 0;
    }
    lua_replace(L, 1);
    lua_settop(L, 2);
    return theolua_self_index(L);
}

/* Pushes the upvalues of `self`'s `__index`: `[methods]` → `[methods u1 … u6]`. */
static void theolua_push_self_upvalues(lua_State *L, theolua_support *support, theolua_function fn, int methods) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushvalue(L, methods);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->kept_views_ref);
    lua_pushliteral(L, "props");
    support->self_names[0] = lua_tostring(L, -1);
    lua_pushliteral(L, "state");
    support->self_names[1] = lua_tostring(L, -1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->members_mt_ref);
}

void theolua_install_self_index(lua_State *L, theolua_function fn) {
    theolua_support *support = theolua_getsupport(L);
    int methods = lua_gettop(L);
    /* The metatable of tables of members; its `__index` is set below, with the same
       upvalues as `self`'s (the sixth, this metatable, is unused there). */
    lua_createtable(L, 0, 1);
    support->members_mt_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->metatable_refs[THEOLUA_SELF_KIND]); /* [methods mt] */
    theolua_push_self_upvalues(L, support, fn, methods);
    lua_pushcclosure(L, theolua_self_index, 6); /* [methods mt f] */
    lua_setfield(L, -2, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->members_mt_ref); /* [methods mt members_mt] */
    lua_pushliteral(L, "__index");
    theolua_push_self_upvalues(L, support, fn, methods);
    lua_pushcclosure(L, theolua_members_miss, 6);
    lua_rawset(L, -3);
    lua_pop(L, 3);
}

void theolua_keep_self_view(lua_State *L, int self, int which, int value) {
    theolua_support *support = theolua_getsupport(L);
    self = lua_absindex(L, self);
    value = lua_absindex(L, value);
    const void *address = lua_touserdata(L, self);
    if (address == NULL || which < 1 || which > 2 || lua_type(L, value) != LUA_TUSERDATA ||
        support->kept_views_ref <= 0 || !lua_checkstack(L, 2)) {
        return;
    }
    int slot = theolua_kept_slot(address, which);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->kept_views_ref);
    lua_pushvalue(L, self);
    lua_rawseti(L, -2, 2 * slot + 1);
    lua_pushvalue(L, value);
    lua_rawseti(L, -2, 2 * slot + 2);
    lua_pop(L, 1);
    support->kept_views[slot].self = address;
    support->kept_views[slot].epoch = support->epoch;
    support->kept_views[slot].reads = 0;
    /* A `self` read often before gets the view among its members at once. */
    lua_pushvalue(L, value);
    theolua_fill_members(L, support, self, which, 0);
    lua_pop(L, 1);
}

/* The key, in a view's table of kept fields, of the view: a light userdata no script
   can make. */
static const char theolua_kept_view_key = 0;

/* `kept[key]` for a key the view has not given yet (the `__index` of the metatable of
   every table of kept fields): reads the view, upvalue 1 the Swift function. */
static int theolua_kept_miss(lua_State *L) {
    if (lua_type(L, 1) != LUA_TTABLE || lua_rawgetp(L, 1, &theolua_kept_view_key) != LUA_TUSERDATA) {
        return 0;
    }
    lua_replace(L, 1);
    lua_settop(L, 2);
    return theolua_call_swift(L, (theolua_function)lua_touserdata(L, lua_upvalueindex(1)));
}

/* `view[key]`: upvalue 1 the Swift function. A view whose fields are kept has a table
   as its user value; any other userdata with the view metatable has none. (A view with
   kept fields is read through that table, and comes here only when a script gives it
   to this function itself.) */
static int theolua_view_index(lua_State *L) {
    if (lua_type(L, 1) == LUA_TUSERDATA && lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, -2) != LUA_TNIL) {
            return 1;
        }
        lua_pop(L, 2);
    } else {
        lua_settop(L, 2);
    }
    return theolua_call_swift(L, (theolua_function)lua_touserdata(L, lua_upvalueindex(1)));
}

void theolua_push_view_index(lua_State *L, theolua_function fn) {
    theolua_support *support = theolua_getsupport(L);
    lua_createtable(L, 0, 1);
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushcclosure(L, theolua_kept_miss, 1);
    lua_setfield(L, -2, "__index");
    support->kept_fields_mt_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushcclosure(L, theolua_view_index, 1);
}

/* Makes the table of kept fields of the view at `view` (absolute) its user value and
   the `__index` of its own metatable: `[]` → `[kept]`. */
static void theolua_make_kept_fields(lua_State *L, theolua_support *support, int view) {
    lua_createtable(L, 0, 4); /* [kept] */
    lua_pushvalue(L, view);
    lua_rawsetp(L, -2, &theolua_kept_view_key);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->kept_fields_mt_ref);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, view, 1);
    if (!lua_getmetatable(L, view)) { /* [kept mt] */
        return;
    }
    /* The view's own metatable: its batch's (which names the batch at [1], as the
       batch's members' must) with the kept fields as `__index`. */
    theolua_push_own_metatable(L, -1, -2); /* [kept mt own] */
    lua_setmetatable(L, view); /* [kept mt] */
    lua_pop(L, 1);
}

void theolua_keep_view_field(lua_State *L, int view, int key, int value) {
    view = lua_absindex(L, view);
    if (lua_type(L, view) != LUA_TUSERDATA || lua_rawlen(L, view) != sizeof(theolua_view_block)) {
        return;
    }
    /* Most reads of a view are its first few: counted, and nothing more. */
    theolua_view_block *block = (theolua_view_block *)lua_touserdata(L, view);
    if (block->swift_reads < THEOLUA_VIEW_READS_BEFORE_KEEPING) {
        block->swift_reads += 1;
        return;
    }
    key = lua_absindex(L, key);
    value = lua_absindex(L, value);
    int plainKey = lua_type(L, key) == LUA_TSTRING || lua_isinteger(L, key);
    theolua_support *support = theolua_getsupport(L);
    if (lua_type(L, value) == LUA_TNIL || !plainKey || support->kept_fields_mt_ref <= 0 || !lua_checkstack(L, 6)) {
        return;
    }
    if (lua_getiuservalue(L, view, 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        theolua_make_kept_fields(L, support, view);
    }
    lua_pushvalue(L, key);
    lua_pushvalue(L, value);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}
