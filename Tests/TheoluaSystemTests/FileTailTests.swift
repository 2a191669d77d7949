import Testing
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Following growing files and watching paths.
@Suite struct FileTailTests {
    final class Lines {
        var all: [String] = []
    }

    func tail(_ path: String, fromStart: Bool) -> (FileTail, Lines, IOReactor) {
        let reactor = IOReactor()
        let tail = FileTail(path: path, fromStart: fromStart, gate: FileGate(.all, relativeTo: "/"))
        let lines = Lines()
        tail.onLines = { batch in lines.all += batch.map { String(decoding: $0, as: UTF8.self) } }
        reactor.add(tail)
        if fromStart { tail.readNow() }
        return (tail, lines, reactor)
    }

    func service(_ reactor: IOReactor, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(5)
        while !done() && ContinuousClock.now < deadline {
            reactor.wait(until: min(deadline, .now + .milliseconds(300)))
        }
    }

    @Test func newLinesArriveFromTheEnd() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let file = scratch.write("app.log", "old 1\nold 2\n")
        let (follower, lines, reactor) = tail(file, fromStart: false)
        scratch.write("app.log", "new 1\nnew", appending: true)
        service(reactor) { lines.all.count >= 1 }
        #expect(lines.all == ["new 1"])
        scratch.write("app.log", " 2\n", appending: true)
        service(reactor) { lines.all.count >= 2 }
        #expect(lines.all == ["new 1", "new 2"])
        follower.stop()
        #expect(reactor.activeSources.isEmpty)
    }

    @Test func fromTheStartReadsWhatIsThere() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let file = scratch.write("app.log", "a\nb\n")
        let (_, lines, _) = tail(file, fromStart: true)
        #expect(lines.all == ["a", "b"])
    }

    @Test func truncationAndRotationAreFollowed() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let file = scratch.write("app.log", "")
        let (_, lines, reactor) = tail(file, fromStart: false)
        scratch.write("app.log", "one\ntwo\n", appending: true)
        service(reactor) { lines.all.count >= 2 }
        scratch.write("app.log", "after truncation\n")  // truncated and rewritten
        service(reactor) { lines.all.count >= 3 }
        rename(file, file + ".1")
        scratch.write("app.log", "rotated\n")
        service(reactor) { lines.all.count >= 4 }
        #expect(lines.all == ["one", "two", "after truncation", "rotated"])
    }

    @Test func aMissingFileIsFollowedOnceCreated() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let (_, lines, reactor) = tail(scratch.path + "/later.log", fromStart: false)
        scratch.write("later.log", "first\n")
        service(reactor) { !lines.all.isEmpty }
        #expect(lines.all == ["first"])
    }

    @Test func aWatchReportsASettledChangeOnce() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let folder = scratch.folder("repo")
        let reactor = IOReactor()
        let watch = PathWatch(path: folder, settle: .milliseconds(30))
        var changes = 0
        watch.onChange = { changes += 1 }
        reactor.add(watch)
        scratch.write("repo/a", "1")
        scratch.write("repo/b", "2")
        service(reactor) { changes > 0 }
        #expect(changes == 1)
        scratch.write("repo/a", "3", appending: true)
        service(reactor) { changes > 1 }
        #expect(changes == 2)
        watch.stop()
        #expect(reactor.activeSources.isEmpty)
    }
}
