/// Writes values as JSON text: `ui.emit` payloads handed to hosts, and debugging output.
///
/// The output is deterministic and always valid JSON:
/// - records are written in insertion order (or sorted, with ``sortsKeys``);
/// - `.int` is written as digits; a finite `.double` in its shortest round-trip form,
///   which keeps a `.0` on whole numbers (`1.0`) so that parsing it again gives a
///   `.double` back; NaN and the infinities, which JSON cannot express, as `null`;
/// - strings escape `"`, `\` and control characters (`\n`, `\t`, … or `\u001F`), and
///   keep every other character as UTF-8;
/// - a handler, which JSON cannot carry, as a string describing it:
///   `"<handler: handler(Counter.increment)>"` or `"<handler: function at app.lua:12>"`;
/// - an element as a string describing it: `"<element: text{text = \"hi\"}>"`.
///
/// Handlers and elements therefore do not survive a round trip through JSON; every
/// other value does, except that NaN and the infinities come back as `.null`.
public struct JSONValueWriter: Sendable {
    /// Spaces per level of nesting; `0` writes compact JSON on one line.
    public var indentation: Int
    /// Whether record keys are written in order of their UTF-8 bytes rather than in
    /// insertion order. Records equal in content but built in different orders then
    /// give the same text.
    public var sortsKeys: Bool

    /// A writer indenting by `indentation` spaces per level (`0` for compact output).
    public init(indentation: Int = 0, sortsKeys: Bool = false) {
        self.indentation = max(0, indentation)
        self.sortsKeys = sortsKeys
    }

    /// The JSON text of `value`.
    public func string(from value: Value) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(value, depth: 0, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    func write(_ value: Value, depth: Int, into output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number):
            output.append(contentsOf: String(number).utf8)
        case .double(let number):
            output.append(contentsOf: (number.isFinite ? String(number) : "null").utf8)
        case .string(let text):
            Self.writeString(text, into: &output)
        case .array(let items):
            writeArray(items, depth: depth, into: &output)
        case .record(let record):
            writeRecord(record, depth: depth, into: &output)
        case .handler(let handler):
            Self.writeString("<handler: \(handler.description)>", into: &output)
        case .element(let element):
            Self.writeString("<element: \(element.description)>", into: &output)
        }
    }

    func writeArray(_ items: ValueArray, depth: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline(depth: depth + 1, into: &output)
            write(item, depth: depth + 1, into: &output)
        }
        if !items.isEmpty { newline(depth: depth, into: &output) }
        output.append(UInt8(ascii: "]"))
    }

    func writeRecord(_ record: Record, depth: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var fields = Array(record)
        if sortsKeys {
            fields.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline(depth: depth + 1, into: &output)
            Self.writeString(field.key, into: &output)
            output.append(UInt8(ascii: ":"))
            if indentation > 0 { output.append(UInt8(ascii: " ")) }
            write(field.value, depth: depth + 1, into: &output)
        }
        if !fields.isEmpty { newline(depth: depth, into: &output) }
        output.append(UInt8(ascii: "}"))
    }

    /// Starts a new line indented for `depth`, when writing indented output.
    func newline(depth: Int, into output: inout [UInt8]) {
        guard indentation > 0 else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentation))
    }

    /// Writes `text` as a quoted, escaped JSON string.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        func escape(_ letter: UInt8) {
            output.append(UInt8(ascii: "\\"))
            output.append(letter)
        }
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0x09: escape(UInt8(ascii: "t"))
            case 0x08: escape(UInt8(ascii: "b"))
            case 0x0C: escape(UInt8(ascii: "f"))
            case 0..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
