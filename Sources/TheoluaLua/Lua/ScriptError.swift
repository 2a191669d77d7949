/// An error in a script: a syntax error, a runtime error, a validation error or an
/// exceeded limit, with the file and line it happened at and, when known, the component.
public struct ScriptError: Error, Sendable, CustomStringConvertible {
    /// What kind of mistake it is.
    public enum Kind: Sendable, Equatable {
        /// The script did not compile.
        case syntax
        /// The script raised an error while running.
        case runtime
        /// A value did not match a props schema or a primitive's props.
        case validation
        /// The script used more memory than allowed.
        case memory
        /// A call into the script ran past a limit: its time, its instructions (when
        /// counted) or the strings it copied out of Lua.
        case instructions
    }

    /// What kind of mistake it is.
    public var kind: Kind
    /// `file:line` where it happened, when known.
    public var location: String?
    /// The message, without the location.
    public var message: String
    /// The component it happened in, when known.
    public var component: String?
    /// The Lua traceback, when there is one.
    public var traceback: String?

    /// An error of `kind` at `location` saying `message`.
    public init(
        _ kind: Kind, location: String? = nil, message: String, component: String? = nil, traceback: String? = nil
    ) {
        self.kind = kind
        self.location = location
        self.message = message
        self.component = component
        self.traceback = traceback
    }

    /// Splits a Lua message of the form `file:line: text` into location and text.
    init(_ kind: Kind, luaMessage: String, component: String? = nil) {
        var text = luaMessage
        var traceback: String? = nil
        if let range = text.firstRange(of: "\nstack traceback:") {
            traceback = String(text[range.lowerBound...].dropFirst())
            text = String(text[..<range.lowerBound])
        }
        var (location, message) = ScriptError.splitLocation(text)
        if location == nil, let traceback {
            // `error(msg, 0)`, `error(table)`: the message has no position, but the
            // traceback's first Lua frame does.
            location = ScriptError.firstLuaFrame(in: traceback)
        }
        self.init(kind, location: location, message: message, component: component, traceback: traceback)
    }

    /// The `file:line` of the first frame of `traceback` that is Lua code.
    static func firstLuaFrame(in traceback: String) -> String? {
        for line in traceback.split(separator: "\n").dropFirst() {
            let frame = line.drop { $0 == "\t" || $0 == " " }
            guard !frame.hasPrefix("[C]"), !frame.hasPrefix("(") else { continue }
            let (location, _) = splitLocation(String(frame))
            if let location { return location }
        }
        return nil
    }

    /// `("app.lua:12", "boom")` for `"app.lua:12: boom"`; `(nil, text)` when there is no
    /// location prefix.
    static func splitLocation(_ text: String) -> (String?, String) {
        guard let firstColon = text.firstIndex(of: ":") else { return (nil, text) }
        let afterFile = text.index(after: firstColon)
        guard let secondColon = text[afterFile...].firstIndex(of: ":"),
            text[afterFile..<secondColon].allSatisfy(\.isNumber), afterFile < secondColon
        else { return (nil, text) }
        var rest = text[text.index(after: secondColon)...]
        if rest.first == " " { rest = rest.dropFirst() }
        return (String(text[..<secondColon]), String(rest))
    }

    /// The error with `component` filled in if it was not known yet.
    func inComponent(_ name: String) -> ScriptError {
        var copy = self
        if copy.component == nil { copy.component = name }
        return copy
    }

    /// `file:line: Component: message`.
    public var description: String {
        var parts: [String] = []
        if let location { parts.append(location) }
        if let component { parts.append(component) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
