import Testing

@testable import TheoluaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("PollWaiter")
struct PollWaiterTests {
    @Test func reportsInputThatIsAlreadyWaiting() throws {
        let pipe = TestPipe()
        pipe.send("x")
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: nil).wait(until: nil)
        #expect(wakeup == Wakeup(inputReady: true))
    }

    @Test func reportsTheDeadlineNotEarlierThanItIs() throws {
        let pipe = TestPipe()
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(30)
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: nil).wait(until: deadline)
        #expect(wakeup == Wakeup(deadlineReached: true))
        #expect(ContinuousClock.now >= deadline)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func reportsAPastDeadlineAtOnce() throws {
        let pipe = TestPipe()
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: nil).wait(until: .now - .seconds(1))
        #expect(wakeup.deadlineReached)
    }

    @Test func wakesForInputArrivingFromAnotherThread() throws {
        let pipe = TestPipe()
        // A plain thread, not a task: the test pool may be busy with blocking tests, and
        // the writer must run while this test blocks in poll.
        var thread = pthread_t()
        let descriptor = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        descriptor.pointee = pipe.writeEnd
        let started = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                usleep(20_000)
                var byte = UInt8(ascii: "k")
                _ = write(argument.assumingMemoryBound(to: Int32.self).pointee, &byte, 1)
                return nil
            }, descriptor)
        #expect(started == 0)
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: nil).wait(until: .now + .seconds(5))
        #expect(wakeup.inputReady)
        pthread_join(thread, nil)
        descriptor.deallocate()
    }

    @Test func reportsSignalsFromTheSelfPipe() throws {
        let pipe = TestPipe()
        let watcher = try SignalWatcher.detached()
        watcher.simulate(.resize)
        watcher.simulate(.resize)
        watcher.simulate(.terminate)
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: watcher).wait(until: nil)
        #expect(wakeup == Wakeup(signals: [.resize, .terminate]))
        #expect(watcher.drain().isEmpty)
    }

    @Test func reportsInputAndSignalsTogether() throws {
        let pipe = TestPipe()
        pipe.send("a")
        let watcher = try SignalWatcher.detached()
        watcher.simulate(.resume)
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: watcher).wait(until: .now + .seconds(1))
        #expect(wakeup == Wakeup(inputReady: true, signals: [.resume]))
    }

    @Test func reportsAClosedInputAsReadySoTheReadSeesEndOfFile() throws {
        let pipe = TestPipe()
        pipe.closeWriteEnd()
        let wakeup = try PollWaiter(input: pipe.readEnd, signals: nil).wait(until: .now + .seconds(1))
        #expect(wakeup.inputReady)
        #expect(throws: TerminalError.inputClosed) { try POSIX.readAvailable(pipe.readEnd) }
    }

    @Test func roundsTimeoutsUpToWholeMilliseconds() {
        #expect(PollWaiter.timeoutMilliseconds(until: nil) == -1)
        #expect(PollWaiter.timeoutMilliseconds(until: .now - .seconds(1)) == 0)
        let soon = PollWaiter.timeoutMilliseconds(until: .now + .microseconds(10))
        #expect(soon == 1 || soon == 0)
        let later = PollWaiter.timeoutMilliseconds(until: .now + .milliseconds(1500))
        #expect((1499...1500).contains(later))
    }
}
