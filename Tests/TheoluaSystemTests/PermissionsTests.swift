import Testing
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Permissions are data checked in one place; a denial names the flag that would allow
/// the call, and `..` and links cannot leave a granted folder.
@Suite struct PermissionsTests {
    @Test func nothingIsGrantedByDefault() {
        let none = Permissions()
        #expect(throws: PermissionDenied.self) { try none.check(run: "ls", searchPath: "/usr/bin:/bin", folder: "/") }
        #expect(throws: PermissionDenied.self) { try none.check(read: "/etc/hostname", folder: "/") }
    }

    @Test func aDeniedCommandNamesBothFlags() throws {
        let error = try #require(throws: PermissionDenied.self) {
            try Permissions().check(run: "ls", searchPath: "/usr/bin:/bin", folder: "/")
        }
        #expect(
            error.description == #"running "ls" is not allowed: start theolua with --allow-run (or --allow-run=ls)"#)
    }

    @Test func listedCommandsMatchByNameOrByTheirExecutable() throws {
        let permissions = Permissions(run: .only(["ls"]))
        let path = "/usr/bin:/bin"
        let found = try permissions.check(run: "ls", searchPath: path, folder: "/")
        #expect(found.hasSuffix("/ls"))
        // The same program by its path is the same command.
        #expect(try permissions.check(run: found, searchPath: path, folder: "/") == found)
        #expect(throws: PermissionDenied.self) { try permissions.check(run: "cat", searchPath: path, folder: "/") }
    }

    @Test func aCommandOfTheSameNameElsewhereIsNotTheListedOne() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let fake = scratch.write("ls", "#!/bin/sh\necho fake\n")
        chmodExecutable(fake)
        let permissions = Permissions(run: .only(["ls"]))
        #expect(throws: PermissionDenied.self) {
            try permissions.check(run: "./ls", searchPath: "/usr/bin:/bin", folder: scratch.path)
        }
    }

    @Test func aMissingCommandSaysSoOnceAllowed() throws {
        let error = try #require(throws: PermissionDenied.self) {
            try Permissions.all.check(run: "no-such-command-here", searchPath: "/usr/bin", folder: "/")
        }
        #expect(error.description == #"running "no-such-command-here": no such command"#)
    }

    @Test func readingStaysInsideTheGrantedFolders() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let data = scratch.folder("data")
        let secret = scratch.folder("secret")
        scratch.write("data/a.txt", "a")
        scratch.write("secret/s.txt", "s")
        scratch.link("data/link.txt", to: secret + "/s.txt")
        scratch.link("data/up", to: "..")
        let permissions = Permissions(read: .only([data]))
        #expect(try permissions.check(read: "a.txt", folder: data) == Paths.resolved(data) + "/a.txt")
        #expect(try permissions.check(read: "new/not-yet.txt", folder: data).hasSuffix("/data/new/not-yet.txt"))
        for escape in ["../secret/s.txt", "link.txt", "up/secret/s.txt", "./../data/../secret", "/etc/passwd"] {
            #expect(throws: PermissionDenied.self, "\(escape)") { try permissions.check(read: escape, folder: data) }
        }
        // A name that only starts like the folder is not inside it.
        let sibling = scratch.folder("data2")
        #expect(throws: PermissionDenied.self) { try permissions.check(read: sibling, folder: data) }
    }

    @Test func aDeniedReadNamesTheFolderThatWouldAllowIt() throws {
        let error = try #require(throws: PermissionDenied.self) {
            try Permissions(read: .only(["/nonexistent-grant"])).check(read: "/etc/hostname", folder: "/")
        }
        #expect(
            error.description
                == #"reading "/etc/hostname" is not allowed: start theolua with --allow-read (or --allow-read=/etc)"#)
    }

    @Test func resolvingAppliesDotDotAfterLinks() {
        #expect(Paths.resolved("/tmp/../tmp/./nonexistent/../x") == Paths.resolved("/tmp") + "/x")
        #expect(Paths.isInside("/a/b", "/a"))
        #expect(!Paths.isInside("/ab", "/a"))
        #expect(Paths.isInside("/anything", "/"))
    }
}

/// Reading files refuses what could hang or flood the app.
@Suite struct FilesTests {
    @Test func aFifoOrADeviceIsRefusedAtOnce() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let fifo = scratch.path + "/pipe"
        mkfifo(fifo, 0o600)
        let started = ContinuousClock.now
        let gate = FileGate(.all, relativeTo: "/")
        #expect(throws: FileGate.Failure.notAFile(kind: "FIFO")) { try gate.read(fifo, limit: 1 << 20) }
        #expect(throws: FileGate.Failure.notAFile(kind: "device")) { try gate.read("/dev/zero", limit: 1 << 20) }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(try gate.read(scratch.write("a.txt", "abc"), limit: 10) == Array("abc".utf8))
        #expect(throws: FileGate.Failure.self) { try gate.read(scratch.write("b.txt", "0123456789ab"), limit: 10) }
    }
}

func chmodExecutable(_ path: String) {
    chmod(path, 0o755)
}
