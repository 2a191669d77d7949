import Testing

@testable import TheoluaTerminal

#if os(Linux) && canImport(Glibc)
    import Glibc

    /// The terminal is restored however the process ends. Each case runs this test
    /// binary again as a child on a pseudo-terminal; the child (selected by an
    /// environment variable) enters interactive mode and then ends in one way; the
    /// parent checks the exit status and that the pty's settings are back as before.
    ///
    /// Linux only: it relies on re-running the test binary directly.
    @Suite("Exit paths", .serialized)
    struct ExitPathTests {
        static let childVariable = "THEOLUA_TERMINAL_EXIT_PATH"

        @Test(arguments: [
            ("sigterm", ChildEnd.signal(SIGTERM)),
            ("sigint", ChildEnd.signal(SIGINT)),
            ("sighup", ChildEnd.signal(SIGHUP)),
            ("second-sigterm", ChildEnd.signal(SIGTERM)),
            ("abort", ChildEnd.signal(SIGABRT)),
            ("exit", ChildEnd.status(3)),
            ("exit-process", ChildEnd.signal(SIGTERM)),
            ("suspend", ChildEnd.signal(SIGTERM)),
        ])
        func restoresTheTerminalOnEveryExitPath(_ path: String, _ expected: ChildEnd) throws {
            guard getenv(Self.childVariable) == nil else { return }
            let pty = try #require(PseudoTerminal())
            let before = try RawMode.settings(of: pty.replica)
            let end = try Self.runChild(path, on: pty)
            #expect(end == expected)
            let after = try RawMode.settings(of: pty.replica)
            #expect(Self.same(before, after), "termios not restored after \(path)")
            let output = visible(pty.readOutput(firstByteTimeout: 500))
            #expect(output.hasPrefix("␛[?1049h␛[?25l␛[?2004h␛[?1000h␛[?1002h␛[?1006h␛[?u"))
            #expect(output.hasSuffix("␛[0m␛[<u␛[?1006l␛[?1002l␛[?1000l␛[?2004l␛[?25h␛[?1049l"))
        }

        /// The child's side: does nothing unless run as a child by the test above.
        @Test func childProcessEndsInTheRequestedWay() throws {
            guard let variable = getenv(Self.childVariable) else { return }
            let path = String(cString: variable)
            let reports = path == "second-sigterm" || path == "exit-process" || path == "suspend"
            let terminal = TTYTerminal(input: STDIN_FILENO, output: STDIN_FILENO, reportsTermination: reports)
            if path == "suspend" {
                // A termination reported just before a ctrl+z that the app turns into a
                // stop is among the events after it (the child leads its own session,
                // so the stop itself does not happen).
                let session = try TerminalSession(device: terminal)
                kill(getpid(), SIGTERM)
                try session.suspend()
                if try session.nextEvents(until: .now + .seconds(5)).contains(.terminate(.terminate)) {
                    session.close()
                    TerminalSignal.terminate.exitProcess()
                }
                exit(99)
            }
            try terminal.enterInteractiveMode(.fullScreen)
            switch path {
            case "sigterm", "second-sigterm": kill(getpid(), SIGTERM)
            case "sigint": kill(getpid(), SIGINT)
            case "sighup": kill(getpid(), SIGHUP)
            case "abort": abort()
            case "exit": exit(3)
            case "exit-process":
                kill(getpid(), SIGTERM)
                let wakeup = try terminal.wait(until: .now + .seconds(5))
                if wakeup.signals.contains(.terminate) { TerminalSignal.terminate.exitProcess() }
            default: break
            }
            if path == "second-sigterm" {
                _ = try terminal.wait(until: .now + .seconds(5))
                kill(getpid(), SIGTERM)
            }
            sleep(5)
            exit(99)  // never reached when the path works
        }

        private static func runChild(_ path: String, on pty: PseudoTerminal) throws -> ChildEnd {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pty.replica, STDIN_FILENO)
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            let arguments = [
                CommandLine.arguments[0], "--testing-library", "swift-testing",
                "--filter", "childProcessEndsInTheRequestedWay",
            ]
            var environment: [String] = []
            var entry = environ
            while let pointer = entry.pointee {
                let variable = String(cString: pointer)
                if !variable.hasPrefix("SWIFT_BACKTRACE=") { environment.append(variable) }
                entry += 1
            }
            environment.append("\(childVariable)=\(path)")
            // The child dies on purpose: Swift's crash backtracer would only slow that
            // down, and under AddressSanitizer its memory reads are reported as errors.
            environment.append("SWIFT_BACKTRACE=enable=no")
            var argv = arguments.map { strdup($0) } + [nil]
            var envp = environment.map { strdup($0) } + [nil]
            defer {
                (argv + envp).forEach { free($0) }
            }
            // Its own session, whose SIGTSTP does not stop it (an orphaned process group).
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Self.spawnSetSID)
            var pid: pid_t = 0
            let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
            try #require(result == 0, "posix_spawn failed: \(result)")
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            return signal == 0 ? .status((status >> 8) & 0xFF) : .signal(signal)
        }

        /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), hidden behind `_GNU_SOURCE`.
        private static let spawnSetSID: Int16 = 0x80

        private static func same(_ left: termios, _ right: termios) -> Bool {
            var left = left
            var right = right
            return memcmp(&left, &right, MemoryLayout<termios>.size) == 0
        }
    }

    /// How a child process ended.
    enum ChildEnd: Equatable, Sendable {
        /// Exited with this status.
        case status(Int32)
        /// Killed by this signal.
        case signal(Int32)
    }
#endif
