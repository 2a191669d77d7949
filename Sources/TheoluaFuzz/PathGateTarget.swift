import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The path gate against a model of the file system: the input builds a small tree of
/// folders, files and links (relative and absolute, inside the granted folder, outside
/// it, dangling, in loops), then names a path; the gate, granted one folder of the tree,
/// opens it (or writes there without following links).
///
/// Properties: whatever the gate opens is an entry of the granted folder (its inode is
/// one of theirs); where the model, which resolves the path over the tree as the kernel
/// would, reaches the path without leaving the tree, the gate allows it exactly when
/// the model's answer is inside the granted folder, and opens the very entry the model
/// found; and writes below the grant (made, replaced, appended to, renamed to and from
/// a second path, removed) change nothing outside it.
enum PathGateTarget {
    static func run(_ data: [UInt8]) -> String? {
        guard let base = Sandbox.shared.fresh() else { return "cannot make the fuzzing folder" }
        var input = Input(data)
        var tree = Tree(base: base)
        tree.build(from: &input)
        let path = tree.path(from: &input)
        let gate = FileGate(.only([base + "/g"]), relativeTo: base + "/g")
        let writeGate = FileGate(.only([base + "/g"]), relativeTo: base + "/g", for: .write)
        let granted = tree.inodes(below: base + "/g")
        let expected = tree.model(Paths.absolute(path, in: base + "/g"))

        if let descriptor = try? gate.openEntry(path) {
            var info = stat()
            fstat(descriptor, &info)
            close(descriptor)
            guard granted.contains(UInt64(info.st_ino)) else {
                return "\(path.debugDescription) opened \(info.st_ino), which is not under the granted folder"
            }
            if case .found(let resolved, let inode) = expected {
                guard Paths.isInside(resolved, base + "/g") else {
                    return "\(path.debugDescription) was opened, but leads to \(resolved), outside the grant"
                }
                guard inode == UInt64(info.st_ino) else {
                    return "\(path.debugDescription) opened \(info.st_ino), not \(resolved) (\(inode))"
                }
            }
        } else if case .found(let resolved, let inode) = expected, inode != 0, Paths.isInside(resolved, base + "/g") {
            return "\(path.debugDescription) leads to \(resolved), inside the grant, and was not opened"
        }
        if case .found(let resolved, _) = expected, !Paths.isInside(resolved, base + "/g") {
            do {
                _ = try gate.resolve(path)
                return "\(path.debugDescription) leads to \(resolved), outside the grant, and was not denied"
            } catch .denied {
            } catch {
                return "\(path.debugDescription) leads outside the grant and failed with \(error), not a denial"
            }
        }

        // A write below the grant, following links or not, leaves the outside as it was.
        let outside = tree.snapshot(of: base).filter { !Paths.isInside($0, base + "/g") }
        let following = input.next() % 2 == 0
        try? writeGate.makeFolders(Paths.parent(of: Paths.absolute(path, in: base + "/g")), followingLinks: following)
        try? writeGate.replaceFile(path, with: Array("written".utf8), followingLinks: following)
        try? writeGate.appendFile(path, with: Array("appended".utf8), followingLinks: following)
        let other = tree.path(from: &input)
        try? writeGate.rename(path, to: other, followingLinks: following)
        try? writeGate.rename(other, to: path, followingLinks: following)
        try? writeGate.remove(path, followingLinks: following)
        guard tree.snapshot(of: base).filter({ !Paths.isInside($0, base + "/g") }) == outside else {
            return "writing \(path.debugDescription) and \(other.debugDescription) (following links: \(following))"
                + " changed the outside folder"
        }
        return nil
    }

    /// The bytes of an input, read one at a time (zero once they run out).
    struct Input {
        private var bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }

