import TheoluaCanvas
import TheoluaCore
import TheoluaLua
import TheoluaSystem
import TheoluaTerminal

/// An app full-screen in the terminal: a Lua app with hot reload (`theolua run`), or a
/// UI built in Swift.
///
/// The loop: a turn for the due work (turns and timers) that ends in a frame (one write,
/// only the changed cells; see `Runtime.turn`), then wait for a key, the mouse, a signal,
/// the next timer, the next file check or output of a process a script started, each a
/// turn of its own. F12 shows the log and F11 the inspector (``Inspector``). A script
/// error shows an overlay over the last good frame; the app keeps running and the next
/// good save clears it. What the user did that the app could not take (a paste larger
/// than the text it can hold) shows a note at the top, which the next key closes (the
/// key still reaches the app). The terminal is restored on every way out: return,
/// ctrl+c, SIGTERM/SIGINT/SIGHUP, and errors.
public final class TerminalApp {
    /// What to run and how.
    public struct Configuration: Sendable {
        /// The root of the UI.
        public enum App: Sendable {
            /// A Lua app file and the props for an app that returns a component.
            case script(file: String, props: Record)
            /// A UI built in Swift.
            case element(Element)
        }

        /// What runs.
        public var app: App
        /// Whether to reload a script app when it or its modules are saved.
        public var watch: Bool
        /// Sandbox and limits.
        public var options: Runtime.Options
        /// How many colors the terminal shows; `nil` reads it from the environment
        /// (`NO_COLOR`, `COLORTERM`, `TERM`).
        public var colors: ColorDepth? = nil
        /// Whether to ask the terminal for mouse reports (`run --no-mouse` turns it off,
        /// leaving the terminal's own text selection as it is).
        public var mouse = true
        /// Draw inline, below the cursor in the terminal's normal screen, instead of
        /// full-screen (`run --inline`); nil: full-screen.
        public var inline: Inline? = nil

        /// How an inline app takes its rows.
        public struct Inline: Sendable {
            /// The most rows it takes (`--height`); nil: as many as its content needs, at
            /// most the screen's. It never takes more than the screen has.
            public var height: Int?

            public init(height: Int? = nil) {
                self.height = height
            }
        }

        /// A configuration running the script `file` with `props`, watching unless told
        /// not to.
        public init(file: String, props: Record = Record(), watch: Bool = true, options: Runtime.Options = .init()) {
            self.app = .script(file: file, props: props)
            self.watch = watch
            self.options = options
        }

        /// A configuration running `root`, a UI built in Swift. Scripts the host
        /// registers or loads in `prepare` run with `options`.
        public init(root: Element, options: Runtime.Options = .init()) {
            self.app = .element(root)
            self.watch = false
            self.options = options
        }
    }

    private let configuration: Configuration
    private let loop = ClockRunLoop()
    private let watcher = FileWatcher()
    private var log: [String] = []
    private var showingLog = false
    /// The F11 panel; it holds and measures nothing while closed.
    private var inspector = Inspector()
    /// The app's last frame without panels, for the inspector's repaint outline.
    private var previousAppFrame: CellBuffer?
    /// A note for the user (a refused paste), shown until the next key or click.
    private var note: String?

    private let prepare: (Runtime) throws -> Void
    /// What goes to the terminal after the next frame besides it: clipboard writes.
    private var pendingOutput: [UInt8] = []

    /// An app ready to run with `configuration`. `prepare` runs once the runtime exists
    /// and before the app loads: the place for a host to register native components and
    /// set `onEmit`.
    public init(configuration: Configuration, prepare: @escaping (Runtime) throws -> Void = { _ in }) {
        self.configuration = configuration
        self.prepare = prepare
    }

