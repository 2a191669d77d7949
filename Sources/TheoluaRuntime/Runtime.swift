import TheoluaCanvas
import TheoluaCore
import TheoluaLua
import TheoluaTerminal

/// A theolua app: a Lua script (or Swift elements) mounted into a text canvas, driven by
/// keys, time and reloads. The public API that hosts and the `theolua` command use.
///
/// ```swift
/// let runtime = try Runtime(width: 40, height: 5)
/// try runtime.load(source: "return require('theolua').text 'hi'")
/// try runtime.mount()
/// print(runtime.text)
/// ```
///
/// A runtime is confined to the thread it was created on.
public final class Runtime {
    /// The scheduler; a ``ManualRunLoop`` unless one was given.
    public let runLoop: any RunLoop
    /// The reconciler the app runs on.
    public let reconciler: Reconciler
    /// The Lua bridge scripts run in.
    public let bridge: LuaBridge
    /// What scripts may do beyond the sandbox (processes, files, watches), installed in
    /// the bridge.
    public let capabilities: SystemCapabilities
    let host: CanvasHost

    /// Receives `ui.emit(name, payload)` from scripts.
    public var onEmit: (String, Value) -> Void = { _, _ in }
    /// Receives what scripts copy with `ui.clipboard.write(text)`, after ``clipboard``
    /// holds it: `TerminalApp` sends it to the terminal's clipboard (OSC 52).
    public var onClipboard: (String) -> Void = { _ in }
    /// What scripts last copied with `ui.clipboard.write(text)` (or the user from an
    /// input's selection), if anything: what a headless run shows (`render` prints it;
    /// tests read `app:clipboard()`), and what `ctrl+v` in an input pastes.
    public private(set) var clipboard: String?

    /// Receives what scripts print with `ui.print(...)`, one call's text (lines joined
    /// by newlines): `TerminalApp` writes it above an inline app, or into the log of a
    /// full-screen one. Unset, the text is kept for ``takePrinted()``.
    public var onPrint: ((String) -> Void)?
    /// What `ui.print` wrote that no `onPrint` took, in order.
    private var printed: [String] = []

    /// Returns and forgets what scripts printed with `ui.print` (when no ``onPrint``
    /// took it): what `render` shows before the screen, and tests read.
    public func takePrinted() -> [String] {
        defer { printed.removeAll() }
        return printed
    }

    private func copyToClipboard(_ text: String) {
        clipboard = text
        onClipboard(text)
    }
    /// Receives what scripts `print` and `warn`, one line at a time.
    public var onLog: (String) -> Void = { _ in }
    /// Receives each error as it happens, formatted as `file:line: Component: message`.
    public var onError: (String) -> Void = { _ in }
    /// The host's turn at actions no component or controller handles, above the root of
    /// the responder chain: return the action's result, or `nil` to leave it unhandled
    /// (a warning). `quit` never reaches it: the runtime handles it by quitting.
    public var onAction: (_ action: String, _ arguments: [Value]) -> Value? = { _, _ in nil }

    /// The way into the running app from any thread or task: new props and work,
    /// applied at the next turn, and the events scripts emit as an `AsyncStream`
    /// (``RuntimeFeed``). Made when first asked for.
    public var feed: RuntimeFeed {
        if let feedSource { return feedSource.feed }
        let source = FeedSource(feed: RuntimeFeed(), runtime: self)
        feedSource = source
        capabilities.io.add(source)
        return source.feed
    }
    private var feedSource: FeedSource?

    deinit {
        // Whoever reads the events hears the end.
        feedSource?.feed.finish()
    }

    /// Errors since the last ``takeErrors()``, formatted like ``onError``'s.
    public private(set) var errors: [String] = []
    /// The error the app shows until it is mended (``TerminalApp`` draws it over the
    /// screen): the last one reported, or the last failed load, mount or reload. A mount
    /// or a reload that succeeds clears it unless its render reports another (so a host's
    /// data push that renders fine takes away the error a bad one caused); a host may
    /// clear it with ``dismissError()``.
    public private(set) var shownError: String?
    /// Whether the app is mounted and rendered: false until a mount or a reload succeeds
    /// (a file that does not load at start leaves it false until it is mended).
    public private(set) var isRunning = false
    /// Warnings (unhandled actions and the like) since the last ``takeWarnings()``.
    public private(set) var warnings: [String] = []
    /// Whether a script called `ui.quit()` (or ctrl+c was pressed).
    public private(set) var quitRequested = false

