import CLua
import TheoluaLua
import TheoluaSystem

/// `ui.writeFile`, `ui.appendFile`, `ui.makeDir`, `ui.remove` and `ui.rename`: thin glue
/// over TheoluaSystem's ``FileGate``, made for the write permission, which grants no
/// reading. Each returns nothing and raises an error naming the function and the path
/// (or the flag that would allow it).
extension LuaBridge {
    /// The most bytes one `ui.writeFile` or `ui.appendFile` writes.
    static let writeLimit = 64 << 20

    /// `ui.writeFile(path, data)`: the file holds `data`, atomically.
    func writeFile(_ system: SystemCapabilities) throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.writeFile")
        let data = try dataArgument(at: 2, what: "ui.writeFile")
        try writing("ui.writeFile", path, in: system) { gate throws(FileGate.Failure) in
            try gate.replaceFile(path, with: data, followingLinks: true)
        }
        return 0
    }

    /// `ui.appendFile(path, data)`: `data` added at the end of the file, made if missing.
    func appendFile(_ system: SystemCapabilities) throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.appendFile")
        let data = try dataArgument(at: 2, what: "ui.appendFile")
        try writing("ui.appendFile", path, in: system) { gate throws(FileGate.Failure) in
            try gate.appendFile(path, with: data, followingLinks: true)
        }
        return 0
    }

    /// `ui.makeDir(path)`: the folder and the folders above it that are missing.
    func makeDir(_ system: SystemCapabilities) throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.makeDir")
        try writing("ui.makeDir", path, in: system) { gate throws(FileGate.Failure) in
            try gate.makeFolders(path, followingLinks: true)
        }
        return 0
    }

    /// `ui.remove(path)`: a file, a link (not what it leads to) or an empty folder.
    func remove(_ system: SystemCapabilities) throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.remove")
        try writing("ui.remove", path, in: system) { gate throws(FileGate.Failure) in
            try gate.remove(path, followingLinks: true)
        }
        return 0
    }

    /// `ui.rename(from, to)`: moves a file, link or folder, replacing a file at `to`.
    func rename(_ system: SystemCapabilities) throws -> Int32 {
        let source = try pathArgument(at: 1, what: "ui.rename")
        let target = try pathArgument(at: 2, what: "ui.rename")
        try writing("ui.rename", source, in: system) { gate throws(FileGate.Failure) in
            try gate.rename(source, to: target, followingLinks: true)
        }
        return 0
    }

    /// Runs `body` on the write gate, its failure raised as the error of `what`.
    private func writing(
        _ what: String, _ path: String, in system: SystemCapabilities,
        _ body: (FileGate) throws(FileGate.Failure) -> Void
    ) throws {
        do {
            try body(system.writeGate)
        } catch {
            throw raise(error.message(what, path: path))
        }
    }

    /// The data argument at `index`: a string's bytes exactly (a number as Lua writes
    /// it), at most ``writeLimit``.
    func dataArgument(at index: Int32, what: String) throws -> [UInt8] {
        switch lua_type(L, index) {
        case LUA_TSTRING, LUA_TNUMBER: break
        default: throw raise("\(what): expected the data as a string, got \(found(at: index))")
        }
        lua_pushvalue(L, index)  // a copy: a number is made a string there, not in place
        defer { state.pop() }
        var length = 0
        guard let bytes = lua_tolstring(L, -1, &length) else { return [] }
        guard length <= Self.writeLimit else {
            throw raise(
                "\(what): the data is \(length) bytes, more than the \(Self.writeLimit >> 20) MiB one write holds")
        }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }
}
