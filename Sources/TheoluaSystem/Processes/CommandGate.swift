#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which program a script's `ui.spawn` runs, and with which environment: the one check
/// of the run permission.
///
/// A granted command is resolved once, to the file it names with every link resolved,
/// and that file is what runs; a command a script names is resolved the same way and
/// must be that file. Under a list of granted commands a script may only set
/// environment variables that cannot change what a granted program runs or loads (no
/// loader variables such as `LD_PRELOAD`, no config folders, no interpreter options):
/// the few in ``harmlessVariables``, and `PATH` when it finds every granted command
/// where the inherited one does. With every command granted, any environment is.
public final class CommandGate {
    private let commands: Permissions.Commands
    private let folder: String
    private let searchPath: String?
    /// Each granted command's file, once found.
    private var granted: [String: String] = [:]

    /// A gate for `commands`, looking names up in `searchPath` (the process's `PATH`),
    /// and paths relative to `folder`.
    public init(_ commands: Permissions.Commands, searchPath: String?, folder: String) {
        self.commands = commands
        self.searchPath = searchPath
        self.folder = folder
    }

    /// The file `command` runs, links resolved, if it may be started.
    public func executable(for command: String) throws(PermissionDenied) -> String {
        let denied = PermissionDenied(
            permission: .run, subject: command,
            flag: command.contains("/") || command.isEmpty ? "--allow-run" : "--allow-run=\(command)")
        if case .none = commands { throw denied }
        guard let found = Executables.find(command, searchPath: searchPath, folder: folder) else {
            throw PermissionDenied(permission: .run, subject: command, flag: nil, reason: "no such command")
        }
        let file = Paths.resolved(found)
        guard case .only(let allowed) = commands else { return file }
        for name in allowed where grantedFile(name) == file { return file }
        throw denied
    }

    /// The file the granted command `name` runs, found the first time it is asked for.
    private func grantedFile(_ name: String) -> String? {
        if let file = granted[name] { return file }
        guard let found = Executables.find(name, searchPath: searchPath, folder: folder) else { return nil }
        let file = Paths.resolved(found)
        granted[name] = file
        return file
    }

    /// Variables a script may set for a granted command: they change how it looks
    /// (terminal, colors, language, time zone), never what it runs or loads.
    public static let harmlessVariables: Set<String> = [
        "TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES",
        "LANG", "LANGUAGE", "TZ",
    ]

    /// Checks that a script may set `name` to `value` for `command`.
    public func checkVariable(_ name: String, _ value: String, for command: String) throws(PermissionDenied) {
        guard case .only(let allowed) = commands else { return }
        let harmless =
            (Self.harmlessVariables.contains(name) || (name.hasPrefix("LC_") && name.count > 3))
            && !value.contains("/")
        if harmless { return }
        if name == "PATH" {
            // Allowed when every granted command is still the same file under it.
            let unchanged = allowed.allSatisfy { granted in
                grantedFile(granted) == Executables.find(granted, searchPath: value, folder: folder).map(Paths.resolved)
            }
            if unchanged { return }
        }
        throw PermissionDenied(
            permission: .run, subject: command, flag: "--allow-run",
            reason: name == "PATH"
                ? "this PATH would change which program a granted command runs; start theolua with --allow-run to allow any command"
                : "setting \(name) could change what a granted command runs or loads; only TERM, COLORTERM, NO_COLOR, FORCE_COLOR, CLICOLOR, COLUMNS, LINES, LANG, LANGUAGE, LC_* and TZ may be set (without '/'); start theolua with --allow-run to allow any command and environment"
        )
    }
}
