import CLua
import CLuaSupport
import TheoluaCore

extension LuaBridge {
    /// The functions of the `theolua` module, for suggestions: the widgets' constructors
    /// and the module's own functions.
    var moduleFunctionNames: [String] { module.constructors.map(\.name) + Self.moduleFunctions.map(\.name) }
    /// The methods of `self` and of controllers, for suggestions.
    static let methodNames = selfMethods.map(\.name)
    /// What the sandbox leaves out of the global table, which `--allow-io` puts back (what
    /// it withholds of `io`, `os` and `debug` is there, raising when called).
    static let sandboxedGlobals: Set<String> = ["package"]

    /// What Lua's message about a missing name gains: the `ui` function or method a
    /// misspelled name is close to (`ui.txt`: did you mean `ui.text`?), or, for a library
    /// the sandbox leaves out, the flag that puts it back. Nil when there is nothing to add.
    static func hint(
        forMessage message: String, allowIO: Bool, moduleFunctionNames: [String]
    ) -> String? {
        if message.hasPrefix("attempt to call a nil value (field '"), let name = quotedName(in: message),
            let meant = closestName(to: name, among: moduleFunctionNames), meant != name
        {
            return "did you mean ui.\(meant)?"
        }
        if message.hasPrefix("attempt to call a nil value (method '"), let name = quotedName(in: message),
            let meant = closestName(to: name, among: methodNames), meant != name
        {
            return "did you mean :\(meant)?"
        }
        if !allowIO, message.hasPrefix("attempt to"), message.hasSuffix("')"),
            message.contains("a nil value (global '"), let name = quotedName(in: message),
            sandboxedGlobals.contains(name)
        {
            return "\(name) is not available in the sandbox: run with --allow-io to let scripts use it"
        }
        return nil
    }

    /// The name between the last pair of single quotes of `message`.
    private static func quotedName(in message: String) -> String? {
        guard let end = message.lastIndex(of: "'") else { return nil }
        guard let start = message[..<end].lastIndex(of: "'") else { return nil }
        return String(message[message.index(after: start)..<end])
    }
}
