extension Runtime {
    /// How scripts run (limits, the sandbox, module paths: the Lua bridge's options) and
    /// what they may reach beyond it (the permissions of the capabilities the runtime
    /// installs).
    public struct Options: Sendable {
        /// Memory and instruction limits.
        public var limits: ScriptLimits
        /// Whether scripts may use `io`, all of `os`, `debug`, `package` and C modules.
        public var allowIO: Bool
        /// Extra folders `require` searches after the app's folder.
        public var modulePaths: [String]
        /// What `ui.spawn`, `ui.readFile`, `ui.listDir`, `ui.watch` and `ui.tail` may
        /// reach: nothing unless granted.
        public var permissions: Permissions
        /// What `os.time` and `os.date` read: the system's clock (the
        /// default), or the run loop's from an epoch, in UTC (`render`, `check` and
        /// `theolua test` use ``WallClock/headless``, so a screen showing the time is the
        /// same on every run).
        public var wallClock: WallClock
        /// The folder the relative paths scripts give `ui.readFile`, `ui.writeFile`,
        /// `ui.listDir`, `ui.watch`, `ui.tail` and `ui.spawn` (a command and its `cwd`)
        /// start in; nil for the app's folder. A bundle gives the folder it was started
        /// in, so that its app works on the files there rather than on its own unpacked
        /// copy. `require` always loads from the app's folder.
        public var workingFolder: String?

        /// Options with `limits`, the sandbox unless `allowIO`, `modulePaths`,
        /// `permissions` for processes and files, the clock `os` reads, and the folder
        /// relative paths start in.
        public init(
            limits: ScriptLimits = ScriptLimits(), allowIO: Bool = false, modulePaths: [String] = [],
            permissions: Permissions = Permissions(), wallClock: WallClock = .system, workingFolder: String? = nil
        ) {
            self.limits = limits
            self.allowIO = allowIO
            self.modulePaths = modulePaths
            self.permissions = permissions
            self.wallClock = wallClock
            self.workingFolder = workingFolder
        }

        /// The Lua bridge's part.
        var bridge: LuaBridge.Options {
            LuaBridge.Options(limits: limits, allowIO: allowIO, modulePaths: modulePaths, wallClock: wallClock)
        }
    }
}
