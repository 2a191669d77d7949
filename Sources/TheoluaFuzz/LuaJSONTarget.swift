import TheoluaRuntime

/// A JSON text through `ui.json.decode`, against the host's own parser (`--props`):
/// the script reads what the host reads, to the same value, and fails where it fails;
/// and what it reads, written with `ui.json.encode` and read again, is the same value.
/// The script reads the bytes as they are, the host the text they decode to (bytes that
/// are not UTF-8 replaced): inside strings both read U+FFFD.
enum LuaJSONTarget {
    static func run(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let host = try? Value.parseJSON(text)
        let limits = ScriptLimits(memoryBytes: 64 << 20, instructions: 50_000_000, seconds: 10)
        guard let runtime = try? Runtime(options: Runtime.Options(limits: limits), width: 10, height: 1) else {
            return "no runtime"
        }
        var events: [String: Value] = [:]
        runtime.onEmit = { name, payload in events[name] = payload }
        do {
            try runtime.load(source: script)
            try runtime.mount(props: ["bytes": .array(ValueArray(data.map { .int(Int($0)) }))])
        } catch {
            return "the decoding app failed: \(error)"
        }
        let errors = runtime.takeErrors()
        // Documents nested deeper than a value can be passed to the host are left out.
        if errors.contains(where: { $0.contains("levels of nesting") }) { return nil }
        guard errors.isEmpty else { return "\(text.debugDescription): \(errors)" }
        switch (host, events["decoded"], events["failed"]) {
        case (nil, nil, .some):
            return nil
        case (nil, .some(let decoded), _):
            return "\(text.debugDescription) is refused by the host parser but read by ui.json.decode as \(decoded)"
        case (.some(let expected), _, .some(let failure)):
            return
                "\(text.debugDescription) is read by the host parser as \(expected) but ui.json.decode fails: \(failure)"
        case (.some(let expected), .some(let decoded), nil):
            guard same(decoded, .array(ValueArray([expected]))) else {
                return "\(text.debugDescription) is read as \(decoded), the host parser reads [\(expected)]"
            }
            guard let again = events["again"], same(again, decoded) else {
                return
                    "\(text.debugDescription) does not read back from its ui.json.encode: \(events["again"] ?? .null)"
            }
            return nil
        default:
            return "\(text.debugDescription): the app reported nothing"
        }
    }

    /// Decodes the text, and what `ui.json.encode` writes of it; each wrapped in an array
    /// so that a top-level null is passed too.
    private static let script = #"""
        local ui = require("theolua")
        return ui.component("Decode", {
          props = { bytes = "any" },
          render = function(self)
            local bytes, parts = self.props.bytes, {}
            for i = 1, #bytes, 1000 do
              parts[#parts + 1] = string.char(table.unpack(bytes, i, math.min(i + 999, #bytes)))
            end
            local ok, value = pcall(ui.json.decode, table.concat(parts))
            if not ok then
              ui.emit("failed", value)
            else
              ui.emit("decoded", { value })
              ui.emit("again", { ui.json.decode(ui.json.encode(value)) })
            end
            return ui.text("")
          end,
        })
        """#

    /// Equality of decoded values: records as sets of fields (a Lua table has no order),
    /// doubles by value (so -0 and 0 alike), the rest as values.
    private static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.record(let x), .record(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], same(value, other) else { return false }
            }
            return true
        default: return a == b
        }
    }
}
