import CLua
import CLuaSupport
import TheoluaCore

extension LuaBridge {
    /// The functions of the `theolua` module, for suggestions: the widgets' constructors
    /// and the module's own functions.
    var moduleFunctionNames: [String] { module.constructors.map(\.name) + Self.moduleFunctions.map(\.name) }
    /// The methods of `self` and of controllers, for suggestions.
    static let methodNames = selfMethods.map(\.name)
    /// What Lua's message about a missing name gains: the `ui` function or method a
    /// misspelled name is close to (`ui.txt`: did you mean `ui.text`?). Nil when there is
    /// nothing to add. (What the sandbox withholds says so itself when called.)
    static func hint(forMessage message: String, moduleFunctionNames: [String]) -> String? {
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
        return nil
    }

    /// The name between the last pair of single quotes of `message`.
    private static func quotedName(in message: String) -> String? {
        guard let end = message.lastIndex(of: "'") else { return nil }
        guard let start = message[..<end].lastIndex(of: "'") else { return nil }
        return String(message[message.index(after: start)..<end])
    }
}
