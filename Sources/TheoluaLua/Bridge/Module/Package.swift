import CLua

/// The sandbox's `package` table, as stock Lua's as far as it is safe: `loaded` is the
/// current load's table of modules, `preload` the loaders `require` tries first, and
/// `path` the templates it searches, below the folders modules may come from (the
/// app's and the module paths). `cpath` is empty; `loadlib` and `searchpath` raise when
/// called (Sandbox.swift). Under `--allow-io` the standard `package` stands instead.
extension LuaBridge {
    /// The registry field holding the sandbox's `package`.
    static let packageKey = "theolua.package"

    /// The folders `require` searches, in order: the app's, then the module paths.
    var moduleFolders: [String] { [appFolder] + options.modulePaths }

    /// Where `luarocks --tree lua_modules --lua-version 5.4` puts pure-Lua modules, below
    /// the app's folder.
    static let rocksTree = "lua_modules/share/lua/5.4"

    /// `package.path` at the start of each load: `?.lua` then `?/init.lua` in the app's
    /// folder (written `./`, as stock Lua writes the current one), in its `lua_modules`
    /// tree, then in each module path.
    var defaultPackagePath: String {
        let folders = ["."] + ["./" + Self.rocksTree] + options.modulePaths
        return folders.flatMap { [$0 + "/?.lua", $0 + "/?/init.lua"] }.joined(separator: ";")
    }

    /// Sets the sandbox's `package.path`, `package.loaded` (the load's modules) and a new
    /// `package.preload` for a load, after the shared state is restored.
    func publishPackage() {
        guard !options.allowIO else { return }
        state.rawField(LuaState.registryIndex, Self.packageKey)  // stack: package
        guard lua_type(L, -1) == LUA_TTABLE else { return state.pop() }
        state.push(defaultPackagePath)
        state.setRawField(-2, "path")
        registryTable(.loaded)
        state.setRawField(-2, "loaded")
        lua_createtable(L, 0, 0)
        state.setRawField(-2, "preload")
        state.pop()
    }

    /// Pushes `package.preload[name]` and returns true when it is set: `[]` → `[loader]`,
    /// or `[]` and false.
    func pushPreloader(_ name: String) -> Bool {
        guard !options.allowIO else { return false }
        state.rawField(LuaState.registryIndex, Self.packageKey)  // stack: package
        guard lua_type(L, -1) == LUA_TTABLE else {
            state.pop()
            return false
        }
        state.rawField(-1, "preload")  // stack: package, preload
        guard lua_type(L, -1) == LUA_TTABLE else {
            state.pop(2)
            return false
        }
        state.rawField(-1, name)  // stack: package, preload, loader
        lua_rotate(L, -3, 1)
        state.pop(2)
        if lua_type(L, -1) == LUA_TNIL {
            state.pop()
            return false
        }
        return true
    }

    /// Whether `path` (lexically) lies in one of the module paths: folders the person
    /// running the app named, whose links may lead anywhere (Debian links each file of
    /// `/usr/share/lua/5.4` to the one in `/usr/share/lua/5.1`). The app's own folder
    /// has no such trust: a module there must be there once its links are resolved.
    package func isInModulePath(_ path: String) -> Bool {
        let full = Self.absolute(path)
        return options.modulePaths.contains { Self.isInside(full, Self.absolute($0)) }
    }

    /// Whether the absolute path `full` is `root` or lies below it.
    private static func isInside(_ full: String, _ root: String) -> Bool {
        full == root || full.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The files `require` tries for a module whose parts joined by `/` are `file`, in
    /// order: each template of `package.path` with `?` replaced by `file`, a relative one
    /// below the app's folder. A template outside the module folders is left out (in
    /// `outside`): modules come from those folders only, whatever a script writes into
    /// `package.path`.
    func moduleCandidates(forFile file: String) throws -> (paths: [String], outside: [String]) {
        var path = defaultPackagePath
        if !options.allowIO {
            state.rawField(LuaState.registryIndex, Self.packageKey)
            if lua_type(L, -1) == LUA_TTABLE {
                state.rawField(-1, "path")
                guard lua_type(L, -1) == LUA_TSTRING, let text = state.string(at: -1) else {
                    state.pop(2)
                    throw raise("'package.path' must be a string")
                }
                path = text
                state.pop()
            }
            state.pop()
        }
        let roots = moduleFolders.map { Self.absolute($0) }
        var paths: [String] = []
        var outside: [String] = []
        for template in path.split(separator: ";") where !template.isEmpty {
            var candidate = template.split(separator: "?", omittingEmptySubsequences: false).joined(separator: file)
            if candidate.hasPrefix("./") {
                candidate = appFolder == "." ? candidate : appFolder + candidate.dropFirst(1)
            } else if !candidate.hasPrefix("/") {
                candidate = appFolder == "." ? "./" + candidate : appFolder + "/" + candidate
            }
            let full = Self.absolute(candidate)
            if options.allowIO || roots.contains(where: { Self.isInside(full, $0) }) {
                paths.append(candidate)
            } else {
                outside.append(candidate)
            }
        }
        return (paths, outside)
    }
}