    /// Runs until the app quits; returns the process exit status: 0, or 1 when the app
    /// never ran (a file that did not load is shown as an error until a save mends it;
    /// the host's `onError` hears it). Throws only when the terminal cannot be used.
    ///
    /// Inline (``Configuration/inline``), the app draws below the cursor in the normal
    /// screen, as tall as its content, and its last frame stays when it ends, with the
    /// cursor below; `ui.print` writes above it, into the scrollback. The log (F12) and
    /// the inspector (F11) are full-screen's: inline, those keys reach the app.
    public func run(on device: any TerminalDevice) throws -> Int32 {
        var modes = InteractiveModes.fullScreen
        modes.mouse = configuration.mouse
        if configuration.inline != nil { modes.alternateScreen = false }
        let session = try TerminalSession(device: device, modes: modes)
        var size = session.size()
        var inline = configuration.inline.map {
            InlineScreen(screenRows: size.rows, limit: $0.height, colors: configuration.colors ?? .ofEnvironment)
        }
        defer {
            // The last frame stays, and the shell's prompt comes below it.
            if let finish = inline?.finish(), !finish.isEmpty { try? session.write(finish) }
            session.close()
        }
        let runtime = try Runtime(
            options: configuration.options, width: size.columns, height: inline?.maximumRows ?? size.rows,
            runLoop: loop)
        runtime.onLog = { [unowned self] line in appendToLog(line) }
        runtime.onClipboard = { [unowned self] text in pendingOutput += ClipboardSequence.setting(text) }
        // ui.print: above an inline app; into the log of a full-screen one.
        var printed: [String] = []
        if inline != nil {
            runtime.fitsContentHeight = true
            runtime.onPrint = { text in printed.append(text) }
            try Self.askPosition(&inline, session)
        } else {
            runtime.onPrint = { [unowned self] text in
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) { appendToLog(String(line)) }
            }
        }
        // No process a script started outlives the app, whichever way it ends: in
        // order on the ways out the loop sees, and from the signal handler on a crash.
        defer { runtime.endSystemWork() }
        TerminalSignals.onFatalSignal(Subprocess.terminateAllFromSignalHandler)
        try prepare(runtime)
        start(runtime)