    private var appFile: String?
    /// The gate the app file is opened through, if the host gave one.
    private var appGate: FileGate?
    private var appSource: (text: String, name: String)?
    private var root: AppRoot?
    private var rootProps = Record()
    /// The toasts `ui.notify` shows (Notifications.swift).
    var toasts = Toasts()
    /// How many errors were reported so far.
    private var errorsReported = 0
    private var swiftRoot: Element?
    /// How many turns are taking their steps now (see ``turn(through:readingLayout:input:output:)``).
    var turnDepth = 0
    /// The areas of the frame an output is given that changed since the frame the last
    /// output was given, when that is known: nil for a frame with a selection, help or
    /// toasts drawn over the canvas's picture.
    package internal(set) var changedAreas: [Rect]?

    /// A runtime with a `width`×`height` canvas, running on `runLoop` (a manual clock for
    /// headless use when `nil`).
    public init(options: Options = Options(), width: Int = 80, height: Int = 24, runLoop: (any RunLoop)? = nil) throws {
        let loop = runLoop ?? ManualRunLoop()
        self.runLoop = loop
        host = CanvasHost(width: max(width, 1), height: max(height, 1))
        reconciler = Reconciler(host: host, runLoop: loop)
        // Lists render as many items as the screen can show, tables as many columns.
        reconciler.provide(Viewport.context, value: .int(max(height, 1)))
        reconciler.provide(Viewport.widthContext, value: .int(max(width, 1)))
        reconciler.limits = HostLimits(scaledTo: options.limits.memoryBytes)
        bridge = try LuaBridge(options: options.bridge, runLoop: loop)
        capabilities = SystemCapabilities(permissions: options.permissions, workingFolder: options.workingFolder)
        try capabilities.install(in: bridge)
        // ui.filePicker lists folders through the read grant, as ui.listDir does.
        reconciler.provide(BuiltIn.filesContext, value: ["list": .handler(Self.folderLister(capabilities))])
        bridge.reconciler = reconciler
        host.connect(to: reconciler)
        reconciler.onError = { [unowned self] error in report(describe(error)) }
        reconciler.onWarning = { [unowned self] warning in warnings.append(warning.message) }
        bridge.onError = { [unowned self] error in report(error.description) }
        bridge.onEmit = { [unowned self] name, payload in
            onEmit(name, payload)
            feedSource?.feed.emitted(name, payload)
        }
        bridge.onLog = { [unowned self] line in onLog(line) }
        bridge.onQuit = { [unowned self] in quitRequested = true }
        bridge.onClipboard = { [unowned self] text in copyToClipboard(text) }
        bridge.onPrint = { [unowned self] text in
            if let onPrint { onPrint(text) } else { printed.append(text) }
        }
        bridge.onNotify = { [unowned self] message, kind, timeout in
            notify(
                message, kind: Notification.Kind(rawValue: kind) ?? .info,
                timeout: timeout > 0 ? .milliseconds(max(1, Int((timeout * 1000).rounded()))) : nil)
        }
        host.onCopy = { [unowned self] text in copyToClipboard(text) }
        host.copied = { [unowned self] in clipboard }
        host.now = { [unowned loop] in loop.now }
        bridge.onFocus = { [unowned self] component, id in host.requestFocus(in: component, id: id) }
        bridge.onScrollTo = { [unowned self] component, id in host.requestScroll(in: component, id: id) }
        host.onWarning = { [unowned self] message in warnings.append(message) }
        host.onError = { [unowned self] message in report(message) }
        try registerBuiltInWidgets()
        reconciler.lastResponder = { [unowned self] action, arguments in
            if action == "quit" {
                quitRequested = true
                return .bool(true)
            }
            return onAction(action, arguments)
        }
    }

    // MARK: Loading and mounting

