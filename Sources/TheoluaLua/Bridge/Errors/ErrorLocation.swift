import CLuaSupport
import TheoluaCore

/// Where an error the core finds outside any script call is blamed: the file, line and
/// component every script error names.
///
/// An error raised while Lua code runs gets them where it happens: the bridge raises it
/// at the calling line (`raise`), and the component being rendered fills in the rest.
/// The reconciler finds some errors later, once a render has returned: a limit of the
/// host crossed by what it returned, a tree grown too deep, a list item that is not an
/// element. `scriptError(for:)` gives those the same shape, from the one place that
/// knows which components are the script's:
///
/// 1. an error that knows the code at fault (``SourceLocatedError``: a list's `render`
///    function) names that code's line and the component that made it;
/// 2. otherwise the nearest component the current load defined, from the one the error
///    is about up through its ancestors (a built-in list or a context provider has no
///    script line; the script component rendering it has), at its `ui.component` line;
/// 3. otherwise (an element the app's top level returned) the line that made the root
///    element, named by its constructor (`ui.column`).
extension LuaBridge {
    /// `error` as a script error: `file:line: Component: message` (see above).
    public func scriptError(for error: ComponentError) -> ScriptError {
        let blamed = blamedComponent(for: error)
        if var script = error.underlying as? ScriptError {
            if script.component == nil { script.component = blamed?.name ?? error.component }
            if script.location == nil { script.location = blamed?.location }
            return script
        }
        if let located = error.underlying as? any SourceLocatedError {
            return ScriptError(
                .runtime, location: located.sourceLocation ?? blamed?.location, message: located.message,
                component: located.sourceComponent ?? blamed?.name ?? error.component)
        }
        return ScriptError(
            .runtime, location: blamed?.location, message: "\(error.underlying)",
            component: blamed?.name ?? error.component)
    }

    /// The nearest component of `error`'s scope that a script of the current load
    /// defined, with where; else the app's root element, with the line that made it.
    private func blamedComponent(for error: ComponentError) -> (name: String, location: String?)? {
        for name in [error.component] + error.enclosingComponents {
            if let location = components.definedNames[name] { return (name, location) }
        }
        return diagnostics.rootOrigin.map { ($0.subject, $0.location) }
    }

    /// Notes `element`, made by a constructor named `subject` at the top level of the
    /// app being loaded, as the candidate root: the top level's last element is the one
    /// it returns, in `return ui.column { ... }` (the column is made after its items).
    /// Costs nothing outside a load, and little in one: a line number, and the chunk's
    /// name only when the chunk changes.
    @inline(__always)
    func noteTopLevelElement(_ element: Element, _ subject: String) {
        guard diagnostics.isLoadingApp else { return }
        var source: UnsafePointer<CChar>? = nil
        let line = theolua_current_position(L, 1, &source)
        guard line > 0 else { return }
        if source != diagnostics.notedChunk {
            diagnostics.notedChunk = source
            diagnostics.notedChunkName = state.location(level: 1).map { location in
                String(location[..<(location.lastIndex(of: ":") ?? location.endIndex)])
            }
        }
        diagnostics.lastTopLevelElement = TopLevelElement(
            storage: ObjectIdentifier(element.storageObject), chunk: diagnostics.notedChunkName, line: Int(line),
            subject: subject)
    }

    /// What made the root `element` the app returned, and where: the line of its
    /// constructor if the top level made it last (see ``noteTopLevelElement(_:_:)``),
    /// else its type alone.
    func origin(ofRoot element: Element) -> (subject: String, location: String?) {
        defer { diagnostics.lastTopLevelElement = nil }
        if let made = diagnostics.lastTopLevelElement, made.storage == ObjectIdentifier(element.storageObject) {
            return (made.subject, made.chunk.map { "\($0):\(made.line)" })
        }
        return (element.isHost ? "ui.\(element.typeName)" : element.typeName, nil)
    }

    /// Forgets the root element's origin: a host mounted a UI of its own.
    package func forgetRootOrigin() {
        diagnostics.rootOrigin = nil
    }
}

/// An element the top level of a loading app made: which, where, by what constructor.
struct TopLevelElement {
    let storage: ObjectIdentifier
    /// The chunk's name as locations show it (`app.lua`).
    let chunk: String?
    let line: Int
    let subject: String
}
