import Testing

/// One scripted session of an example: `theolua render Examples/<app> ARGUMENTS`,
/// whose screen must match `Golden/<name>.txt`.
struct ExampleSession: Sendable, CustomTestStringConvertible {
    var name: String
    var app: String
    var arguments: [String]

    var testDescription: String { name }
    var path: String { Paths.package + "/Examples/" + app }

    static let all: [ExampleSession] = [
        ExampleSession(name: "counter-initial", app: "counter.lua", arguments: ["--size", "60x8"]),
        ExampleSession(
            name: "counter-pressed", app: "counter.lua",
            arguments: ["--size", "60x8", "--keys", "enter enter tab enter + + + -"]),
        ExampleSession(name: "todo-initial", app: "todo.lua", arguments: ["--size", "60x14"]),
        // Adds "buy milk", then toggles the first and the third items with their buttons.
        ExampleSession(
            name: "todo-add-and-toggle", app: "todo.lua",
            arguments: ["--size", "60x14", "--keys", "text:buy space text:milk enter tab enter tab tab enter"]),
        ExampleSession(
            name: "todo-props", app: "todo.lua",
            arguments: [
                "--size", "40x10", "--props", #"{"title":"errands","items":["post office"]}"#, "--keys", "tab space",
            ]),
        // Twenty lines after ten seconds of a half-second timer; the scroll shows the end.
        ExampleSession(name: "logs-after-10s", app: "logs.lua", arguments: ["--size", "80x16", "--time", "10"]),
        ExampleSession(
            name: "logs-filtered", app: "logs.lua",
            arguments: ["--size", "80x16", "--keys", "text:error", "--time", "30"]),
        ExampleSession(name: "logs-narrow", app: "logs.lua", arguments: ["--size", "40x10", "--time", "3"]),
        // A million lines: the list renders those near the view; the filter scans in
        // slices between frames (a third of a second of virtual time scans it all).
        ExampleSession(
            name: "logs-million", app: "logs.lua",
            arguments: ["--size", "80x10", "--props", #"{"start":1000000}"#, "--keys", "tab up up pageup"]),
        ExampleSession(
            name: "logs-million-filtered", app: "logs.lua",
            arguments: [
                "--size", "80x10", "--props", #"{"start":1000000}"#, "--keys", "text:db space text:job", "--time",
                "0.4",
            ]),
        ExampleSession(name: "files-initial", app: "files.lua", arguments: ["--size", "60x10"]),
        // Sorted by name (backtab reaches the titles), then by size, twice: descending.
        ExampleSession(
            name: "files-sorted", app: "files.lua",
            arguments: [
                "--size", "60x10", "--keys", "backtab backtab backtab enter tab tab enter enter tab down enter",
            ]),
        ExampleSession(
            name: "files-props", app: "files.lua",
            arguments: [
                "--size", "50x8", "--props",
                #"{"files":[{"name":"README.md","size":4200},{"name":"Sources","size":0,"kind":"dir"},{"name":"Package.swift","size":3100}]}"#,
                "--keys", "down enter",
            ]),
        // The wall clock is render's virtual one, from 2000-01-01 00:00:00 UTC.
        ExampleSession(name: "clock-after-65s", app: "clock.lua", arguments: ["--size", "64x14", "--time", "65"]),
        ExampleSession(name: "clock-at-start", app: "clock.lua", arguments: ["--size", "64x14"]),
        ExampleSession(name: "picker-initial", app: "picker.lua", arguments: ["--size", "54x17"]),
        // The renders column proves the memoization: a move re-renders two rows, a star
        // one, and enter (a change of the parent's state only) none.
        ExampleSession(
            name: "picker-moved-and-starred", app: "picker.lua",
            arguments: ["--size", "54x17", "--keys", "down space down down space up enter"]),
        ExampleSession(
            name: "picker-wraps-around", app: "picker.lua", arguments: ["--size", "54x17", "--keys", "up space"]),
        // The fixture log, followed from its start; then only its errors.
        ExampleSession(name: "tail-initial", app: "tail.lua", arguments: ["--size", "72x14", "--allow-read=Examples"]),
        ExampleSession(
            name: "tail-filtered", app: "tail.lua",
            arguments: ["--size", "72x10", "--allow-read=Examples", "--keys", "text:error tab up"]),
        ExampleSession(name: "demo-initial", app: "demo.lua", arguments: []),
        ExampleSession(
            name: "demo-session", app: "demo.lua",
            arguments: [
                "--keys", "enter enter enter tab tab tab text:write space text:docs enter tab enter", "--time", "21",
            ]),
        ExampleSession(name: "settings-initial", app: "settings.lua", arguments: ["--size", "60x20"]),
        // A line added to the textarea, then ctrl+s: the modal dialog asks first.
        ExampleSession(
            name: "settings-confirm", app: "settings.lua",
            arguments: [
                "--size", "60x20", "--keys", "tab tab tab tab tab ctrl+end enter text:Likes space text:music. ctrl+s",
            ]),
        // The language picked from the open select.
        ExampleSession(
            name: "settings-select-open", app: "settings.lua",
            arguments: ["--size", "60x20", "--keys", "tab tab enter down down"]),
        // The dusk theme restyles every widget: the escape codes show its colors.
        ExampleSession(
            name: "settings-dusk", app: "settings.lua",
            arguments: ["--size", "60x12", "--colors", "truecolor", "--ansi", "--keys", "tab tab tab tab space"]),
        // The fixture's 600 events read in a task, counted by level, one line unreadable.
        ExampleSession(
            name: "jsonl-read", app: "jsonl.lua", arguments: ["--size", "100x14", "--allow-read=Examples/fixtures"]),
        // The example's own notes, the first one open.
        ExampleSession(
            name: "notes-initial", app: "notes.lua",
            arguments: ["--size", "70x12", "--allow-read=Examples/notes"]),
        // The fixture's Lua file, colored by the editor's highlight, the cursor moved.
        ExampleSession(
            name: "editor-colored", app: "editor.lua",
            arguments: [
                "--size", "60x16", "--ansi", "--allow-read=Examples/fixtures", "--keys", "down down down down end",
            ]),
        ExampleSession(
            name: "dashboard-overview", app: "dashboard.lua", arguments: ["--size", "60x14", "--time", "10"]),
        ExampleSession(
            name: "dashboard-jobs", app: "dashboard.lua",
            arguments: ["--size", "60x14", "--time", "20", "--keys", "right"]),
        ExampleSession(
            name: "dashboard-log-finished", app: "dashboard.lua",
            arguments: ["--size", "60x14", "--time", "40", "--keys", "3"]),
        // The system monitor over the fixture's /proc (one reading: the rates are 0).
        ExampleSession(
            name: "sysmon-overview", app: "sysmon.lua",
            arguments: [
                "--size", "72x18", "--allow-read=Examples/fixtures", "--props", #"{"proc":"fixtures/proc"}"#,
            ]),
        ExampleSession(
            name: "sysmon-memory", app: "sysmon.lua",
            arguments: [
                "--size", "72x14", "--allow-read=Examples/fixtures", "--props", #"{"proc":"fixtures/proc"}"#,
                "--keys", "m",
            ]),
        // The notes browser on the example's notes: a note shown, then the palette.
        ExampleSession(
            name: "mdview-note", app: "mdview.lua",
            arguments: ["--size", "80x12", "--allow-read=Examples/notes", "--keys", "down"]),
        ExampleSession(
            name: "mdview-palette", app: "mdview.lua",
            arguments: ["--size", "80x14", "--allow-read=Examples/notes", "--keys", "down ctrl+p text:wo"]),
        // The installer asking, then at work: the steps done printed above its progress.
        ExampleSession(name: "install-confirm", app: "install.lua", arguments: ["--size", "60x5"]),
        ExampleSession(
            name: "install-working", app: "install.lua",
            arguments: ["--size", "60x3", "--keys", "enter", "--time", "3"]),
    ]
}

/// Every example, rendered headless through scripted keys and time, against its golden
/// screen; and each loads cleanly.
@Suite struct ExampleTests {
    @Test(arguments: ExampleSession.all)
    func exampleSessionMatchesItsGoldenScreen(_ session: ExampleSession) {
        let result = runTheolua(["render", session.path] + session.arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("error"), "stderr: \(result.stderr)")
        Golden.check(result.stdout, named: session.name)
    }

    @Test(arguments: [
        "counter.lua", "todo.lua", "logs.lua", "files.lua", "clock.lua", "picker.lua", "demo.lua", "settings.lua",
        "dashboard.lua", "notes.lua", "editor.lua", "sysmon.lua", "mdview.lua", "install.lua",
    ])
    func exampleChecksOk(_ app: String) {
        let result = runTheolua(["check", Paths.package + "/Examples/" + app])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "ok\n")
    }

    /// Layout must hold at any size: nothing fails, exactly H lines (after what the app
    /// wrote with `ui.print`), none wider than W.
    @Test(arguments: [
        "counter.lua", "todo.lua", "logs.lua", "files.lua", "clock.lua", "picker.lua", "demo.lua", "settings.lua",
        "dashboard.lua", "notes.lua", "editor.lua", "sysmon.lua", "mdview.lua", "install.lua",
    ])
    func exampleRendersAtTinyAndOddSizes(_ app: String) {
        for (width, height) in [(1, 1), (12, 4), (33, 7), (120, 40)] {
            let result = runTheolua([
                "render", Paths.package + "/Examples/" + app, "--size", "\(width)x\(height)", "--keys", "tab enter",
                "--time", "3",
            ])
            #expect(result.status == 0, "\(width)x\(height): \(result.stderr)")
            let printed = app == "install.lua" ? Self.installerLinesPrinted : 0
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .dropFirst(printed)
            #expect(lines.count == height, "\(width)x\(height)")
            #expect(lines.allSatisfy { $0.count <= width }, "\(width)x\(height):\n\(result.stdout)")
        }
    }

    /// The lines the installer prints after `tab enter` and 3 seconds: tab moves to
    /// Cancel, which enter presses.
    static let installerLinesPrinted = 1

    /// The clock shows render's virtual wall clock, in UTC whatever the time zone: the
    /// same screen on every run, moved by `--time`.
    @Test func clockShowsTheVirtualWallClockInAnyTimeZone() {
        for zone in ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"] {
            let result = runProcess(
                Paths.binary, ["render", Paths.package + "/Examples/clock.lua", "--size", "64x14", "--time", "3725"],
                adding: ["TZ=\(zone)"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("│ 2000-01-01  01:02:05 "), "\(zone):\n\(result.stdout)")
        }
    }

    /// The golden mechanism itself: the difference shows both versions of a changed
    /// line, marks trailing spaces, and makes escapes visible.
    @Test func goldenDifferenceReadsLikeTheScreen() {
        let difference = Golden.difference(expected: "a\nb \nc", actual: "a\n\u{1B}[31mB\nc")
        #expect(difference == "    1 │a\n-   2 │b ·\n+   2 │␛[31mB\n    3 │c")
    }
}
