import CLua
import TheoluaCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an app script returned: an element to mount as it is, or a component to mount
/// with props from the command line or the host.
public enum AppRoot {
    /// The script returned an element.
    case element(Element)
    /// The script returned a component constructor.
    case component(ScriptComponent)
}

extension LuaBridge {
    /// Loads and runs the app whose file at `path` holds `source` (read by a
    /// capability: see TheoluaCapabilities' `loadApp(file:through:)`): its folder becomes
    /// the one paths and `require` resolve against, and the file and every module it
    /// requires are recorded in ``loadedFiles``. Running it again later is a reload:
    /// components are defined anew, and the core keeps the state of those whose name and
    /// place are unchanged.
    package func loadApp(source: [UInt8], file path: String) throws(ScriptError) -> AppRoot {
        enterFolder(of: path)
        return try loadApp(source: source, name: displayName(of: path), file: path)
    }

    /// Makes the folder of the script at `path` the one paths and `require` resolve
    /// against.
    private func enterFolder(of path: String) {
        let slash = path.lastIndex(of: "/")
        appFolder = slash.map { String(path[..<$0]) } ?? "."
        if appFolder.isEmpty { appFolder = "/" }
    }

    /// Sets `ui.appFolder` to the app's folder as an absolute path: how an app reaches
    /// its own files when relative paths start elsewhere (a bundle's, in the folder it
    /// was started in).
    private func publishAppFolder() {
        registryTable(.module)  // stack: ui
        state.push(Self.absolute(appFolder))
        state.setRawField(-2, "appFolder")
        state.pop()
    }

    /// `path` as an absolute path without `.` or `..` parts, against the process's
    /// working directory when it is relative.
    static func absolute(_ path: String) -> String {
        var start = ""
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return path }
            start = String(cString: buffer)
        }
        var parts: [Substring] = []
        for part in (start + "/" + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Loads and runs an app given as source text, named `name` in messages.
    public func loadApp(source: String, name: String) throws(ScriptError) -> AppRoot {
        try loadApp(source: Array(source.utf8), name: name, file: nil)
    }

    private func loadApp(source: [UInt8], name: String, file: String?) throws(ScriptError) -> AppRoot {
        // The top level's timers, processes and watches: the previous load's stop when
        // this one succeeds.
        owners.loading = []
        defer { owners.loading = nil }
        do {
            let root = try runApp(source: source, name: name, file: file)
            for work in owners.topLevel { work.cancel() }
            owners.topLevel = (owners.loading ?? []).filter(\.isActive)
            return root
        } catch {
            for work in owners.loading ?? [] { work.cancel() }
            throw error
        }
    }

    private func runApp(source: [UInt8], name: String, file: String?) throws(ScriptError) -> AppRoot {
        drainReleases()
        components.definedNames = [:]
        loadedFiles = file.map { [$0] } ?? []
        resetRegistryTable(.loaded)
        restoreSharedState()
        registerLibraryModules()
        publishAppFolder()
        publishPackage()
        try state.load(file: source, chunkName: "@" + name)
        diagnostics.isLoadingApp = true
        diagnostics.lastTopLevelElement = nil
        diagnostics.notedChunk = nil
        do {
            try state.call(arguments: 0, results: 1)
            diagnostics.isLoadingApp = false
        } catch {
            diagnostics.isLoadingApp = false
            throw scriptError(error, component: nil)
        }
        defer { state.pop() }
        if let root = element(at: -1) {
            diagnostics.rootOrigin = origin(ofRoot: root)
            return .element(root)
        }
        var context = ConversionContext()
        do throws(Mismatch) {
            if let span = try spanElement(at: -1, &context) {
                diagnostics.rootOrigin = nil
                return .element(span)
            }
        } catch {
            throw ScriptError(.runtime, location: name, message: textItemsMessage(error, subject: "ui.span"))
        }
        if lua_type(L, -1) == LUA_TFUNCTION {
            registryTable(.constructors)
            lua_pushvalue(L, -2)
            lua_rawget(L, -2)
            defer { state.pop(2) }
            if let definition = object(at: -1, kind: .definition, as: ScriptComponent.self) {
                diagnostics.rootOrigin = nil
                return .component(definition)
            }
        }
        throw ScriptError(
            .runtime, location: name,
            message: "the app must return an element or a component, got \(found(at: -1))")
    }

    /// The element to mount for `root`: a returned element as it is, or a returned
    /// component with `props` validated by its schema.
    public func rootElement(_ root: AppRoot, props: Record) throws(ScriptError) -> Element {
        switch root {
        case .element(let element):
            return element
        case .component(let definition):
            guard let schema = definition.schema?.record else { return .component(definition, props: props) }
            do {
                return .component(definition, props: try schema.validate(props))
            } catch {
                // The props come from the host (or --props), not from a line of the
                // script: the line is the component's, whose schema they fail.
                throw ScriptError(
                    .validation, location: definition.location, message: error.message(subject: "prop"),
                    component: definition.name)
            }
        }
    }
}

extension LuaBridge {
    /// Runs the script whose file at `path` holds `source` for its effects (a test
    /// file, say) instead of as an app: the same sandbox, `require` relative to its
    /// folder, modules loaded afresh; what it returns is ignored.
    package func runScript(source: [UInt8], file path: String) throws(ScriptError) {
        enterFolder(of: path)
        drainReleases()
        components.definedNames = [:]
        loadedFiles = [path]
        resetRegistryTable(.loaded)
        restoreSharedState()
        registerLibraryModules()
        publishAppFolder()
        publishPackage()
        try state.load(file: source, chunkName: "@" + displayName(of: path))
        do {
            try state.call(arguments: 0, results: 0)
        } catch {
            throw scriptError(error, component: nil)
        }
    }

    /// Runs `source` for its effects in the current load: the modules it has
    /// required stay loaded. Named `name` in messages.
    public func runScript(source: String, name: String) throws(ScriptError) {
        drainReleases()
        try state.load(bytes: Array(source.utf8), chunkName: "=" + name)
        do {
            try state.call(arguments: 0, results: 0)
        } catch {
            throw scriptError(error, component: nil)
        }
    }

    /// Makes `require(name)` return what the Lua chunk `source` returns, in every load
    /// of the app (the chunk runs again in each). Register before loading.
    public func registerModule(_ name: String, source: String) throws(ScriptError) {
        try state.load(bytes: Array(source.utf8), chunkName: "=" + name)
        state.pop()
        module.hostModules.append((name, source))
    }

    /// Runs a chunk of Lua for its effects, outside any app: a hook for benchmarks that
    /// time plain Lua against the bridge.
    package func evaluate(_ source: String, name: String = "=evaluate") throws(ScriptError) {
        drainReleases()
        try state.load(source, chunkName: name)
        try state.call(arguments: 0, results: 0)
    }
}
