import TheoluaCore

/// What the bridge remembers to make its errors precise: which errors it raised itself
/// (to tell their kind and component), what a script looked for and did not find, the
/// last timer that fired, and what made the root element of the app being loaded (see
/// ErrorLocation.swift).
///
/// The bridge holds it without dynamic exclusivity checks (see ``LuaBridge``): element
/// constructors note the top level's elements while an app loads.
struct Diagnostics {
    /// The message of the last error a Swift function raised into Lua.
    var lastRaise: String?
    /// The message of the last validation error raised into Lua, to tell its kind later.
    var lastValidationMessage: String?
    /// The last script timer that fired.
    var lastFiredTimer: TimerOrigin?
    /// Whether the app's top level is running.
    var isLoadingApp = false
    /// The last element the loading app's top level made.
    var lastTopLevelElement: TopLevelElement?
    /// The chunk (Lua's own name of it) and the name locations give it, of the last
    /// element noted: looked up again only when the chunk changes.
    var notedChunk: UnsafePointer<CChar>?
    var notedChunkName: String?
    /// What made the root element the app returned, and where: errors about elements no
    /// script component rendered are blamed on it. Nil when the app returned a component.
    var rootOrigin: (subject: String, location: String?)?
}
