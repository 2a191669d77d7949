import CLua
import TheoluaCore

/// What the bridge keeps to convert between Lua values and Swift ones quickly: names
/// interned in the Lua state (matched by address instead of compared), the schemas of
/// the primitives and providers bound to it, the scratch a constructor gathers its
/// fields in, and the handlers already made for Lua functions.
///
/// Read on every constructor call and render, so the bridge holds it without dynamic
/// exclusivity checks (see ``LuaBridge``): nothing here is passed `inout` across a call
/// into Lua, and the scratch is moved out before such a call and back after.
struct ValueBindings {
    /// The interned Lua string `"key"`, anchored in the registry: a table field is the
    /// element key exactly when its name is this string.
    var keyString: UnsafePointer<CChar>?
    var keyStringRef: Int32 = LUA_NOREF
    /// `keyString` alone, the names a snapshot of a table without a schema need not keep.
    var keptKeyName: [UnsafePointer<CChar>?] = []
    /// The interned names `props` and `state`, which `self` and controllers answer.
    var propsName: UnsafePointer<CChar>?
    var stateName: UnsafePointer<CChar>?
    /// A context provider's schema bound to the Lua state.
    var providerSchema: BoundSchema?
    /// Where a constructor gathers the fields of its table before they are copied into
    /// the element's record at their exact number; kept from call to call.
    var fieldScratch: [Record.Entry] = []
    /// `ui.span`, once registered.
    var span: SpanBinding?
    /// Whether texts are read in C where C can (`theolua_read_text`); off, every text is
    /// read in Swift, the reading C must agree with.
    var readsTextsInC = true
    /// Where a text gathers the looks of its spans; kept from call to call.
    var spanScratch: [Record.Entry] = []
    /// Where a text gathers its bytes; kept from call to call.
    var textBytes: [UInt8] = []
    /// The looks of styled runs made lately, shared by the texts that use them again.
    var recentLooks = RecentLooks()
    /// Handlers made for Lua functions, by function, so one function is one handler.
    var functionCache: [UnsafeRawPointer: WeakFunction] = [:]
    /// The size at which the cache next drops the handlers gone: twice what it kept the
    /// last time. Closures a render makes anew go as fast as they come, so the cache
    /// stays the size of what is alive instead of filling up with the dead.
    var functionCacheLimit = 64
    /// The type tables of the schema being parsed, one inside the next: a cycle check.
    var schemaTables: [UnsafeRawPointer] = []
}
