import Foundation
import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// A Lua app rendered headless by ``Runtime``: the script is loaded as `app.lua`, mounted
/// on a small canvas, and everything it logs, emits, warns and fails with is collected.
final class LuaApp {
    let runtime: Runtime
    private(set) var logs: [String] = []
    private(set) var emitted: [(name: String, payload: Value)] = []

    /// Limits small enough that a runaway test fails fast.
    static let testLimits = ScriptLimits(memoryBytes: 64 << 20, instructions: 5_000_000)

    init(
        _ source: String? = nil, width: Int = 24, height: Int = 3, limits: ScriptLimits = LuaApp.testLimits,
        allowIO: Bool = false, permissions: Permissions = Permissions(), name: String = "app.lua",
        props: Record = Record()
    ) throws {
        runtime = try Runtime(
            options: Runtime.Options(limits: limits, allowIO: allowIO, permissions: permissions), width: width,
            height: height)
        runtime.onLog = { [unowned self] line in logs.append(line) }
        runtime.onEmit = { [unowned self] name, payload in emitted.append((name, payload)) }
        if let source {
            try runtime.load(source: source, name: name)
            try runtime.mount(props: props)
        }
    }

    /// The screen now, one string per row, trailing spaces removed.
    var lines: [String] { runtime.lines }

    /// Errors since the last call.
    func errors() -> [String] { runtime.takeErrors() }
    /// Warnings since the last call.
    func warnings() -> [String] { runtime.takeWarnings() }

    /// Log lines since the last call.
    func takeLogs() -> [String] {
        defer { logs.removeAll() }
        return logs
    }

    /// Events emitted since the last call.
    func takeEmitted() -> [(name: String, payload: Value)] {
        defer { emitted.removeAll() }
        return emitted
    }

    /// Presses keys by name (`"enter"`, `"tab"`, `"text:ab"`).
    func press(_ keys: String) {
        do { try runtime.send(keys: keys) } catch { Issue.record("bad key names \(keys): \(error)") }
    }

    /// Advances the virtual clock.
    func advance(_ seconds: Double) { runtime.advance(by: seconds) }
}

/// The error that loading and mounting `source` throws or reports first, as text.
func luaFailure(
    _ source: String, width: Int = 24, height: Int = 3, props: Record = Record(),
    limits: ScriptLimits = LuaApp.testLimits
) -> String? {
    do {
        let app = try LuaApp(source, width: width, height: height, limits: limits, props: props)
        return app.errors().first
    } catch {
        return "\(error)"
    }
}

/// Compares a screen with the expected rows, side by side on a mismatch.
func expectLines(
    _ actual: [String], _ expected: [String], _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if actual == expected { return }
    let width = max(expected.map(\.count).max() ?? 0, 8)
    func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    var report = comment.isEmpty ? "" : comment + "\n"
    report += "screen differs:\n   \(pad("expected")) | actual\n"
    for row in 0..<max(actual.count, expected.count) {
        let want = row < expected.count ? expected[row] : "<none>"
        let got = row < actual.count ? actual[row] : "<none>"
        report += "\(want == got ? "  " : "≠ ") \(pad(want)) | \(got)\n"
    }
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

/// Compares the app's screen with the expected rows.
func expectScreen(
    _ app: LuaApp, _ expected: [String], _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectLines(app.lines, expected, comment, sourceLocation: sourceLocation)
}

/// A folder of files for `require` tests, removed when the value goes away.
final class TempFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "theolua-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` inside the folder; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes `bytes` to `name` inside the folder, exactly; returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}
