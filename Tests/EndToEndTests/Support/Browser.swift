#if Serve && os(Linux)
import Foundation
import Glibc

/// A real browser for the tests of `theolua serve --web`: headless Chromium, driven
/// through the DevTools protocol over the pipes `--remote-debugging-pipe` opens (file
/// descriptors 3 and 4, one JSON message per NUL-ended line). Keys are typed as key
/// events, which the page's terminal takes as a user's typing.
final class Browser {
    /// The browser's path: Debian's `chromium`, or nil where there is none.
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { access($0, X_OK) == 0 }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: String
    private let profileParent: String
    private var received: [UInt8] = []
    private var nextID = 0
    /// The page's session, once `open` has made one.
    private var page: String?

    /// Starts the browser with a window of `width`×`height` pixels.
    init(width: Int = 800, height: Int = 600) throws {
        guard let path = Self.path else { throw Failure(description: "no chromium: scripts/setup installs it") }
        profileParent = Files.temporaryFolder()
        profile = profileParent + "/profile"
        var commands: [Int32] = [0, 0]
        var replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure(description: "pipe failed") }
        // Above 4, so that moving them to 3 and 4 in the child cannot overwrite one.
        let childIn = fcntl(commands[0], F_DUPFD, 10), childOut = fcntl(replies[1], F_DUPFD, 10)
        for descriptor in [commands[0], replies[1]] { close(descriptor) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, childIn, 3)
        posix_spawn_file_actions_adddup2(&actions, childOut, 4)
        for descriptor in [childIn, childOut, commands[1], replies[0]] {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let arguments = [
            path, "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--user-data-dir=" + profile,
            "--window-size=\(width),\(height)", "--no-first-run", "--disable-extensions", "--disable-gpu",
            "--disable-background-networking", "--disable-dev-shm-usage", "about:blank",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(childIn)
        close(childOut)
        toBrowser = commands[1]
        fromBrowser = replies[0]
        self.pid = pid
        guard spawned == 0 else { throw Failure(description: "cannot start \(path): \(spawned)") }
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(toBrowser)
        close(fromBrowser)
        Files.removeTree(profileParent)
    }

    /// Calls `method` (on the page once one is open) and returns its result.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], onPage: Bool = true, timeout: Double = 20) throws
        -> [String: Any]
    {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if onPage, let page { message["sessionId"] = page }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "the browser went (\(method))") }
            offset += written
        }
        let deadline = Deadline(seconds: Sanitizer.time(timeout))
        while true {
            if let end = received.firstIndex(of: 0) {
                let line = Data(received[..<end])
                received.removeSubrange(...end)
                guard let reply = try JSONSerialization.jsonObject(with: line) as? [String: Any],
                    reply["id"] as? Int == nextID
                else { continue }
                if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            var ready = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let left = deadline.remainingMilliseconds
            guard left > 0, poll(&ready, 1, min(left, 1_000)) >= 0 else {
                throw Failure(description: "\(method): no answer from the browser")
            }
            guard ready.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(fromBrowser, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "the browser went (\(method))") }
            received += chunk[..<count]
        }
    }

    /// Opens `address` in a new tab, which later calls go to (until `switch(to:)`).
    @discardableResult
    func open(_ address: String) throws -> String {
        let target = try call("Target.createTarget", ["url": "about:blank"], onPage: false)
        guard let id = target["targetId"] as? String else { throw Failure(description: "no tab: \(target)") }
        let attached = try call("Target.attachToTarget", ["targetId": id, "flatten": true], onPage: false)
        guard let tab = attached["sessionId"] as? String else { throw Failure(description: "no tab: \(attached)") }
        page = tab
        try call("Page.navigate", ["url": address])
        return tab
    }

    /// Makes later calls go to `tab`, which `open` returned.
    func `switch`(to tab: String) {
        page = tab
    }

    /// The value of `expression` in the page (nil for an error or undefined).
    func evaluate(_ expression: String, awaitingPromise: Bool = false) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": awaitingPromise])
        guard result["exceptionDetails"] == nil else { return nil }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// The terminal's lines, as the page shows them; empty before it has one.
    var screen: [String] {
        (try? evaluate("window.theolua ? window.theolua.screen() : []")) as? [String] ?? []
    }

    /// The terminal's size in cells.
    var size: (columns: Int, rows: Int)? {
        guard let size = (try? evaluate("window.theolua ? [theolua.terminal.cols, theolua.terminal.rows] : null")) as? [Int],
            size.count == 2
        else { return nil }
        return (size[0], size[1])
    }

    /// The page's text outside the terminal (a refusal, the status line).
    var text: String { (try? evaluate("document.body.innerText")) as? String ?? "" }

    /// Types `text` as key presses: letters and digits, `\r` as Enter, `\u{03}` as ctrl+c.
    func type(_ text: String) throws {
        for character in text {
            var down: [String: Any] = ["type": "keyDown"]
            switch character {
            case "\r":
                down.merge(["key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"]) { $1 }
            case "\u{03}":
                down.merge(["key": "c", "code": "KeyC", "windowsVirtualKeyCode": 67, "modifiers": 2]) { $1 }
            default:
                let key = String(character)
                let code = character.isNumber ? "Digit" + key : "Key" + key.uppercased()
                let virtual = Int(key.uppercased().unicodeScalars.first?.value ?? 0)
                down.merge(["key": key, "code": code, "windowsVirtualKeyCode": virtual, "text": key]) { $1 }
            }
            try call("Input.dispatchKeyEvent", down)
            var up = down
            up["type"] = "keyUp"
            up["text"] = nil
            try call("Input.dispatchKeyEvent", up)
        }
    }

    /// Clicks the terminal's cell at `column`, `row` (from 0) with the mouse.
    func click(column: Int, row: Int) throws {
        let point = try evaluate(
            """
            (function () {
              var core = theolua.terminal._core, cell = core.renderer.dimensions;
              var box = core.screenElement.getBoundingClientRect();
              return [box.left + (\(column) + 0.5) * cell.actualCellWidth, box.top + (\(row) + 0.5) * cell.actualCellHeight];
            })()
            """) as? [Double]
        guard let point, point.count == 2 else { throw Failure(description: "no terminal to click") }
        for kind in ["mousePressed", "mouseReleased"] {
            try call(
                "Input.dispatchMouseEvent",
                ["type": kind, "x": point[0], "y": point[1], "button": "left", "clickCount": 1])
        }
    }

    /// Makes the page's window `width`×`height` pixels, as a user resizing it.
    func resize(width: Int, height: Int) throws {
        try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// Waits until `condition` holds, looking every 50 ms.
    func wait(timeout: Double = 20, until condition: (Browser) -> Bool) -> Bool {
        let deadline = Deadline(seconds: Sanitizer.time(timeout))
        while !deadline.hasPassed {
            if condition(self) { return true }
            usleep(50_000)
        }
        return condition(self)
    }

    /// Waits until a line of the terminal contains `text`.
    func waitForScreen(containing text: String, timeout: Double = 20) -> Bool {
        wait(timeout: timeout) { $0.screen.contains { $0.contains(text) } }
    }
}
#endif
