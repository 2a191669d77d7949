import Testing
import TheoluaWidgets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// docs/theolua.d.lua declares the widgets as their specs say: the lines between its two
/// markers are what ``LuaTypes`` makes of ``BuiltIn/widgets``. Run with
/// `THEOLUA_UPDATE_TYPES=1` to write them after changing a spec.
@Suite struct LuaTypesTests {
    static let file: String = {
        var path = #filePath
        for _ in 0..<3 {
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path + "/docs/theolua.d.lua"
    }()

    @Test func theLuaLSTypesDeclareTheWidgetsAsTheirSpecsSay() throws {
        let text = try #require(Self.read(Self.file), "cannot read \(Self.file)")
        let begin = try #require(text.firstRange(of: LuaTypes.begin + "\n"), "no begin marker in \(Self.file)")
        let end = try #require(text[begin.upperBound...].firstRange(of: LuaTypes.end), "no end marker")
        let generated = LuaTypes.declarations(of: BuiltIn.widgets)
        let current = String(text[begin.upperBound..<end.lowerBound])
        if getenv("THEOLUA_UPDATE_TYPES") != nil {
            let updated = String(text[..<begin.upperBound]) + generated + String(text[end.lowerBound...])
            #expect(Self.write(updated, to: Self.file), "cannot write \(Self.file)")
            return
        }
        #expect(
            current == generated,
            "docs/theolua.d.lua differs from the widget specs: run THEOLUA_UPDATE_TYPES=1 swift test --filter LuaTypesTests"
        )
    }

    @Test func everyWidgetIsDeclaredWithItsProps() {
        let generated = LuaTypes.declarations(of: BuiltIn.widgets)
        for spec in BuiltIn.widgets {
            #expect(generated.contains("function ui.\(spec.name)(props) end"), "\(spec.name)")
            for field in spec.props.fields where field.name != "children" {
                #expect(
                    generated.contains("---@field \(field.name)\(field.optional ? "?" : "") "),
                    "\(spec.name).\(field.name)")
            }
        }
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[0..<count]
            if count < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }
}
