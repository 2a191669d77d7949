import CLua
import CLuaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LuaBridge {
    /// Opens the standard libraries the sandbox allows (all of them with `allowIO`),
    /// replaces `print`, `warn`, `load` and `require` with the bridge's, the pattern
    /// functions with ones the call's limits can stop, and under a virtual
    /// ``WallClock`` the clock functions of `os` (WallClock.swift).
    func installLibraries() throws(ScriptError) {
        if options.allowIO {
            luaL_openlibs(L)
        } else {
            let libraries: [(String, lua_CFunction)] = [
                ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
                ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine),
                ("os", luaopen_os),
            ]
            for (name, open) in libraries {
                luaL_requiref(L, name, open, 1)
                state.pop()
            }
        }
        // Stock find, match, gmatch and gsub backtrack in C, out of the count hook's
        // reach: a pathological pattern would hang the host. The string table is also
        // the strings' __index, so `s:find(p)` gets them too.
        lua_getglobal(L, "string")
        theolua_install_patterns(L)
        state.pop()
        // Before the prelude, which keeps the guarded setmetatable and load.
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(LUA_RIDX_GLOBALS))
        theolua_pushfunction(L, LuaBridge.viewLabel, 0)
        theolua_install_guards(L)
        state.pop()
        lua_setwarnf(
            L,
            { context, message, toContinue in
                guard let context, let message else { return }
                let bridge = Unmanaged<LuaBridge>.fromOpaque(context).takeUnretainedValue()
                bridge.collectWarning(String(cString: message), continues: toContinue != 0)
            }, Unmanaged.passUnretained(self).toOpaque())
        // What the sandbox withholds is there to be named and indexed, as libraries do at
        // load time (`local open = io.open`); calling it raises an error naming the flag
        // that allows it. Of `debug`, what libraries use stays, as far as it reaches the
        // script's own Lua only: `traceback` (`xpcall(f, debug.traceback)`), `getinfo`
        // (a C function's `func` left out), the upvalue functions for Lua functions (a C
        // function, the runtime's, shows none), and `getmetatable`, which is the
        // sandbox's (a protected metatable stays protected).
        let prelude = """
            local log, require, allowIO, kept, package_ = ...
            -- Renders make many short-lived tables and elements: the generational
            -- collector suits that.
            collectgarbage("generational")
            if not allowIO then
              local error, ipairs, select = error, ipairs, select
              local function withheld(name)
                return function()
                  error(name .. " is not available in the sandbox: run with --allow-io to let scripts use it", 2)
                end
              end
              local function table_of(prefix, names)
                local t = {}
                for _, name in ipairs(names) do t[name] = withheld(prefix .. name) end
                return t
              end
              dofile, loadfile = withheld("dofile"), withheld("loadfile")
              local os_ = os
              os = table_of("os.", { "execute", "exit", "getenv", "remove", "rename", "setlocale", "tmpname" })
              os.time, os.clock, os.date, os.difftime = os_.time, os_.clock, os_.date, os_.difftime
              io = table_of("io.", { "close", "flush", "input", "lines", "open", "output", "popen", "read", "tmpfile",
                                     "write" })
              -- No file handle exists in the sandbox: io.type answers nil for every
              -- value, as Lua's does for what is not a file (luassert asks at load
              -- whether io.stdout is one).
              io.type = function(...)
                if select("#", ...) == 0 then error("bad argument #1 to 'type' (value expected)", 2) end
                return nil
              end
              debug = table_of("debug.", { "debug", "gethook", "getlocal", "getregistry", "getuservalue", "sethook",
                                           "setlocal", "setmetatable", "setuservalue", "setcstacklimit" })
              for name, f in pairs(kept) do debug[name] = f end
              debug.getmetatable = getmetatable
              -- `path`, `loaded` and `preload` are set at each load (Package.swift).
              package = package_
              package.cpath, package.config = "", "/\\n;\\n?\\n!\\n-\\n"
              package.loadlib, package.searchpath = withheld("package.loadlib"), withheld("package.searchpath")
            end
            print = log
            _G.require = require
            """
        try state.load(prelude, chunkName: "=theolua")
        theolua_pushfunction(L, LuaBridge.log, 0)
        theolua_push_print(L)
        theolua_pushfunction(L, LuaBridge.require, 0)
        lua_pushboolean(L, options.allowIO ? 1 : 0)
        // What the sandbox keeps of `debug`: the library's traceback (its table made
        // without registering it anywhere a script could find it) and its own versions.
        lua_pushcclosure(L, luaopen_debug, 0)
        try state.call(arguments: 0, results: 1)
        lua_createtable(L, 0, 6)
        state.rawField(-2, "traceback")
        state.setRawField(-2, "traceback")
        lua_rotate(L, -2, 1)
        state.pop()
        for (name, function) in [
            ("getinfo", theolua_sandbox_getinfo as lua_CFunction), ("getupvalue", theolua_sandbox_getupvalue),
            ("setupvalue", theolua_sandbox_setupvalue), ("upvalueid", theolua_sandbox_upvalueid),
            ("upvaluejoin", theolua_sandbox_upvaluejoin),
        ] {
            lua_pushcclosure(L, function, 0)
            state.setRawField(-2, name)
        }
        // The sandbox's `package`, which `require` reads through the registry (a script
        // may replace the global, as with stock Lua's).
        lua_createtable(L, 0, 8)
        lua_pushvalue(L, -1)
        state.setRawField(LuaState.registryIndex, LuaBridge.packageKey)
        if options.allowIO {
            // Keep the standard require for modules outside the app's folders.
            lua_rawgeti(L, LuaState.registryIndex, lua_Integer(LUA_RIDX_GLOBALS))
            state.rawField(-1, "require")
            state.setRawField(LuaState.registryIndex, "theolua.stdrequire")
            state.pop()
        }
        try state.call(arguments: 5, results: 0)
        // With --allow-io too: the real clock would make a render's screen differ run by run.
        if case .virtual(let epoch) = options.wallClock { try installVirtualClock(epoch: epoch) }
    }

    /// The label of a view (`props.items`), or nil for any other value.
    static let viewLabel: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let view = bridge.object(at: 1, kind: .view, as: View.self) else { return 0 }
            bridge.state.push(view.label)
            return 1
        }
    }

    /// `print`'s sink: one line of the runtime's log.
    static let log: theolua_function = { L in
        LuaBridge.entry(L) { bridge, _ in
            let text = bridge.state.string(at: 1) ?? ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { bridge.onLog(String(line)) }
            return 0
        }
    }

    /// Lua's `warn`: pieces are joined until the message ends; control messages are ignored.
    func collectWarning(_ piece: String, continues: Bool) {
        pendingWarning += piece
        guard !continues else { return }
        let message = pendingWarning
        pendingWarning = ""
        if message.hasPrefix("@") { return }
        onLog("warning: \(message)")
    }

    /// `require(name)`: the `theolua` module, a library (`string`, `utf8`, …) as stock
    /// Lua gives it, or a file found as stock Lua's `package.path` of `./?.lua;./?/init.lua`
    /// finds one, in the app's folder (then in each module path): `name.lua`, then
    /// `name/init.lua`, dots as folders. Loaded once per load of the app; the chunk gets
    /// the name and the file's path as `...`, and `require` returns what it returned and
    /// the path, as Lua's does.
    static let require: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let name = bridge.state.string(at: 1) else {
                throw bridge.raise("require: expected a module name, got \(bridge.found(at: 1))")
            }
            if name == "theolua" {
                bridge.registryTable(.module)
                return 1
            }
            bridge.registryTable(.loaded)
            bridge.state.rawField(-1, name)
            if lua_type(L, -1) != LUA_TNIL { return 1 }
            bridge.state.pop()  // stack: loaded
            guard name.utf8.count <= 1024 else {
                throw bridge.raise(
                    "require: a module name of \(name.utf8.count) bytes is too long (at most 1024): \(LuaBridge.abbreviated(name))"
                )
            }
            let parts = name.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "/" }
            guard !parts.contains(where: \.isEmpty), !name.contains("\\"), !name.contains("\0") else {
                throw bridge.raise(
                    "require: module name '\(name)' is not allowed: a module is named by parts separated by"
                        + " dots (lib.widgets), inside the app's folder; no absolute paths, no '..'")
            }
            if bridge.pushPreloader(name) {
                // package.preload first, as stock Lua's first searcher.
                return try bridge.runLoader(named: name, data: ":preload:")
            }
            let (paths, outside) = try bridge.moduleCandidates(forFile: parts.joined(separator: "/"))
            // Through the capability that reads files: a module resolves inside the
            // app's folder or the module paths, links included, and is opened where it
            // was checked. With --allow-io, anywhere.
            var found: (path: String, source: [UInt8])?
            search: for path in paths {
                switch bridge.readModule(at: path) {
                case .source(let source):
                    found = (path, source)
                    break search
                case .missing:
                    continue
                case .outside:
                    throw bridge.raise(
                        "require: module '\(name)' (\(path)) leads outside the app's folder through a symbolic link;"
                            + " modules must stay inside the app's folder or the module paths")
                case .failed(let reason):
                    throw bridge.raise("require: \(reason)")
                }
            }
            guard let (path, source) = found else {
                if bridge.options.allowIO {
                    bridge.state.rawField(LuaState.registryIndex, "theolua.stdrequire")
                    lua_pushvalue(L, 1)
                    try bridge.state.call(arguments: 1, results: 1)
                    return 1
                }
                var looked = "looked for " + paths.joined(separator: ", ")
                if !outside.isEmpty {
                    looked += "; not in " + outside.joined(separator: ", ")
                        + ", outside the app's folder and the module paths"
                }
                throw bridge.raise("module '\(name)' not found (\(looked))")
            }
            bridge.loadedFiles.append(path)
            let shownPath = bridge.displayName(of: path)
            try bridge.state.load(file: source, chunkName: "@" + shownPath)
            return try bridge.runLoader(named: name, data: shownPath)
        }
    }

    /// Calls the loader at the top with the module's name and `data` (its file's path, or
    /// `":preload:"`), as Lua's `require` does, and keeps what it returns (`true` for
    /// nothing) as the module in the table of loaded modules below it: `[loaded loader]`
    /// → `[loaded module data]`, returning 2.
    private func runLoader(named name: String, data: String) throws -> Int32 {
        lua_pushvalue(L, 1)
        state.push(data)
        try state.call(arguments: 2, results: 1)
        if lua_type(L, -1) == LUA_TNIL {
            state.pop()
            lua_pushboolean(L, 1)
        }
        lua_pushvalue(L, -1)
        state.setRawField(-3, name)
        state.push(data)
        return 2
    }

    /// `name` as messages show it: whole up to 160 bytes, else its start and its end
    /// around an ellipsis (as TheoluaSystem's `Paths.abbreviated` shows a path).
    private static func abbreviated(_ name: String) -> String {
        guard name.utf8.count > 160 else { return name }
        return String(name.prefix(80)) + "…" + String(name.suffix(60))
    }

    /// How messages name a file: relative to the app's folder when inside it.
    func displayName(of path: String) -> String {
        let prefix = appFolder.hasSuffix("/") ? appFolder : appFolder + "/"
        if appFolder != ".", path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return path
    }
}
