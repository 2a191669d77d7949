import Testing
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saves as editors make them are seen once they settle.
@Suite struct FileWatcherTests {
    private func write(_ path: String, _ text: String) {
        guard let file = fopen(path, "wb") else { return }
        fputs(text, file)
        fclose(file)
    }

    /// Polls the watcher for up to two seconds; returns whether it reported a change.
    private func settles(_ watcher: FileWatcher) -> Bool {
        let end = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < end {
            if watcher.poll() { return true }
            usleep(5_000)
        }
        return false
    }

    @Test func aRenameOverSaveIsSeen() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let dir = scratch.path
        let app = dir + "/app.lua"
        write(app, "return 1")
        let watcher = FileWatcher()
        watcher.watch([app])
        #expect(!watcher.poll())
        write(dir + "/app.lua.tmp", "return 2")
        rename(dir + "/app.lua.tmp", app)
        #expect(settles(watcher))
        #expect(!watcher.poll())
    }

    @Test func aTruncateThenWriteSaveIsSeenOnce() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let dir = scratch.path
        let app = dir + "/app.lua"
        write(app, "return 1")
        let watcher = FileWatcher()
        watcher.watch([app])
        truncate(app, 0)
        write(app, "return 22")
        #expect(settles(watcher))
        #expect(!settles(watcher))
    }

    @Test func otherFilesInTheFolderAreIgnored() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let dir = scratch.path
        let app = dir + "/app.lua"
        write(app, "return 1")
        let watcher = FileWatcher()
        watcher.watch([app])
        write(dir + "/notes.txt", "unrelated")
        #expect(!settles(watcher))
    }

    #if os(Linux)
        @Test func onLinuxTheWatcherSleepsOnADescriptor() {
            let scratch = Scratch()
            defer { scratch.remove() }
            let dir = scratch.path
            let watcher = FileWatcher()
            watcher.watch([dir + "/app.lua"])
            #expect(watcher.descriptor != nil)
            #expect(watcher.nextDeadline == nil)
        }
    #endif
}
