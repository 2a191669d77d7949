import CLua
import Synchronization
import TheoluaLock

/// How objects that can outlive their bridge (definitions, functions, controllers,
/// timers) reach it: they hold the link, which the bridge clears first thing in its
/// `deinit`. Weak references to the bridge would give it a side table and make every
/// retain of it take the slow path.
///
/// `@unchecked Sendable`: it is read and cleared only on the bridge's thread, and so
/// without dynamic exclusivity checks (every render and callback reads it; visible to
/// the package, it would otherwise be checked at each read).
package final class BridgeLink: @unchecked Sendable {
    @exclusivity(unchecked) package unowned(unsafe) var bridge: LuaBridge?
}

/// Registry references whose Swift owners were deinitialized, waiting to be released
/// on the bridge's thread at the next safe point.
package final class ReleaseQueue: Sendable {
    private let pending = Locked<[Int32]>([])
    /// How many wait, read without the lock by `take`: it runs before every call into
    /// Lua and nearly always finds none. One added while it looks waits for the next.
    private let count = Atomic(0)

    func add(_ reference: Int32) {
        pending.withLock { references in
            references.append(reference)
            count.store(references.count, ordering: .relaxed)
        }
    }

    func take() -> [Int32] {
        guard count.load(ordering: .relaxed) > 0 else { return [] }
        return pending.withLock { references in
            defer {
                references.removeAll()
                count.store(0, ordering: .relaxed)
            }
            return references
        }
    }
}

/// A registry reference to a Lua value, released when this object goes away.
final class LuaRef: Sendable {
    let reference: Int32
    private let releases: ReleaseQueue

    /// Pops the top value into the registry: `[v]` → `[]`.
    init(popping L: OpaquePointer, releases: ReleaseQueue) {
        reference = luaL_ref(L, LuaState.registryIndex)
        self.releases = releases
    }

    deinit {
        if reference > 0 { releases.add(reference) }
    }

    /// Pushes the value: `[]` → `[v]`.
    func push(_ L: OpaquePointer) {
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(reference))
    }
}

/// An error raised back into Lua by a Swift function: its message already carries the
/// location.
package struct LuaRaise: Error {
    package var message: String
}
