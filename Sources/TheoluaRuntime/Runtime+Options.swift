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

        /// Options with `limits`, the sandbox unless `allowIO`, `modulePaths`, and
        /// `permissions` for processes and files.
        public init(
            limits: ScriptLimits = ScriptLimits(), allowIO: Bool = false, modulePaths: [String] = [],
            permissions: Permissions = Permissions()
        ) {
            self.limits = limits
            self.allowIO = allowIO
            self.modulePaths = modulePaths
            self.permissions = permissions
        }

        /// The Lua bridge's part.
        var bridge: LuaBridge.Options {
            LuaBridge.Options(limits: limits, allowIO: allowIO, modulePaths: modulePaths)
        }
    }
}
