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

/// `ui.readFile` and `ui.listDir`: thin glue over TheoluaSystem's ``FileGate``, the one
/// check of the read permission.
extension LuaBridge {
    /// The largest file `ui.readFile` reads.
    static let readLimit = 64 << 20

    /// `ui.readFile(path)` → the file's bytes as a string.
    func readFile(_ system: SystemCapabilities) throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.readFile")
        do {
            let bytes = try system.fileGate.read(path, limit: Self.readLimit)
            state.push(bytes: bytes[...])
        } catch {
            throw raise(error.message("ui.readFile", path: path))
        }
        return 1
    }

    /// `ui.listDir(path)` → `{ { name, kind, size, modified }, ... }` by name.
    func listDir(_ system: SystemCapabilities) throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.listDir")
        let entries: [Files.Entry]
        do {
            entries = try system.fileGate.list(path)
        } catch {
            throw raise(error.message("ui.listDir", path: path))
        }
        lua_createtable(L, Int32(clamping: entries.count), 0)
        for (position, entry) in entries.enumerated() {
            lua_createtable(L, 0, 4)
            state.push(entry.name)
            state.setRawField(-2, "name")
            state.push(entry.kind.rawValue)
            state.setRawField(-2, "kind")
            lua_pushinteger(L, lua_Integer(entry.size))
            state.setRawField(-2, "size")
            lua_pushnumber(L, entry.modified)
            state.setRawField(-2, "modified")
            lua_rawseti(L, -2, lua_Integer(position + 1))
        }
        return 1
    }

    /// The path argument at `index`: a string without zero bytes.
    func pathArgument(at index: Int32, what: String) throws -> String {
        guard let path = state.string(at: index), !path.isEmpty, !path.contains("\0") else {
            throw raise("\(what): expected a path as a string, got \(found(at: index))")
        }
        return path
    }

}
