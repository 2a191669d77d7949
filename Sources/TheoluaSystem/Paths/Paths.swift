#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths as the permission checks see them.
public enum Paths {
    /// `path` made absolute against `folder` (itself made absolute against the working
    /// directory), without touching the file system otherwise.
    public static func absolute(_ path: String, in folder: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = folder.hasPrefix("/") ? folder : join(workingDirectory, folder)
        return join(base, path)
    }

    /// `path` with `.`, `..` and every symbolic link resolved, as the kernel would
    /// reach it. The part that does not exist (a file about to be created) is kept as
    /// written below the deepest folder that does, with `.` and `..` applied to it.
    /// Linear in the path (see ``PathResolver``).
    public static func resolved(_ path: String) -> String {
        PathResolver.resolve(absolute(path, in: workingDirectory)).path
    }

    /// `path` (absolute) with `.`, `..` and repeated slashes applied as written,
    /// without looking at the file system.
    public static func normalized(_ path: String) -> String {
        var names: [Substring] = []
        for name in path.split(separator: "/") {
            switch name {
            case ".": continue
            case "..": _ = names.popLast()
            default: names.append(name)
            }
        }
        return "/" + names.joined(separator: "/")
    }

    /// `path` as messages show it: whole up to 160 bytes, else its start and its end
    /// around an ellipsis, so that a path of a hundred thousand names does not fill a
    /// message.
    public static func abbreviated(_ path: String) -> String {
        guard path.utf8.count > 160 else { return path }
        return String(path.prefix(80)) + "…" + String(path.suffix(60))
    }

    /// The last name of `path` ("" for the root).
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// Whether `path` is `folder` or inside it (both resolved).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        if path == folder || folder == "/" { return true }
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The folder holding `path` ("/" for the root and its entries).
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    static var workingDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

}

/// Finding the program a command names, as `execvp` would.
enum Executables {
    /// The path of the executable `command` names: itself when it holds a slash
    /// (resolved against `folder`), else the first match in `searchPath`.
    static func find(_ command: String, searchPath: String?, folder: String) -> String? {
        guard !command.isEmpty, !command.contains("\0") else { return nil }
        if command.contains("/") {
            let path = Paths.absolute(command, in: folder)
            return isExecutable(path) ? path : nil
        }
        let folders = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(
            separator: ":", omittingEmptySubsequences: false)
        for entry in folders {
            let candidate = Paths.join(entry.isEmpty ? "." : String(entry), command)
            // A relative entry of PATH is relative to the working directory, as for execvp.
            if isExecutable(candidate) { return Paths.absolute(candidate, in: Paths.workingDirectory) }
        }
        return nil
    }

    private static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
