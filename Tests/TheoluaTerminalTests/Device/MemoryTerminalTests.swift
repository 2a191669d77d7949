import Testing

@testable import TheoluaTerminal

@Suite("MemoryTerminal")
struct MemoryTerminalTests {
    @Test func recordsEachWriteAsOneFrame() throws {
        let terminal = MemoryTerminal()
        try terminal.write("one")
        try terminal.write([0x1B, 0x5B, 0x48])
        #expect(terminal.writes == [Array("one".utf8), [0x1B, 0x5B, 0x48]])
        #expect(visible(terminal.takeOutput()) == "one␛[H")
        #expect(terminal.output.isEmpty && terminal.writes.isEmpty)
    }

    @Test func writesModeSequencesOnEnterAndLeaveOnce() throws {
        let terminal = MemoryTerminal()
        try terminal.enterInteractiveMode(.fullScreen)
        try terminal.enterInteractiveMode(.fullScreen)
        #expect(terminal.isInteractive)
        #expect(visible(terminal.takeOutput()) == "␛[?1049h␛[?25l␛[?2004h␛[?1000h␛[?1002h␛[?1006h␛[?u")
        terminal.leaveInteractiveMode()
        terminal.leaveInteractiveMode()
        #expect(!terminal.isInteractive)
        #expect(visible(terminal.takeOutput()) == "␛[0m␛[<u␛[?1006l␛[?1002l␛[?1000l␛[?2004l␛[?25h␛[?1049l")
        #expect(terminal.enterCount == 1 && terminal.leaveCount == 1)
    }

    @Test func replaysQueuedInputOneReadAtATime() throws {
        let terminal = MemoryTerminal()
        terminal.queueInput("ab")
        terminal.queueInput([0x1B])
        #expect(try terminal.wait(until: nil) == Wakeup(inputReady: true))
        #expect(try terminal.readAvailable() == Array("ab".utf8))
        #expect(try terminal.readAvailable() == [0x1B])
        #expect(try terminal.readAvailable() == [])
        terminal.inputClosed = true
        #expect(throws: TerminalError.inputClosed) { try terminal.readAvailable() }
    }

    @Test func neverBlocksWhenNothingIsQueued() throws {
        let terminal = MemoryTerminal()
        #expect(try terminal.wait(until: nil) == Wakeup(deadlineReached: true))
        #expect(try terminal.wait(until: .now + .seconds(3600)) == Wakeup(deadlineReached: true))
    }

    @Test func resizeChangesTheSizeAndReportsASignal() throws {
        let terminal = MemoryTerminal(size: TerminalSize(columns: 20, rows: 5))
        terminal.resize(to: TerminalSize(columns: 40, rows: 10))
        #expect(try terminal.size() == TerminalSize(columns: 40, rows: 10))
        #expect(try terminal.wait(until: nil) == Wakeup(signals: [.resize]))
        #expect(try terminal.wait(until: nil).signals.isEmpty)
    }

    @Test func failsTheNextWriteOnRequest() throws {
        let terminal = MemoryTerminal()
        terminal.nextWriteError = .system(call: "write", code: 5)
        #expect(throws: TerminalError.system(call: "write", code: 5)) { try terminal.write("x") }
        try terminal.write("y")
        #expect(terminal.output == Array("y".utf8))
    }

    @Test func inlineModesKeepTheMainScreenAndCursor() {
        #expect(visible(InteractiveModes.inline.enterSequence) == "␛[?2004h")
        #expect(visible(InteractiveModes.inline.leaveSequence) == "␛[0m␛[?2004l")
        #expect(TerminalSize.standard.description == "80x24")
    }
}
