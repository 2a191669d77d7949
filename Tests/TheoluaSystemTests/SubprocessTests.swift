import Testing
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Processes started without a shell, read by the reactor on this thread.
@Suite struct SubprocessTests {
    /// What a process printed and how it ended, serviced until it is reported.
    final class Record {
        var stdout = LineSplitter()
        var stderr = LineSplitter()
        var lines: [String] = []
        var termination: Subprocess.Termination?
    }

    /// The jobs the processes of one test belong to.
    let jobs = ProcessJobs()

    func start(_ script: String, input: String? = nil, folder: String? = nil) throws -> (Subprocess, Record) {
        let process = try Subprocess(
            executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH=/usr/bin:/bin", "GREETING=hi"],
            folder: folder, jobs: jobs)
        let record = Record()
        process.onOutput = { stream, bytes in
            let lines = stream == .stdout ? record.stdout.feed(bytes) : record.stderr.feed(bytes)
            for line in lines {
                record.lines.append((stream == .stdout ? "out " : "err ") + String(decoding: line, as: UTF8.self))
            }
        }
        process.onExit = { termination in
            if let last = record.stdout.finish() { record.lines.append("out " + String(decoding: last, as: UTF8.self)) }
            record.termination = termination
        }
        if let input {
            process.write(Array(input.utf8))
            process.closeInput()
        }
        return (process, record)
    }

    func serviceUntilReported(_ reactor: IOReactor, _ record: Record, seconds: Double = 10) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while record.termination == nil && ContinuousClock.now < deadline {
            reactor.wait(until: deadline)
        }
    }

    @Test func outputArrivesAsLinesBeforeTheExit() throws {
        let reactor = IOReactor()
        let (process, record) = try start("echo one; echo \"$GREETING\" >&2; printf 'three\\r\\nfour'; exit 3")
        reactor.add(process)
        serviceUntilReported(reactor, record)
        #expect(record.termination == Subprocess.Termination(code: 3, signal: nil))
        #expect(record.lines.filter { $0.hasPrefix("out") } == ["out one", "out three", "out four"])
        #expect(record.lines.contains("err hi"))
        #expect(reactor.activeSources.isEmpty)
    }

    @Test func standardInputIsWrittenAndClosed() throws {
        let reactor = IOReactor()
        let (process, record) = try start("tr a-z A-Z", input: "milk\neggs\n")
        reactor.add(process)
        serviceUntilReported(reactor, record)
        #expect(record.lines == ["out MILK", "out EGGS"])
        #expect(record.termination?.code == 0)
    }

    @Test func writingToAProcessThatClosedItsInputIsHarmless() throws {
        let reactor = IOReactor()
        let (process, record) = try start(
            "exec 0<&-; sleep 0.1; echo done", input: String(repeating: "x", count: 1 << 20))
        reactor.add(process)
        serviceUntilReported(reactor, record)
        #expect(record.lines == ["out done"])
        #expect(record.termination?.code == 0)
    }

    @Test func theWorkingFolderIsTheOneGiven() throws {
        let reactor = IOReactor()
        let (process, record) = try start("pwd -P", folder: "/")
        reactor.add(process)
        serviceUntilReported(reactor, record)
        #expect(record.lines == ["out /"])
    }

    @Test func terminatingEndsTheProcessAndWhatItStarted() throws {
        let reactor = IOReactor()
        let (process, record) = try start("sleep 30 & echo $!; wait")
        reactor.add(process)
        var child: pid_t = 0
        let deadline = ContinuousClock.now + .seconds(10)
        while record.lines.isEmpty && ContinuousClock.now < deadline { reactor.wait(until: deadline) }
        child = pid_t(record.lines.first?.dropFirst(4) ?? "") ?? 0
        #expect(child > 0)
        process.end(grace: .seconds(2))
        serviceUntilReported(reactor, record)
        #expect(record.termination?.signal == SIGTERM)
        // The grandchild got the signal too, with its group.
        #expect(processEnds(child))
    }

    @Test func aProcessIgnoringTermIsKilledAfterTheGrace() throws {
        let reactor = IOReactor()
        let (process, record) = try start("trap '' TERM; echo ready; while :; do sleep 0.05; done")
        reactor.add(process)
        let deadline = ContinuousClock.now + .seconds(10)
        while record.lines.isEmpty && ContinuousClock.now < deadline { reactor.wait(until: deadline) }
        process.end(grace: .milliseconds(100))
        serviceUntilReported(reactor, record)
        #expect(record.termination?.signal == SIGKILL)
    }

    @Test func endingWaitsAndReaps() throws {
        let (process, _) = try start("sleep 30")
        let (stubborn, _) = try start("trap '' TERM; while :; do sleep 0.05; done")
        usleep(100_000)  // the trap is set
        let started = ContinuousClock.now
        jobs.end([process, stubborn], grace: .milliseconds(300))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(stubborn.termination?.signal == SIGKILL)
        #expect(!process.isRunning)
        #expect(processEnds(process.pid))
    }

    @Test func aFloodOfOutputIsReadABudgetAtATime() throws {
        let reactor = IOReactor()
        reactor.readBudget = 16 * 1024
        let (process, record) = try start("seq 1 100000")
        reactor.add(process)
        var services = 0
        let deadline = ContinuousClock.now + .seconds(20)
        while record.termination == nil && ContinuousClock.now < deadline {
            if reactor.wait(until: deadline) { services += 1 }
        }
        #expect(record.lines.count == 100_000)
        #expect(record.lines.last == "out 100000")
        #expect(services >= 30)  // 589 KB in 16 KB reads: the loop got its turns between them
    }

    @Test func linesAreCutAtTheLimit() {
        var splitter = LineSplitter(limit: 4)
        #expect(splitter.feed(Array("abcdefg\nh".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["abcd", "efg"])
        #expect(splitter.finish().map { String(decoding: $0, as: UTF8.self) } == "h")
        #expect(splitter.finish() == nil)
    }
}