    /// Loads the app at `path`, opened through `gate` when given (a host that takes the
    /// path from a script, as the test runner's `t.mount` does, bounds where it may
    /// lead). Errors in the script (syntax, runtime, validation) are thrown; the
    /// previous app, if any, stays mounted.
    public func load(file path: String, through gate: FileGate? = nil) throws(ScriptError) {
        appFile = path
        appGate = gate
        appSource = nil
        root = try showing { () throws(ScriptError) in try bridge.loadApp(file: path, through: gate) }
    }

    /// Loads an app from source text, named `name` in messages.
    public func load(source: String, name: String = "app.lua") throws(ScriptError) {
        appSource = (source, name)
        appFile = nil
        root = try showing { () throws(ScriptError) in try bridge.loadApp(source: source, name: name) }
    }

    /// The files the loaded app consists of: the app and every module it required.
    public var loadedFiles: [String] { bridge.loadedFiles }

    /// Mounts the loaded app with `props` (validated by its component's schema when it
    /// returned a component) and renders it, running the turns that follow. Mounting
    /// again with new props keeps the state of every component, as a parent's render
    /// does. The props are kept even when no app is loaded or they do not fit: a
    /// ``reload()`` after the file is mended mounts with them.
    public func mount(props: Record = Record()) throws(ScriptError) {
        rootProps = props
        guard let root else { throw ScriptError(.runtime, message: "no app loaded") }
        let element = try showing { () throws(ScriptError) in try bridge.rootElement(root, props: props) }
        swiftRoot = nil
        rendering {
            turn(through: .layout) {
                reconciler.update(root: element)
                return true
            }
        }
    }

    /// Mounts the loaded app with props from any `Encodable` value.
    public func mount<Props: Encodable>(props: Props) throws {
        guard case .record(let record) = try ValueEncoder().encode(props) else {
            throw ScriptError(.validation, message: "props must encode as a record of fields")
        }
        try mount(props: record)
    }

    /// Mounts `element` (a UI built in Swift) as the root.
    public func mount(_ element: Element) {
        swiftRoot = element
        root = nil
        bridge.forgetRootOrigin()
        rendering {
            turn(through: .layout) {
                reconciler.update(root: element)
                return true
            }
        }
    }

    /// Reloads the app's file (or source) and re-renders, keeping the state and
    /// controllers of every component whose name and place are unchanged. On an error
    /// the previous generation stays on screen and the error is thrown.
    public func reload() throws(ScriptError) {
        if let appFile {
            root = try showing { () throws(ScriptError) in try bridge.loadApp(file: appFile, through: appGate) }
        } else if let appSource {
            root = try showing { () throws(ScriptError) in
                try bridge.loadApp(source: appSource.text, name: appSource.name)
            }
        } else {
            return
        }
        guard let root else { return }
        let element = try showing { () throws(ScriptError) in try bridge.rootElement(root, props: rootProps) }
        rendering {
            turn(through: .layout) {
                reconciler.reload(root: element)
                return true
            }
        }
    }

    /// Clears the error the app shows (``shownError``): the next frame is drawn without it.
    public func dismissError() { shownError = nil }

    /// Runs a load or a mount's conversion; what it throws is the error shown.
    private func showing<Result>(_ body: () throws(ScriptError) -> Result) throws(ScriptError) -> Result {
        do {
            return try body()
        } catch {
            shownError = error.description
            throw error
        }
    }

    /// Runs a render of the whole app: it is running after, and unless the render
    /// reported an error, none is shown.
    private func rendering(_ body: () -> Void) {
        let reported = errorsReported
        body()
        isRunning = true
        if errorsReported == reported { shownError = nil }
    }

    /// Offers a Swift function to scripts as `ui.host.<name>(...)`, or in a table of
    /// `ui` the host names (`in: "deploy"` makes it `ui.deploy.<name>`): arguments and
    /// result are plain values; a thrown error is a script error at the calling line.
    /// The function is called where this runtime runs, so it may use the host's state
    /// without being `@Sendable`. Check permissions with ``readablePath(_:)`` or
    /// ``runnableCommand(_:)`` before touching files or starting processes, so that a
    /// denied call names the flag that would allow it, as theolua's own functions do.
    /// Register before loading the app.
    public func registerFunction(
        _ name: String, in namespace: String = "host", _ body: @escaping ([Value]) throws -> Value
    ) throws(ScriptError) {
        try bridge.registerFunction(named: name, in: namespace, body)
    }

