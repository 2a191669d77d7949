#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pty functions; Glibc's module map hides them behind feature macros, so on
/// Linux they are looked up at run time. For tests that play a terminal emulator.
package enum PTY {
    #if canImport(Darwin)
        package static func openController(_ flags: Int32) -> Int32 { posix_openpt(flags) }
        package static func grant(_ descriptor: Int32) -> Int32 { grantpt(descriptor) }
        package static func unlock(_ descriptor: Int32) -> Int32 { unlockpt(descriptor) }
        package static func name(_ descriptor: Int32) -> String? { ptsname(descriptor).map { String(cString: $0) } }
    #else
        private typealias IntFunction = @convention(c) (Int32) -> Int32
        private typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

        private static func function<F>(_ name: String, as type: F.Type) -> F? {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }

        package static func openController(_ flags: Int32) -> Int32 {
            function("posix_openpt", as: IntFunction.self)?(flags) ?? -1
        }
        package static func grant(_ descriptor: Int32) -> Int32 {
            function("grantpt", as: IntFunction.self)?(descriptor) ?? -1
        }
        package static func unlock(_ descriptor: Int32) -> Int32 {
            function("unlockpt", as: IntFunction.self)?(descriptor) ?? -1
        }
        package static func name(_ descriptor: Int32) -> String? {
            guard let ptsname = function("ptsname_r", as: NameFunction.self) else { return nil }
            var buffer = [CChar](repeating: 0, count: 128)
            guard ptsname(descriptor, &buffer, buffer.count) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    #endif
}

extension PTY {
    /// A program started on a new pseudo-terminal by ``spawn(_:_:environment:columns:rows:)``.
    package struct Spawned {
        /// The controller side: what a terminal emulator (or a server relaying one) reads
        /// the program's output from and writes its keys to.
        package let controller: Int32
        /// The replica side, still open here (the caller closes it, or keeps it to read
        /// its modes).
        package let replica: Int32
        package let pid: pid_t
        /// The replica's modes before the program started.
        package let initialModes: termios?
    }

    /// Why a program could not be started on a pseudo-terminal.
    package struct SpawnError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts `executable arguments` with `environment` on a new `columns`×`rows`
    /// pseudo-terminal, as a terminal emulator starts a shell: in a session of its own
    /// whose controlling terminal is the pty (so resizing the pty sends it SIGWINCH, and
    /// closing the controller sends it SIGHUP), with every signal unblocked and at its
    /// default action. Both sides are close-on-exec.
    package static func spawn(
        _ executable: String, _ arguments: [String], environment: [String], columns: Int, rows: Int
    ) throws(SpawnError) -> Spawned {
        let controller = openController(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard controller >= 0 else { throw SpawnError(description: "posix_openpt failed: \(errno)") }
        guard grant(controller) == 0, unlock(controller) == 0, let name = name(controller) else {
            close(controller)
            throw SpawnError(description: "grantpt, unlockpt or ptsname failed: \(errno)")
        }
        let replica = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard replica >= 0 else {
            close(controller)
            throw SpawnError(description: "cannot open \(name): \(errno)")
        }
        resize(controller, columns: columns, rows: rows)
        var modes = termios()
        let initialModes = tcgetattr(replica, &modes) == 0 ? modes : nil

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid, without O_NOCTTY: the pty becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Threads of the caller may block signals, and a spawned child inherits the mask
        // (then SIGWINCH and SIGHUP would never reach it).
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        sigdelset(&allSignals, SIGKILL)
        sigdelset(&allSignals, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(
            &attributes, Int16(spawnSetSID | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(replica)
            close(controller)
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        return Spawned(controller: controller, replica: replica, pid: pid, initialModes: initialModes)
    }

    /// Sets the size of the pty whose controller is `controller`; the session on it gets
    /// SIGWINCH.
    package static func resize(_ controller: Int32, columns: Int, rows: Int) {
        var window = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    }

    /// This process's environment, as `NAME=value` entries.
    package static func environment() -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            result.append(String(cString: entry))
            pointer += 1
        }
        return result
    }

    #if canImport(Darwin)
        static let spawnSetSID = Int32(POSIX_SPAWN_SETSID)
    #else
        /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), hidden behind `_GNU_SOURCE`.
        static let spawnSetSID: Int32 = 0x80
    #endif
}
