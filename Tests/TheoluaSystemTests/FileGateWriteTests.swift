import Testing
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write gate: what it makes, replaces, appends to, removes and renames stays below
/// the grant, a link at the name is never written through, and a denial names
/// `--allow-write`.
@Suite struct FileGateWriteTests {
    /// A scratch folder with `granted/` (the write grant) and `outside/victim.txt`.
    struct Setting {
        let scratch = Scratch()
        var granted: String { scratch.path + "/granted" }
        var outside: String { scratch.path + "/outside" }
        let gate: FileGate

        init() {
            mkdir(scratch.path + "/granted", 0o755)
            mkdir(scratch.path + "/outside", 0o755)
            scratch.write("outside/victim.txt", "untouched")
            gate = FileGate(.only([scratch.path + "/granted"]), relativeTo: scratch.path + "/granted", for: .write)
        }

        func read(_ path: String) -> String? {
            guard let file = fopen(path, "rb") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            while true {
                let byte = fgetc(file)
                if byte == EOF { break }
                bytes.append(UInt8(byte))
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        func mode(_ path: String) -> mode_t {
            var info = stat()
            return lstat(path, &info) == 0 ? info.st_mode : 0
        }
    }

    @Test func replacingWritesTheWholeFileAndKeepsItsPermissions() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        try setting.gate.replaceFile("note.txt", with: Array("first".utf8), followingLinks: true)
        #expect(setting.read(setting.granted + "/note.txt") == "first")
        chmod(setting.granted + "/note.txt", 0o600)
        try setting.gate.replaceFile("note.txt", with: Array("second".utf8), followingLinks: true)
        #expect(setting.read(setting.granted + "/note.txt") == "second")
        #expect(setting.mode(setting.granted + "/note.txt") & 0o777 == 0o600)
        // No temporary file is left behind.
        #expect(Files.names(setting.granted) == ["note.txt"])
    }

    @Test func aLinkAtTheNameIsReplacedNotWrittenThrough() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        symlink(setting.outside + "/victim.txt", setting.granted + "/link")
        try setting.gate.replaceFile("link", with: Array("mine".utf8), followingLinks: true)
        #expect(setting.read(setting.outside + "/victim.txt") == "untouched")
        #expect(setting.mode(setting.granted + "/link") & S_IFMT == S_IFREG)
        #expect(setting.read(setting.granted + "/link") == "mine")
    }

    @Test func aVeryLongNameIsReplacedThroughAShortTemporaryName() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        let name = String(repeating: "n", count: 255)
        try setting.gate.replaceFile(name, with: Array("long".utf8), followingLinks: true)
        #expect(setting.read(setting.granted + "/" + name) == "long")
        #expect(throws: FileGate.Failure.self) {
            try setting.gate.replaceFile(name + "n", with: [], followingLinks: true)
        }
    }

    @Test func appendingAddsAtTheEndAndMakesAMissingFile() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        try setting.gate.appendFile("log.txt", with: Array("a\n".utf8), followingLinks: true)
        try setting.gate.appendFile("log.txt", with: Array("b\n".utf8), followingLinks: true)
        #expect(setting.read(setting.granted + "/log.txt") == "a\nb\n")
    }

    @Test func appendingRefusesALinkAFolderAndAFifo() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        symlink(setting.outside + "/victim.txt", setting.granted + "/link")
        mkdir(setting.granted + "/folder", 0o755)
        mkfifo(setting.granted + "/pipe", 0o644)
        for name in ["link", "folder", "pipe"] {
            #expect(throws: FileGate.Failure.self, "\(name)") {
                try setting.gate.appendFile(name, with: Array("x".utf8), followingLinks: true)
            }
        }
        #expect(setting.read(setting.outside + "/victim.txt") == "untouched")
        let failure = try #require(throws: FileGate.Failure.self) {
            try setting.gate.appendFile("pipe", with: [], followingLinks: true)
        }
        #expect(failure == .notAFile(kind: "FIFO"))
    }

    @Test func removingTakesAFileALinkOrAnEmptyFolder() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        setting.scratch.write("granted/file", "x")
        symlink(setting.outside + "/victim.txt", setting.granted + "/link")
        mkdir(setting.granted + "/full", 0o755)
        setting.scratch.write("granted/full/entry", "x")
        try setting.gate.remove("file", followingLinks: true)
        try setting.gate.remove("link", followingLinks: true)
        #expect(setting.read(setting.outside + "/victim.txt") == "untouched")
        let failure = try #require(throws: FileGate.Failure.self) {
            try setting.gate.remove("full", followingLinks: true)
        }
        #expect(failure == .failed("is a folder that is not empty"))
        try setting.gate.remove("full/entry", followingLinks: true)
        try setting.gate.remove("full", followingLinks: true)
        #expect(Files.names(setting.granted).isEmpty)
        // The granted folder itself is not below the grant.
        #expect(throws: FileGate.Failure.self) { try setting.gate.remove(setting.granted, followingLinks: true) }
    }

    @Test func renamingStaysBelowTheGrant() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        setting.scratch.write("granted/a", "moved")
        try setting.gate.makeFolders("sub/deeper", followingLinks: true)
        try setting.gate.rename("a", to: "sub/deeper/b", followingLinks: true)
        #expect(setting.read(setting.granted + "/sub/deeper/b") == "moved")
        let out = try #require(throws: FileGate.Failure.self) {
            try setting.gate.rename("sub/deeper/b", to: setting.outside + "/b", followingLinks: true)
        }
        guard case .denied(let denial) = out else {
            Issue.record("expected a denial, got \(out)")
            return
        }
        #expect(denial.description.contains("--allow-write"))
        #expect(throws: FileGate.Failure.self) {
            try setting.gate.rename(setting.outside + "/victim.txt", to: "stolen", followingLinks: true)
        }
    }

    @Test func aGrantedFileCanBeWrittenButNotItsNeighbours() throws {
        let setting = Setting()
        defer { setting.scratch.remove() }
        setting.scratch.write("granted/only.txt", "old")
        let gate = FileGate(.only([setting.granted + "/only.txt"]), relativeTo: setting.granted, for: .write)
        try gate.replaceFile("only.txt", with: Array("new".utf8), followingLinks: true)
        try gate.appendFile("only.txt", with: Array("er".utf8), followingLinks: true)
        #expect(setting.read(setting.granted + "/only.txt") == "newer")
        #expect(throws: FileGate.Failure.self) { try gate.replaceFile("other.txt", with: [], followingLinks: true) }
    }

    @Test func aDeniedWriteNamesTheWriteFlag() throws {
        let gate = FileGate(.none, relativeTo: "/tmp", for: .write)
        let failure = try #require(throws: FileGate.Failure.self) {
            try gate.replaceFile("note.txt", with: [], followingLinks: true)
        }
        // The narrow grant too: the folder the file would be in.
        #expect(
            failure.description
                == #"writing "note.txt" is not allowed: start theolua with --allow-write (or --allow-write=/tmp)"#)
        let reading = FileGate(.none, relativeTo: "/srv/app")
        let refused = try #require(throws: FileGate.Failure.self) { try reading.openFile("notes/../data/a.txt") }
        #expect(
            refused.description
                == #"reading "notes/../data/a.txt" is not allowed: start theolua with --allow-read (or --allow-read=/srv/app/data)"#)
    }
}

extension Files {
    /// The names in the folder at `path`, sorted (none when it cannot be read).
    static func names(_ path: String) -> [String] {
        ((try? FileGate(.all, relativeTo: "/").list(path, followingLinks: false)) ?? []).map(\.name)
    }
}
