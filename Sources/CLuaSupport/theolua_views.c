#include "theolua_support.h"

#include <lauxlib.h>

/* Reads of `self.props.x` and `self.state.x` that need no Swift: a render reading
   `self.state.selected` in a loop over 10,000 rows made 20,000 calls into Swift and
   10,000 views. Props and state change only between calls into Lua (a render, a
   handler, a task's slice are each a call, an epoch), so the views `self` gave lately
   are kept, each with its `self` and epoch, and given again in the same epoch. Only a
   few are kept (THEOLUA_KEPT_VIEWS), by the address of their `self`: a view a script
   no longer holds is not kept alive for long. A view is immutable: from its fourth
   field read through Swift on, it keeps what it gave in a table of its own, read first.

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

void theolua_install_views(lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    lua_createtable(L, 2 * THEOLUA_KEPT_VIEWS, 0);
    support->kept_views_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    for (int i = 0; i < THEOLUA_KEPT_VIEWS; i++) {
        support->kept_views[i].self = NULL;
        support->kept_views[i].epoch = 0;
    }
}

void theolua_push_view_object(lua_State *L, void *object) {
    theolua_new_object(L, object, THEOLUA_VIEW_KIND, sizeof(theolua_view_block), 1);
}

/* The slot of the props (`which` 1) or state (2) view of the `self` at `self`. */
static int theolua_kept_slot(const void *self, int which) {
    return (int)((((size_t)self >> 4) % (THEOLUA_KEPT_VIEWS / 2)) * 2 + (size_t)(which - 1));
}

/* `self[key]`: upvalue 1 the Swift function, 2 the table of `self`'s methods, 3 the
   table of kept views, 4 and 5 the names "props" and "state" (whose addresses the
   support record holds: short strings are interned, so the same name is the same
   string). */
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

void theolua_install_self_index(lua_State *L, theolua_function fn) {
    theolua_support *support = theolua_getsupport(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->metatable_refs[THEOLUA_SELF_KIND]); /* [methods mt] */
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushvalue(L, -3);
    lua_rawgeti(L, LUA_REGISTRYINDEX, support->kept_views_ref);
    lua_pushliteral(L, "props");
    support->self_names[0] = lua_tostring(L, -1);
    lua_pushliteral(L, "state");
    support->self_names[1] = lua_tostring(L, -1);
    lua_pushcclosure(L, theolua_self_index, 5); /* [methods mt f] */
    lua_setfield(L, -2, "__index");
    lua_pop(L, 2);
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
}

/* `view[key]`: upvalue 1 the Swift function. A view whose fields are kept has a table
   as its user value; any other userdata with the view metatable has none. */
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
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushcclosure(L, theolua_view_index, 1);
}

void theolua_keep_view_field(lua_State *L, int view, int key, int value) {
    view = lua_absindex(L, view);
    key = lua_absindex(L, key);
    value = lua_absindex(L, value);
    int plainKey = lua_type(L, key) == LUA_TSTRING || lua_isinteger(L, key);
    if (lua_type(L, view) != LUA_TUSERDATA || lua_rawlen(L, view) != sizeof(theolua_view_block) ||
        lua_type(L, value) == LUA_TNIL || !plainKey || !lua_checkstack(L, 3)) {
        return;
    }
    theolua_view_block *block = (theolua_view_block *)lua_touserdata(L, view);
    if (block->swift_reads < THEOLUA_VIEW_READS_BEFORE_KEEPING) {
        block->swift_reads += 1;
        return;
    }
    if (lua_getiuservalue(L, view, 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, view, 1);
    }
    lua_pushvalue(L, key);
    lua_pushvalue(L, value);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}