    /// Offers an asynchronous Swift function to scripts as `ui.host.<name>(..., callback)`
    /// (or in the table `namespace` names): `body` gets the arguments and a `reply` to
    /// call once, later, from any thread or task (a `Task` that did the work, say); the
    /// script's callback then runs on this runtime's thread, at its next turn, with
    /// `(value)` or `(nil, message)`. A reply to a component that unmounted meanwhile is
    /// dropped. The reply arrives through ``feed``, as its updates do: a headless host
    /// serves it with ``serviceIO(waitingUntil:)``.
    public func registerAsyncFunction(
        _ name: String, in namespace: String = "host",
        _ body: @escaping ([Value], @escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
    ) throws(ScriptError) {
        let feed = self.feed
        try bridge.registerAsyncFunction(named: name, in: namespace) { arguments, reply in
            let reply = RuntimeBound(reply)
            body(arguments) { result in feed.perform { _ in reply.value(result) } }
        }
    }

    /// Offers a Swift function as `ui.<name>` itself, for theolua's own test runner.
    package func registerModuleFunction(_ name: String, _ body: @escaping ([Value]) throws -> Value) throws(ScriptError)
    {
        try bridge.registerFunction(named: name, in: nil, body)
    }

    /// Runs the script at `path` for its effects instead of as an app (a test file,
    /// say): the same sandbox, `require` relative to its folder; what it returns is
    /// ignored, and nothing is mounted.
    public func runScript(file path: String) throws(ScriptError) {
        try bridge.runScript(file: path)
        turn(through: .layout)
    }

    /// Runs `source` for its effects in the current load, then renders what it updated.
    public func runScript(source: String, name: String = "script") throws(ScriptError) {
        try bridge.runScript(source: source, name: name)
        turn(through: .layout)
    }

    /// Makes `require(name)` return what the Lua chunk `source` returns, in every
    /// load. Register before loading.
    public func registerModule(_ name: String, source: String) throws(ScriptError) {
        try bridge.registerModule(name, source: source)
    }

    /// The grants scripts run with.
    public var permissions: Permissions { capabilities.permissions }

    /// `path` resolved against the app's folder (`..` and links too), if the read
    /// permission allows it.
    public func readablePath(_ path: String) throws(PermissionDenied) -> String {
        try capabilities.readablePath(path)
    }

    /// A descriptor open for reading on the regular file at `path` (relative to the
    /// app's folder), opened through the read permission as `ui.readFile` opens it: what
    /// was checked is what is opened. The caller closes it.
    public func openReadable(_ path: String) throws(FileGate.Failure) -> Int32 {
        try capabilities.openReadable(path)
    }

    /// The executable `command` names, if the run permission allows it.
    public func runnableCommand(_ command: String) throws(PermissionDenied) -> String {
        try capabilities.runnableCommand(command)
    }

    /// Offers the Swift component `C` to scripts as `ui.<name>` (its type name by
    /// default). Props are validated by `schema`, written in the Lua schema language
    /// (`"{ value = 'number', label = { 'string', default = '' } }"`), then decoded into
    /// `C`; array items arrive as a `children` prop. Register before loading the app.
    public func register<C: Component & Decodable>(_ type: C.Type, as name: String? = nil, schema: String? = nil)
        throws(ScriptError)
    {
        try bridge.registerNativeComponent(named: name ?? C.name, schema: schema) { props, key in
            try ValueDecoder().decode(C.self, from: .record(props)).element(key: key)
        }
    }

    /// Unmounts the app: every controller's `willUnmount` runs.
    public func unmount() {
        turn(through: .layout) {
            reconciler.update(root: nil)
            return true
        }
        endSystemWork()
    }

    // MARK: Processes, files and watches

    /// The descriptors a host waits on, along with its own input, for the processes,
    /// watches and tails scripts started; call ``serviceIO()`` when one is readable or
    /// ``ioDeadline`` passes.
    public var ioDescriptors: [Int32] { capabilities.io.descriptors }

    /// When ``serviceIO()`` is due even if no descriptor wakes the host.
    public var ioDeadline: ContinuousClock.Instant? { capabilities.io.nextDeadline }

    /// Reads what processes wrote and what watches saw, calling the scripts' callbacks,
    /// and renders what they updated. Without a deadline it does not wait; with one it
    /// waits until something is ready or the deadline passes. Returns whether anything
    /// was serviced.
    @discardableResult
    public func serviceIO(waitingUntil deadline: ContinuousClock.Instant? = nil) -> Bool {
        var serviced = false
        turn(through: .layout) {
            serviced = deadline.map { capabilities.io.wait(until: $0) } ?? capabilities.io.service()
            return serviced
        }
        return serviced
    }

    /// Ends every process scripts started (SIGTERM, then SIGKILL after `grace`) and
    /// stops their watches, and the timers no component owns: the app is ending.
    /// ``unmount()`` does this; a host that drops the runtime without unmounting calls
    /// it first.
    public func endSystemWork(grace: Duration = .milliseconds(500)) {
        capabilities.endSystemWork(grace: grace)
    }

    /// How many processes scripts started are running or still delivering output.
    public var runningProcessCount: Int { capabilities.runningProcessCount }

    /// Waits in real time, at most `timeout`, until every process scripts started has
    /// exited and its output has been delivered, servicing them (and watches) as they
    /// write, every request (`ui.fetch`) has been answered, and every task (`ui.task`)
    /// has finished, running them meanwhile. Returns
    /// whether they all finished. For headless rendering: what a process prints and
    /// what a task ends with are then on the screen before the virtual clock moves.
    @discardableResult
    public func waitForProcesses(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while (capabilities.runningProcessCount > 0 || capabilities.waitingRequestCount > 0 || hasTasks)
            && !quitRequested
        {
            guard ContinuousClock.now < deadline else { return false }
            if hasTasks {
                runTasks(for: min(Self.taskTurn, ContinuousClock.now.duration(to: deadline)))
                serviceIO()
            } else {
                serviceIO(waitingUntil: deadline)
            }
        }
        return true
    }

    /// The next program a script asked to give the terminal to (`ui.exec`), taken from
    /// the queue; nil when none waits. A host with a terminal lends it
    /// (`TerminalSession.lend`), runs the program there (``ForegroundProgram``) and
    /// reports how it ended with ``finish(_:_:)``; ``TerminalApp`` does this between
    /// turns.
    public func takeProgram() -> ProgramRequest? { capabilities.takeProgram() }

    /// The programs waiting for the terminal, oldest first (`app:programs()` in tests).
    public var pendingPrograms: [ProgramRequest] { capabilities.pendingPrograms }

    /// Reports how `program` ended, in a turn: the script's `onExit(code, signal)` runs
    /// and what it updates renders before this returns.
    public func finish(_ program: ProgramRequest, _ termination: Subprocess.Termination) {
        turn(through: .layout) {
            program.finish(termination)
            return true
        }
    }

    /// Whether a task a script started (`ui.task`) is still to run.
    public var hasTasks: Bool { bridge.hasActiveTasks }

    /// How long the tasks run in one turn of `run`, sharing it: a frame follows.
    static let taskTurn = Duration.milliseconds(12)

    /// Runs the scripts' tasks for about `duration`, sharing it, in a turn: what they
    /// end with (`onDone`, `onError`) renders before this returns.
    public func runTasks(for duration: Duration) {
        turn(through: .layout) {
            guard hasTasks else { return false }
            bridge.runTasks(until: .now + duration)
            return true
        }
    }

    // MARK: Driving

    /// Asks the app to quit, as `ui.quit()` does: ``TerminalApp`` returns after the
    /// current frame. Swift components can also send the action `quit`, which the
    /// runtime handles at the top of the responder chain.
    public func quit() {
        quitRequested = true
    }

    /// Sends one key: ctrl+c quits; otherwise the focused element, then `onKey`
    /// handlers, then focus movement. Pending updates render before this returns.
    public func send(_ key: KeyEvent) {
        if key.ctrl && key.name == "c" {
            quitRequested = true
            return
        }
        // esc takes away the newest toast first (unless it closes the help overlay).
        if key.fullName == "esc", !host.helpShown, dismissNotification() { return }
        // A textarea moves by rows on screen, and a list pages by the rows shown.
        turn(through: .layout, readingLayout: true) {
            host.handleKey(key)
            return true
        }
    }

    /// Sends each item of a space-separated list of key names and mouse items
    /// (`"down down enter"`, `"text:abc"`, `"click:4,2"`, `"wheel:down@10,5"`; see
    /// ``InputEvent/parse(script:)``), letting pending updates render after each.
    public func send(keys: String) throws(KeyNameError) {
        for event in try InputEvent.parse(script: keys) where !quitRequested { send(event) }
    }

    /// Sends one input event: a key, a paste or a mouse event.
    public func send(_ event: InputEvent) {
        switch event {
        case .key(let key): send(key)
        case .paste(let text): paste(text)
        case .mouse(let mouse): send(mouse)
        }
    }

    /// Sends one mouse event, at a cell of the screen (from 0 at the top-left): the
    /// `onMouse` handlers under it, then focus, clicks (`onClick`, buttons, list
    /// items) and wheel scrolling. Pending updates render before this returns.
    public func send(_ mouse: MouseEvent) {
        // A press on a toast takes it away, and reaches nothing under it.
        if mouse.kind == .press, let id = notification(atX: mouse.x, y: mouse.y) {
            dismissNotification(id)
            return
        }
        // The pointer finds what is drawn where the last layout put it.
        turn(through: .layout, readingLayout: true) {
            host.handleMouse(mouse)
            return true
        }
    }

    /// The text chosen on screen with the mouse, while it is drawn (until the next
    /// press, key or resize); nil when nothing is.
    public var selectedText: String? {
        guard let selection = host.selection, !selection.isEmpty else { return nil }
        _ = screen  // painted as of now; the host's buffer is the frame without the highlight
        return host.buffer.text(of: selection)
    }

    /// Ends the selection on screen; the next frame is drawn without it.
    public func clearSelection() { host.clearSelection() }

    /// Clicks `button` at the cell (`x`, `y`): a press and a release there.
    public func click(x: Int, y: Int, button: MouseEvent.Button = .left) {
        send(MouseEvent(.press, button, x: x, y: y))
        send(MouseEvent(.release, button, x: x, y: y))
    }

    /// Sends pasted text to the focused element: an input or textarea inserts it, else
    /// the nearest `onPaste` handler takes it. A paste larger than the text the app can
    /// still hold (``Reconciler/limits``) is refused, as an editor refuses one: nothing
    /// receives it, no state changes, and a warning says why.
    @discardableResult
    public func paste(_ text: String) -> PasteOutcome {
        var outcome = PasteOutcome.unused
        // A textarea inserts at its cursor, placed by rows on screen.
        turn(through: .layout, readingLayout: true) {
            outcome = host.handlePaste(text)
            return true
        }
        return outcome
    }

    /// Whether the app is as tall as its content (at most the canvas) instead of filling
    /// it: an inline app's (`theolua run --inline`). The screen keeps the canvas's size;
    /// ``usedHeight`` says how many of its rows the app uses.
    public var fitsContentHeight: Bool {
        get { host.canvas.fitsContentHeight }
        set {
            turn(through: .layout) {
                host.canvas.fitsContentHeight = newValue
                return true
            }
        }
    }

    /// The rows of the screen the app used at the last layout, from the top: all of them
    /// unless ``fitsContentHeight``.
    public var usedHeight: Int { host.canvas.usedHeight }

    /// Resizes the canvas and lays out at the new size; the components that read the
    /// screen's height (``Viewport/context``: lists) or width (``Viewport/widthContext``:
    /// tables) render again, and only those.
    public func resize(width: Int, height: Int) {
        turn(through: .layout) {
            host.resize(width: max(width, 1), height: max(height, 1))
            reconciler.provide(Viewport.context, value: .int(max(height, 1)))
            reconciler.provide(Viewport.widthContext, value: .int(max(width, 1)))
            return true
        }
    }

    /// Advances a manual clock by `seconds`, firing due timers in order and rendering
    /// after each. Stops at once when the app quits: no timer runs after `ui.quit()`.
    /// More than ``ManualRunLoop/firingLimit`` timers in one advance is an error (a
    /// timer firing every millisecond over a long advance). Does nothing on a real run loop.
    public func advance(by seconds: Double) {
        guard let manual = runLoop as? ManualRunLoop, seconds.isFinite, seconds > 0, !quitRequested else { return }
        turn(through: .layout) {
            let finished = manual.advance(by: .nanoseconds(Int64(min(seconds, 1e9) * 1e9))) { [unowned self] in
                quitRequested
            }
            if !finished && !quitRequested {
                let at = Double(manual.now.components.seconds) + Double(manual.now.components.attoseconds) / 1e18
                report(bridge.timersFiredTooOftenError(count: manual.firingLimit, seconds: at).description)
            }
            return true
        }
    }

    /// Applies pending state updates now; on a manual clock, also runs the work queued
    /// for the next turns (a host function's reply, say) until none is left.
    public func flush() {
        turn(through: .layout)
    }

    /// The longest one settle (the turns after a key, a mount or a timer) may take on a
    /// manual clock: each turn is bounded by the scripts' limits, and this bounds their
    /// sum, however many turns a component's updates cause.
    public var settleTimeLimit = Duration.seconds(10)

    /// Where the time of each pipeline stage goes, when a benchmark asks (nil: nothing
    /// is measured). Shared by the reconciler, the host and the Lua bridge.
    package var stageClock: StageClock? {
        get { reconciler.stageClock }
        set {
            reconciler.stageClock = newValue
            bridge.stageClock = newValue
        }
    }

    // MARK: Reading the screen

    /// The mounted components, as a tree of snapshots of their props, state and render
    /// counts.
    public var componentTree: [ComponentSnapshot] { reconciler.componentTree() }

    /// The component tree as indented text, one component a line (what `render --tree`
    /// prints).
    public var treeText: String { componentTree.flatMap(\.treeLines).joined(separator: "\n") }

    /// The current frame, laid out and painted: a turn with nothing coming in, which
    /// applies what is pending (updates, focus, edits no parent answered) first.
    public var screen: CellBuffer { turn(through: .paint) }

    /// The screen as plain text: exactly one line per row, trailing spaces removed.
    public var lines: [String] { screen.lines }

    /// The screen as plain text, lines joined with newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// The screen with colors and styles as ANSI escape codes.
    public var ansiText: String { screen.ansiText }

    /// The screen with escape codes, its colors mapped to `depth` (as a terminal of
    /// that many colors would get them).
    public func ansiText(colors depth: ColorDepth) -> String { screen.ansiText(colors: depth) }

    /// Returns and clears the errors collected so far.
    public func takeErrors() -> [String] {
        defer { errors.removeAll() }
        return errors
    }

    /// Returns and clears the warnings collected so far.
    public func takeWarnings() -> [String] {
        defer { warnings.removeAll() }
        return warnings
    }

    func report(_ message: String) {
        errors.append(message)
        errorsReported += 1
        shownError = message
        onError(message)
    }

    /// `file:line: Component: message`, for script errors and for those the core finds
    /// once a render has returned (a limit of the host, a key found twice, a list item
    /// that is not an element): see ``LuaBridge/scriptError(for:)``.
    func describe(_ error: ComponentError) -> String {
        bridge.scriptError(for: error).description
    }
}

extension ScriptError {
    /// This error naming `component` if it named none.
    public func inComponentNamed(_ component: String) -> ScriptError {
        var copy = self
        if copy.component == nil { copy.component = component }
        return copy
    }
}

extension Runtime {
    /// The handler `ui.filePicker` lists a folder with: the entries `ui.listDir` gives.
    fileprivate static func folderLister(_ capabilities: SystemCapabilities) -> Handler {
        .confined { [unowned capabilities] arguments -> Value in
            let path = arguments.first?.stringValue ?? "."
            let entries: [Files.Entry]
            do throws(FileGate.Failure) {
                entries = try capabilities.listFolder(path)
            } catch {
                throw FolderListingError(message: error.message("ui.filePicker", path: path))
            }
            return .array(
                ValueArray(
                    entries.map { entry in
                        [
                            "name": .string(entry.name), "kind": .string(entry.kind.rawValue),
                            "size": .int(Int(entry.size)), "modified": .double(entry.modified),
                        ]
                    }))
        }
    }
}

/// Why `ui.filePicker` could not list a folder.
private struct FolderListingError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A value of the runtime's that rides along with work sent through its feed and back:
/// it is used only by that work, which runs where the runtime runs.
private final class RuntimeBound<Wrapped>: @unchecked Sendable {
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
}
