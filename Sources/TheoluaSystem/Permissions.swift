/// What scripts may do outside the sandbox beyond drawing: start processes, read files,
/// write them, and reach hosts over the network. Data, checked in one place for each
/// (``CommandGate``, a ``FileGate`` for reading and one for writing, ``NetGate``), so
/// that a denied call can name the flag that would allow it.
///
/// Nothing is granted by default. The command line grants with `--allow-run`,
/// `--allow-run=git,ls`, `--allow-read`, `--allow-read=DIR,...`, `--allow-write`,
/// `--allow-write=DIR,...`, `--allow-net` and `--allow-net=HOST[:PORT],...`; hosts set
/// the same grants in the runtime's options.
public struct Permissions: Sendable, Equatable {
    /// Which commands may be started.
    public enum Commands: Sendable, Equatable {
        /// None.
        case none
        /// Every command.
        case all
        /// Only these: names looked up in `PATH`, or paths to executables.
        case only([String])
    }

    /// Which files may be read, listed, watched and tailed, or written.
    public enum Folders: Sendable, Equatable {
        /// None.
        case none
        /// Every file.
        case all
        /// Only what is inside these folders (or these files), once `..` and symbolic
        /// links are resolved on both sides.
        case only([String])
    }

    /// Which hosts may be reached over HTTP and HTTPS.
    public enum Hosts: Sendable, Equatable {
        /// None.
        case none
        /// Every host.
        case all
        /// Only these: `host` (any port) or `host:port`, names compared without regard
        /// to case (`example.com`, `localhost:8080`, `127.0.0.1`, `[::1]:8080`).
        case only([String])
    }

    /// Which commands `ui.spawn` may start.
    public var run: Commands
    /// Which paths `ui.readFile`, `ui.listDir`, `ui.watch` and `ui.tail` may reach.
    public var read: Folders
    /// Which paths `ui.writeFile`, `ui.appendFile`, `ui.makeDir`, `ui.remove` and
    /// `ui.rename` may change. Writing grants no reading.
    public var write: Folders
    /// Which hosts `ui.fetch` may reach (a redirect included).
    public var net: Hosts

    /// Grants `run`, `read`, `write` and `net`; nothing by default.
    public init(run: Commands = .none, read: Folders = .none, write: Folders = .none, net: Hosts = .none) {
        self.run = run
        self.read = read
        self.write = write
        self.net = net
    }

    /// Everything: every command, every file to read and to write, every host.
    public static let all = Permissions(run: .all, read: .all, write: .all, net: .all)

    /// The executable `command` names, if it may be started: its file, links resolved
    /// (looked up in `searchPath` when it has no slash, resolved against `folder` when
    /// relative). See ``CommandGate``, which a runtime keeps to resolve each granted
    /// command once.
    public func check(run command: String, searchPath: String?, folder: String) throws(PermissionDenied)
        -> String
    {
        try CommandGate(run, searchPath: searchPath, folder: folder).executable(for: command)
    }

    /// The absolute path, `..` and links resolved, of `path` (relative paths resolve
    /// against `folder`), if it may be read. This only decides; what opens a file a
    /// script names goes through a ``FileGate``, which opens what it checked.
    public func check(read path: String, folder: String) throws(PermissionDenied) -> String {
        do {
            return try FileGate(read, relativeTo: folder).resolve(path)
        } catch .denied(let denial) {
            throw denial
        } catch {
            return Paths.resolved(Paths.absolute(path, in: folder))
        }
    }
}

/// A call the permissions do not allow, or could not carry out.
public struct PermissionDenied: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of permission.
    public enum Permission: String, Sendable {
        case run, read, write, net

        /// The flag that grants it everywhere.
        public var flag: String { "--allow-\(rawValue)" }

        /// What it lets a script do, as a verb.
        var verb: String {
            switch self {
            case .run: "running"
            case .read: "reading"
            case .write: "writing"
            case .net: "fetching"
            }
        }
    }

    /// What was asked for.
    public var permission: Permission
    /// The command or path.
    public var subject: String
    /// The flag that would allow it, if one would.
    public var flag: String?
    /// Why it failed, when no flag would help.
    public var reason: String?

    public init(permission: Permission, subject: String, flag: String?, reason: String? = nil) {
        self.permission = permission
        self.subject = subject
        self.flag = flag
        self.reason = reason
    }

    public var description: String {
        let what = "\(permission.verb) \"\(Paths.abbreviated(subject))\""
        if let reason { return "\(what): \(reason)" }
        guard let flag else { return "\(what) is not allowed" }
        let general = permission.flag
        let either = flag == general ? flag : "\(general) (or \(flag))"
        return "\(what) is not allowed: start theolua with \(either)"
    }
}
