import TheoluaCore

/// Who owns the work scripts start now (see Ownership.swift): the component on whose
/// behalf Lua code runs, and the work of the current load's top level.
///
/// The bridge holds it without dynamic exclusivity checks (see ``LuaBridge``): the
/// owner is set around every render.
struct WorkOwners {
    /// The component on whose behalf Lua code runs now, to own timers and work it starts.
    var current: ComponentRef<ScriptComponent>?
    /// The running timers, processes and watches no component owns (started by the
    /// script's top level or by such work), of the current load: the next load that
    /// succeeds cancels them, since its top level starts its own.
    var topLevel: [any OwnedWork] = []
    /// The work no component owns started while a load runs: it replaces `topLevel` if
    /// the load succeeds, and is cancelled if it fails.
    var loading: [any OwnedWork]?
    /// The tasks still running (`ui.task`), in the order they started; each is also
    /// owned, as above.
    var tasks: [ScriptTask] = []
}
