import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inspector of `theolua run` (F11) as a person uses it, through a pseudo-terminal:
/// the panel takes the keys, then gives them back to the app while staying open and
/// counting renders, outlines repaints, and closes; closed, the app has its keys.
@Suite(.serialized) struct InspectorTests {
    static let f11 = "\u{1B}[23~"

    @Test func theInspectorShowsTheTreeAndWhatAKeyReRenders() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", RunTerminalTests.counter(label: "Clicks"))
        let terminal = try TerminalProcess(Paths.binary, ["run", app, "--no-watch"], columns: 100, rows: 20)
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        terminal.type(Self.f11)
        #expect(terminal.waitForScreen(containing: "inspector"))
        #expect(terminal.waitForScreen(containing: "F11 app keys"))
        // The panel has the keys: + does not reach the app.
        terminal.type("+")
        _ = terminal.waitForScreen(containing: "Clicks: 1", timeout: 0.3)
        #expect(terminal.screen.text.contains("Clicks: 0"))
        // Keys to the app, with the panel open: the press re-renders the counter once.
        terminal.type(Self.f11)
        #expect(terminal.waitForScreen(containing: "app has keys"))
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "Clicks: 1"))
        #expect(terminal.waitForScreen(containing: "1× "))
        #expect(terminal.screen.text.contains("state { count = 1 }"))
        // Closed: the panel is gone and the app keeps its keys.
        terminal.type(Self.f11)
        #expect(terminal.waitForScreen(notContaining: "inspector"))
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "Clicks: 2"))
        terminal.type("\u{03}")
        #expect(terminal.waitForExit(timeout: 5) == 0)
    }
}
