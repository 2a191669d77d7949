import TheoluaCore

/// What the bridge knows of the script components of the current load and of their
/// mounted instances: where each name was defined, every name a message may start
/// with, each instance's element pool, where each component last asked for an update,
/// and which renders were warned of.
///
/// The bridge holds it without dynamic exclusivity checks (see ``LuaBridge``): the
/// pools are read and written around every render, and nothing here is passed `inout`
/// across a call into Lua.
struct ComponentRecords {
    /// Names defined by the current load, with where (`file:line`), to report
    /// duplicates and to blame errors on.
    var definedNames: [String: String] = [:]
    /// Every name a component or primitive error message may start with.
    var knownComponentNames: Set<String> = []
    /// Each script component's element pool, by component (see ElementReuse.swift).
    var elementPools: [ComponentID: ElementPool] = [:]
    /// Where each component (by name) last called `updateState`.
    var updateLocations: [String: String] = [:]
    /// The components whose render returned no value, warned of once.
    var warnedRenders: Set<String> = []
}
