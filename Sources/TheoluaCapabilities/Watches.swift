import CLua
import CLuaSupport
import TheoluaCore
import TheoluaLua
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.watch` and `ui.tail`: thin glue over TheoluaSystem's ``PathWatch`` and
/// ``FileTail``, through the read permission's ``FileGate``. A watch belongs to the
/// component on whose behalf the script runs, like a timer.
extension LuaBridge {
    /// `ui.watch(path, fn)` and `ui.tail(path, fn, options)` → a handle with `:cancel()`.
    func watch(_ system: SystemCapabilities, tail: Bool) throws -> Int32 {
        let name = tail ? "ui.tail" : "ui.watch"
        let path = try pathArgument(at: 1, what: name)
        let resolved: String
        do throws(FileGate.Failure) {
            resolved = try system.fileGate.resolve(path)
            if tail {
                // What is there now must be a file to follow (not a device, a FIFO or a
                // folder); a missing file is waited for.
                do {
                    close(try system.fileGate.openFile(path))
                } catch .notAFile(let kind) {
                    throw FileGate.Failure.notAFile(kind: kind)
                } catch {}
            }
        } catch {
            throw raise(error.message(name, path: path))
        }
        guard isCallable(at: 2) else {
            throw raise("\(name): expected a function or a handler, got \(found(at: 2))")
        }
        lua_pushvalue(L, 2)
        let function = popFunction(location: name)
        let owner = currentOwner
        let handle: ScriptWatch
        if tail {
            let fromStart = lua_type(L, 3) == LUA_TTABLE && fieldIsTrue(3, "fromStart")
            let follower = FileTail(path: resolved, fromStart: fromStart, gate: system.fileGate)
            handle = ScriptWatch(stop: follower.stop)
            follower.onLines = { [link, weak handle] lines in
                guard let bridge = link.bridge, let handle, handle.isActive else { return }
                bridge.deliver(function, owner: owner) {
                    lua_createtable(bridge.L, Int32(clamping: lines.count), 0)
                    for (position, line) in lines.enumerated() {
                        bridge.state.push(bytes: line[...])
                        lua_rawseti(bridge.L, -2, lua_Integer(position + 1))
                    }
                }
            }
            system.io.add(follower)
            if fromStart { follower.readNow() }
        } else {
            let watcher = PathWatch(path: resolved, gate: system.fileGate)
            handle = ScriptWatch(stop: watcher.stop)
            watcher.onChange = { [link, weak handle] in
                guard let bridge = link.bridge, let handle, handle.isActive else { return }
                bridge.deliver(function, owner: owner, arguments: 0) {}
            }
            system.io.add(watcher)
        }
        adopt(handle, owner: owner)
        pushObject(handle, kind: .watch)
        return 1
    }

    /// `watch:cancel()`.
    static let cancelWatch: theolua_function = { L in
        LuaBridge.entry(L) { bridge, _ in
            bridge.object(at: 1, kind: .watch, as: ScriptWatch.self)?.cancel()
            return 0
        }
    }
}

/// A watch or tail started by a script: the handle `ui.watch` and `ui.tail` return.
final class ScriptWatch: OwnedWork {
    private let stop: () -> Void
    private(set) var isActive = true

    init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    deinit { stop() }

    func cancel() {
        guard isActive else { return }
        isActive = false
        stop()
    }
}