        // Colors as the terminal has them: NO_COLOR, COLORTERM and TERM, unless the
        // configuration says.
        var encoder = FrameEncoder(colorDepth: configuration.colors ?? .ofEnvironment)
        // What the terminal shows, in storage of its own: the canvas paints its next
        // frame in place, without copying the screen because this one holds it.
        var previous: CellBuffer? = nil
        // Whether `previous` is the canvas's picture alone, so that the next frame differs
        // from it only where the canvas painted.
        var previousIsPicture = false
        // A quit (ui.quit, ctrl+c) read among the keys still gets a last frame, with what
        // was printed before it.
        while true {
            // A frame is a turn (Runtime.turn): what came due (timers, the work earlier
            // turns queued, a save), then its updates, focus, layout and paint, and the
            // frame written with the panels over it. The keys, clicks and resizes read
            // below take turns of their own, through their layout, as they come.
            var failure: (any Error)?
            runtime.turn(through: .output) {
                loop.runDueWork { [unowned runtime] in runtime.quitRequested }
                if watching && watcher.poll() { reload(runtime) }
                // Tasks run a slice between frames, so the screen keeps coming.
                if runtime.hasTasks { runtime.bridge.runTasks(until: .now + Runtime.taskTurn) }
                return true
            } output: { screen in
                _ = runtime.takeErrors()  // shown as runtime.shownError until mended
                for warning in runtime.takeWarnings() { appendToLog("warning: " + warning) }
                var frame = screen
                if inspector.isOpen { inspector.record(frame, previous: previousAppFrame, runtime: runtime) }
                previousAppFrame = inspector.isOpen ? frame : nil
                let overlaid = runtime.shownError != nil || note != nil || showingLog || inspector.isOpen
                if let shownError = runtime.shownError { frame = Overlay.error(shownError, over: frame) }
                if let note { frame = Overlay.note(note, over: frame) }
                if showingLog { frame = Overlay.log(log, over: frame) }
                if inspector.isOpen { frame = inspector.draw(over: frame, runtime: runtime) }
                // The canvas's picture alone shares the canvas's storage; anything drawn
                // over it made a copy.
                let isPicture = !overlaid && runtime.changedAreas != nil
                let changedAreas = isPicture && previousIsPicture ? runtime.changedAreas : nil
                previousIsPicture = false
                if inline != nil {
                    // Printed lines go above the area first; an overlay takes the rows
                    // it needs.
                    var bytes: [UInt8] = []
                    for text in printed { bytes += inline?.print(text, width: frame.width) ?? [] }
                    let queried = !printed.isEmpty
                    printed.removeAll()
                    let covered = runtime.shownError != nil || note != nil
                    bytes += inline?.draw(frame, rows: covered ? frame.height : runtime.usedHeight) ?? []
                    do {
                        if !bytes.isEmpty { try session.write(bytes) }
                        // The printed lines moved the area down the screen.
                        if queried { try Self.askPosition(&inline, session) }
                    } catch {
                        failure = error
                    }
                    return
                }
                let bytes = encoder.encode(from: previous, to: frame, changedAreas: changedAreas)
                do {
                    if !bytes.isEmpty { try session.write(bytes) }
                } catch {
                    failure = error
                    return
                }
                if inspector.isOpen { inspector.recordOutput(bytes: bytes.count) }
                if let changedAreas, var shown = previous {
                    previous = nil
                    shown.copy(changedAreas, from: frame)
                    previous = shown
                } else {
                    // The picture is copied, so that the canvas's next paint need not be.
                    previous = isPicture ? frame.copied() : frame
                }
                previousIsPicture = isPicture
            }
            if let failure { throw failure }
            if !pendingOutput.isEmpty {
                try session.write(pendingOutput)
                pendingOutput = []
            }
            if runtime.quitRequested {
                // Answered after the app ends, a position query would print its answer
                // in the shell.
                if inline != nil { session.awaitCursorReports(within: .milliseconds(500)) }
                break
            }

            var deadline = Self.earliest(loop.nextDeadline, runtime.ioDeadline)
            var descriptors = runtime.ioDescriptors
            if watching {
                deadline = Self.earliest(deadline, watcher.nextDeadline)
                if let descriptor = watcher.descriptor { descriptors.append(descriptor) }
            }
            (device as? TTYTerminal)?.extraDescriptors = descriptors
            if loop.hasPendingTurns || runtime.hasTasks { deadline = .now }
            for event in try session.nextEvents(until: deadline) {
                // A note lasts until the user does something else; what they do still
                // reaches the app.
                if case .input(let input) = event, Self.closesNote(input) { note = nil }
                switch event {
                case .input(.key(let key)):
                    if inline != nil {
                        runtime.send(key)
                    } else if key.name == "f12" {
                        showingLog.toggle()
                    } else if key.name == "f11" {
                        inspector.toggle(runtime)
                    } else if inspector.isOpen && !inspector.keysToApp {
                        inspector.handle(key, runtime)
                    } else {
                        runtime.send(key)
                    }
                case .input(.paste(let text)):
                    // A paste too large is refused (its warning goes to the log): say so.
                    if case .refused(let message) = runtime.paste(text) { note = message }
                case .input(.mouse(var mouse)):
                    if let screen = inline {
                        // Inline, the area's rows are the app's; a report elsewhere
                        // (above it, in the shell's lines) is not.
                        guard let row = screen.areaRow(ofScreenRow: mouse.y) else { break }
                        mouse.y = row
                        runtime.send(mouse)
                        break
                    }
                    // The log and the inspector cover the app; the mouse reaches it only
                    // when neither is open.
                    if !showingLog && !inspector.isOpen { runtime.send(mouse) }
                case .resize(let newSize):
                    size = newSize
                    if let cleared = inline?.clearForResize(screenRows: newSize.rows) {
                        try session.write(cleared)
                        try Self.askPosition(&inline, session)
                    }
                    runtime.resize(width: newSize.columns, height: inline?.maximumRows ?? newSize.rows)
                    previous = nil
                case .resume:
                    encoder.invalidate()
                    previous = nil
                    // The shell drew meanwhile: an inline area starts again where the
                    // cursor is.
                    inline?.restart()
                    try Self.askPosition(&inline, session)
                case .cursorPosition(let row, _):
                    inline?.positionReported(row: row)
                case .terminate(let signal):
                    runtime.unmount()
                    if let finish = inline?.finish(), !finish.isEmpty { try? session.write(finish) }
                    session.close()
                    // The process ends of the signal, past `atexit`: what scripts
                    // started ends first, adopted orphans included.
                    ProcessJobs.endEverything()
                    signal.exitProcess()
                case .inputClosed:
                    runtime.unmount()
                    return Self.status(of: runtime)
                case .descriptorReady:
                    break  // read below, and by the watcher at the top of the loop
                }
            }
            // What processes wrote and watches saw; frames coalesce, since the reactor
            // reads a bounded amount per source before the loop paints again.
            runtime.serviceIO()
            // The programs scripts asked for (ui.exec), each given the terminal in turn;
            // the screen is drawn anew after them, at the size it has now.
            if try runPrograms(runtime, session, &inline) {
                size = session.size()
                inline?.screenRows = size.rows
                inline?.restart()
                try Self.askPosition(&inline, session)
                runtime.resize(width: size.columns, height: inline?.maximumRows ?? size.rows)
                encoder.invalidate()
                previous = nil
            }
        }
        runtime.unmount()
        return Self.status(of: runtime)
    }

    /// Asks the terminal where the cursor is now, for an inline app's area: its answer
    /// comes as a ``TerminalEvent/cursorPosition(row:column:)`` event. Nothing for a
    /// full-screen app.
    private static func askPosition(_ inline: inout InlineScreen?, _ session: TerminalSession) throws {
        guard let query = inline?.positionQuery() else { return }
        session.expectCursorReport()
        try session.write(query)
    }

    /// The exit status of a session that ended: 1 when the app never ran (its file did
    /// not load, or its props did not fit, and no save mended it), as `theolua` exits on
    /// a script error; else 0.
    private static func status(of runtime: Runtime) -> Int32 { runtime.isRunning ? 0 : 1 }

    /// Lends the terminal to each program scripts asked for, reporting how it ended to
    /// its `onExit`; returns whether any ran. An inline app's area is cleared for the
    /// program, which writes where it was, and drawn again below what it wrote.
    private func runPrograms(_ runtime: Runtime, _ session: TerminalSession, _ inline: inout InlineScreen?) throws
        -> Bool
    {
        var ran = false
        while !runtime.quitRequested, let program = runtime.takeProgram() {
            ran = true
            if inline != nil {
                // An answer to a position query that came after the program started
                // would reach it as keys.
                session.awaitCursorReports(within: .milliseconds(500))
                if let bytes = inline?.handOver() { try session.write(bytes) }
            }
            let outcome = try session.lend { terminal in
                Result { () throws(Subprocess.Failure) in
                    try ForegroundProgram.run(
                        program.launch, input: terminal.input, output: terminal.output, stop: terminal.stop,
                        endRequested: terminal.endRequested)
                }
            }
            if let bytes = inline?.takeBack(columns: session.size().columns) { try session.write(bytes) }
            switch outcome {
            case .success(let termination):
                runtime.finish(program, termination)
            case .failure(let failure):
                appendToLog("ui.exec: \(failure)")
                // As a shell reports a command it could not run.
                runtime.finish(program, Subprocess.Termination(code: 127, signal: nil))
            }
        }
        return ran
    }

    /// A full-screen app showing `root`, a UI built in Swift.
    public convenience init(root: Element, prepare: @escaping (Runtime) throws -> Void = { _ in }) {
        self.init(configuration: Configuration(root: root), prepare: prepare)
    }

    /// Keeps the last 1,000 lines for the F12 log view, controls shown as pictures of
    /// themselves (``TerminalText``).
    private func appendToLog(_ line: String) {
        log.append(TerminalText.printable(line))
        if log.count > 1_000 { log.removeFirst(log.count - 1_000) }
    }

    private var watching: Bool {
        guard configuration.watch, case .script = configuration.app else { return false }
        return true
    }

    private func start(_ runtime: Runtime) {
        switch configuration.app {
        case .script(let file, let props):
            do {
                try runtime.load(file: file)
                try runtime.mount(props: props)
            } catch {
                // Shown until a save mends it (runtime.shownError); the host hears it.
                runtime.onError(error.description)
                // A file that did not load still gets the props, for the reload that
                // mends it.
                if !runtime.isRunning { try? runtime.mount(props: props) }
            }
            watchLoadedFiles(of: runtime, app: file)
        case .element(let root):
            runtime.mount(root)
        }
    }

    private func reload(_ runtime: Runtime) {
        guard case .script(let file, _) = configuration.app else { return }
        do {
            try runtime.reload()
        } catch {
            runtime.onError(error.description)
        }
        watchLoadedFiles(of: runtime, app: file)
    }

    private func watchLoadedFiles(of runtime: Runtime, app file: String) {
        guard watching else { return }
        watcher.watch(runtime.loadedFiles.isEmpty ? [file] : runtime.loadedFiles)
    }

    /// Whether `input` is something the user did (a key, a paste, a click or the wheel,
    /// not the pointer moving), which closes a note.
    private static func closesNote(_ input: InputEvent) -> Bool {
        guard case .mouse(let mouse) = input else { return true }
        return mouse.kind == .press || mouse.kind == .wheel
    }

    private static func earliest(_ a: ContinuousClock.Instant?, _ b: ContinuousClock.Instant?) -> ContinuousClock
        .Instant?
    {
        switch (a, b) {
        case (let a?, let b?): min(a, b)
        case (let a?, nil): a
        case (nil, let b): b
        }
    }
}