        mutating func next() -> Int {
            defer { index += 1 }
            return index < bytes.count ? Int(bytes[index]) : 0
        }
    }

    /// One folder per process, emptied for each input: `g` (granted) and `o` (outside,
    /// holding `secret`) in it; removed when the process exits.
    final class Sandbox: @unchecked Sendable {
        static let shared = Sandbox()
        private let base: String?

        private init() {
            var template = Array("/tmp/theolua-fuzz-paths-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
            }
            base = made.map { Paths.resolved($0) }
            if made != nil { atexit { Sandbox.shared.base.map { ScratchFolder.removeTree($0) } } }
        }

        /// The folder, emptied, with `g`, `o` and `o/secret` made again.
        func fresh() -> String? {
            guard let base else { return nil }
            for name in ScratchFolder.names(in: base) { ScratchFolder.removeTree(base + "/" + name) }
            mkdir(base + "/g", 0o755)
            mkdir(base + "/o", 0o755)
            let secret = open(base + "/o/secret", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if secret >= 0 {
                _ = write(secret, "secret", 6)
                close(secret)
            }
            return base
        }
    }

    /// The tree made for one input, and the model of it.
    struct Tree {
        enum Node: Equatable {
            case folder, file, link(String)
        }

        /// What the model finds at a path.
        enum Answer: Equatable {
            /// The path leads here (physical), to the entry with this inode (0 when missing).
            case found(String, UInt64)
            /// It fails as the kernel would fail (a loop, a file used as a folder) or
            /// leaves the tree, where the model cannot follow.
            case unknown
        }

        let base: String
        var nodes: [String: Node] = [:]

        init(base: String) {
            self.base = base
            nodes[base] = .folder
            nodes[base + "/g"] = .folder
            nodes[base + "/o"] = .folder
            nodes[base + "/o/secret"] = .file
        }

        static let names = ["a", "b", "c", "g", "o", "secret", "..", "."]

        mutating func build(from input: inout Input) {
            for _ in 0..<(input.next() % 12) {
                let folders = nodes.filter { $0.value == .folder }.map(\.key).sorted()
                let folder = folders[input.next() % folders.count]
                let name = ["a", "b", "c", "d"][input.next() % 4]
                let path = folder + "/" + name
                guard nodes[path] == nil else { continue }
                switch input.next() % 3 {
                case 0:
                    guard mkdir(path, 0o755) == 0 else { continue }
                    nodes[path] = .folder
                case 1:
                    let file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                    guard file >= 0 else { continue }
                    close(file)
                    nodes[path] = .file
                default:
                    let target = self.path(from: &input)
                    guard symlink(target, path) == 0 else { continue }
                    nodes[path] = .link(target)
                }
            }
        }

        /// A path of up to six names, relative or absolute (to the folder's base, or to
        /// the root).
        func path(from input: inout Input) -> String {
            let count = 1 + input.next() % 6
            let names = (0..<count).map { _ in Self.names[input.next() % Self.names.count] }
            let relative = names.joined(separator: "/")
            switch input.next() % 4 {
            case 0: return base + "/" + relative
            case 1: return "/" + relative
            default: return relative
            }
        }

        /// The inodes of `folder` and everything under it, links included as links.
        func inodes(below folder: String) -> Set<UInt64> {
            Set(nodes.keys.filter { Paths.isInside($0, folder) }.compactMap(Self.inode(of:)))
        }

        static func inode(of path: String) -> UInt64? {
            var info = stat()
            return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
        }

        /// Every entry under `folder`, with its content for files.
        func snapshot(of folder: String) -> [String] {
            var entries: [String] = []
            func walk(_ path: String) {
                var info = stat()
                guard lstat(path, &info) == 0 else { return }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries.append(path + "/")
                    for name in ScratchFolder.names(in: path) { walk(path + "/" + name) }
                case S_IFREG:
                    var bytes = [UInt8](repeating: 0, count: 64)
                    let file = open(path, O_RDONLY)
                    let count = file >= 0 ? read(file, &bytes, bytes.count) : -1
                    if file >= 0 { close(file) }
                    entries.append(path + "=" + String(decoding: bytes.prefix(max(0, count)), as: UTF8.self))
                default:
                    entries.append(path + "@")
                }
            }
            walk(folder)
            return entries
        }

        /// Where the kernel would take `path` (absolute), over the tree.
        func model(_ path: String) -> Answer {
            var pending = Array(path.split(separator: "/").map(String.init).reversed())
            var current: [String] = []
            var links = 0
            var missing = false
            while let name = pending.popLast() {
                switch name {
                case "", ".": continue
                case "..":
                    if missing { return .unknown }
                    _ = current.popLast()
                    continue
                default: break
                }
                if missing {
                    current.append(name)
                    continue
                }
                let candidate = "/" + (current + [name]).joined(separator: "/")
                if !Paths.isInside(candidate, base) {
                    // Above the tree: its ancestors are folders; anything else is the
                    // real file system, which the model does not know.
                    guard Paths.isInside(base, candidate) else { return .unknown }
                    current.append(name)
                    continue
                }
                switch nodes[candidate] {
                case nil:
                    missing = true
                    current.append(name)
                case .folder:
                    current.append(name)
                case .file:
                    if pending.contains(where: { $0 != "." && $0 != "" }) { return .unknown }
                    current.append(name)
                case .link(let target):
                    links += 1
                    if links > 40 { return .unknown }
                    if target.hasPrefix("/") { current = [] }
                    pending += target.split(separator: "/").map(String.init).reversed()
                }
            }
            let resolved = "/" + current.joined(separator: "/")
            return .found(resolved, missing ? 0 : Self.inode(of: resolved) ?? 0)
        }
    }
}
