import Testing

@testable import TheoluaTerminal

@Suite("TerminalSession")
struct TerminalSessionTests {
    @Test func entersInteractiveModeAndRestoresOnClose() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        #expect(terminal.activeModes == .fullScreen)
        session.close()
        session.close()
        #expect(!terminal.isInteractive)
        #expect(terminal.leaveCount == 1)
    }

    @Test func restoresWhenDroppedWithoutClosing() throws {
        let terminal = MemoryTerminal()
        do {
            _ = try TerminalSession(device: terminal)
        }
        #expect(!terminal.isInteractive)
    }

    @Test func decodesKeysAndPastes() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        terminal.queueInput("j\u{1B}[A\u{1B}[200~hi\u{1B}[201~")
        #expect(try session.nextEvents() == [.input(key("j")), .input(key("up")), .input(.paste("hi"))])
    }

    @Test func turnsOnTheKeyboardProtocolOnlyWhenTheTerminalAnswersTheQuery() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        #expect(visible(terminal.takeOutput()).hasSuffix("␛[?u"))
        terminal.queueInput("j")
        _ = try session.nextEvents()
        #expect(terminal.takeOutput().isEmpty && !session.keyboardProtocolActive)
        terminal.queueInput("\u{1B}[?0u\u{1B}[105;5u")
        #expect(try session.nextEvents() == [.input(key("ctrl+i"))])
        #expect(visible(terminal.takeOutput()) == "␛[>1u")
        #expect(session.keyboardProtocolActive)
        terminal.queueInput("\u{1B}[?1u")  // a second answer pushes nothing more
        _ = try session.nextEvents()
        #expect(terminal.takeOutput().isEmpty)
        session.close()
        #expect(visible(terminal.takeOutput()).hasPrefix("␛[0m␛[<u"))
    }

    @Test func asksForNeitherMouseNorKeyboardProtocolWhenTheModesSayNot() throws {
        let terminal = MemoryTerminal()
        var modes = InteractiveModes.fullScreen
        modes.mouse = false
        modes.keyboardProtocol = false
        let session = try TerminalSession(device: terminal, modes: modes)
        #expect(visible(terminal.takeOutput()) == "␛[?1049h␛[?25l␛[?2004h")
        terminal.queueInput("\u{1B}[?0u")
        _ = try session.nextEvents()
        #expect(terminal.takeOutput().isEmpty)
        session.close()
        #expect(visible(terminal.takeOutput()) == "␛[0m␛[?2004l␛[?25h␛[?1049l")
    }

    @Test func reportsALoneEscAfterTheTimeoutWithoutTheCallersDeadline() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        terminal.queueInput([0x1B])
        #expect(try session.nextEvents(until: .now + .seconds(3600)) == [.input(key("esc"))])
    }

    @Test func joinsASequenceSplitAcrossReads() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        terminal.queueInput([0x1B, 0x5B])
        terminal.queueInput([0x42])
        var events: [TerminalEvent] = []
        while events.isEmpty { events = try session.nextEvents() }
        #expect(events == [.input(key("down"))])
    }

    @Test func reportsResizeWithTheNewSize() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        terminal.resize(to: TerminalSize(columns: 100, rows: 30))
        #expect(try session.nextEvents() == [.resize(TerminalSize(columns: 100, rows: 30))])
        #expect(session.size() == TerminalSize(columns: 100, rows: 30))
    }

    @Test func reportsTerminationSignals() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        terminal.queueSignal(.terminate)
        terminal.queueSignal(.hangup)
        #expect(try session.nextEvents() == [.terminate(.terminate), .terminate(.hangup)])
    }

    @Test func reentersInteractiveModeOnResume() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal, modes: .inline)
        terminal.queueSignal(.resume)
        #expect(try session.nextEvents() == [.resume])
        #expect(terminal.enterCount == 2 && terminal.activeModes == .inline)
    }

    @Test func aTerminationIsReportedAloneWithoutReenteringForAResumeThatCameWithIt() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal, modes: .inline)
        terminal.queueSignal(.resume)
        terminal.queueSignal(.terminate)
        terminal.queueInput("a")
        #expect(try session.nextEvents() == [.terminate(.terminate)])
        #expect(terminal.enterCount == 1)
    }

    @Test func flushesPendingBytesAndReportsWhenInputCloses() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        terminal.queueInput("a\u{1B}")
        terminal.inputClosed = true
        var events = try session.nextEvents()
        if events == [.input(key("a"))] { events += try session.nextEvents() }
        #expect(events == [.input(key("a")), .input(key("esc")), .inputClosed])
    }

    @Test func returnsNothingWhenTheDeadlinePasses() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        #expect(try session.nextEvents(until: .now + .milliseconds(5)).isEmpty)
        #expect(try session.nextEvents().isEmpty)
    }

    @Test func writesEachFrameInOneWrite() throws {
        let terminal = MemoryTerminal()
        let session = try TerminalSession(device: terminal)
        _ = terminal.takeOutput()
        try session.write(Array("\u{1B}[1;1Hhello".utf8))
        #expect(terminal.writes.map(visible) == ["␛[1;1Hhello"])
    }

    @Test func waitsOnARealPipeForTheEscTimeout() throws {
        let pipe = TestPipe()
        let terminal = TTYTerminal(input: pipe.readEnd, output: pipe.writeEnd)
        let session = TerminalSessionProbe(terminal: terminal)
        pipe.send("\u{1B}")
        let start = ContinuousClock.now
        #expect(try session.nextEvents(until: .now + .seconds(5)) == [.input(key("esc"))])
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        #expect(ContinuousClock.now - start < .seconds(4))
        #expect(try session.nextEvents(until: .now + .milliseconds(10)).isEmpty)
    }
}

/// Drives a session loop over a device that is not a tty (a pipe), without entering
/// interactive mode (which needs a tty).
struct TerminalSessionProbe {
    let terminal: TTYTerminal
    var decoder = InputDecoder(escapeTimeout: .milliseconds(20))

    func nextEvents(until deadline: ContinuousClock.Instant) throws -> [TerminalEvent] {
        let session = try TerminalSession(device: NonInteractive(terminal), modes: .inline, decoder: decoder)
        return try session.nextEvents(until: deadline)
    }
}

/// Forwards to a device but makes entering interactive mode a no-op.
final class NonInteractive: TerminalDevice {
    let base: any TerminalDevice
    init(_ base: any TerminalDevice) { self.base = base }
    var isInteractive: Bool { false }
    func enterInteractiveMode(_ modes: InteractiveModes) throws(TerminalError) {}
    func leaveInteractiveMode() {}
    func size() throws(TerminalError) -> TerminalSize { try base.size() }
    func write(_ bytes: [UInt8]) throws(TerminalError) { try base.write(bytes) }
    func readAvailable() throws(TerminalError) -> [UInt8] { try base.readAvailable() }
    func wait(until deadline: ContinuousClock.Instant?) throws(TerminalError) -> Wakeup {
        try base.wait(until: deadline)
    }
}
